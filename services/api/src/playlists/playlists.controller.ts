import { Body, Controller, Delete, Get, Param, Post, Put, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  pageQuerySchema,
  type DeletedResponse,
  type PageQuery,
  type Playlist,
  type PlaylistDetail,
  type PlaylistSong,
  type PlaylistSongPlace,
  type PlaylistSongsResponse,
  type PlaylistsResponse,
  type SessionUser,
  type UserPlaylistsResponse,
} from '@tunafy/contracts';
import { CurrentUser, OptionalUser, Public } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { UploadFiles, firstFile, type UploadedFileMap } from '../media/upload.interceptor.js';
import { COVER_FIELD, PlaylistsService } from './playlists.service.js';

@ApiTags('playlists')
@Controller('playlists')
export class PlaylistsController {
  constructor(private readonly playlists: PlaylistsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Public playlists, plus the viewer’s own private ones (the home page; open to guests)' })
  list(@OptionalUser() viewer: SessionUser | null, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<PlaylistsResponse> {
    return this.playlists.list(viewer, page);
  }

  @Post('new')
  @UseInterceptors(UploadFiles([{ name: COVER_FIELD, kind: 'image' }]))
  @ApiOperation({ summary: 'Create a playlist (multipart: playlist_name, playlist_cover_url file, description, private); the creator is the session user' })
  create(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>, @UploadedFiles() files: UploadedFileMap): Promise<Playlist> {
    return this.playlists.create(user, body, firstFile(files, COVER_FIELD));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One playlist with its song_count and total_duration; someone else’s private playlist answers 404' })
  get(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<PlaylistDetail> {
    return this.playlists.get(id, user);
  }

  @Get(':id/songs')
  @ApiOperation({ summary: 'A playlist’s entries in playlist order (as its creator arranged them; added songs last), each with its song embedded ({playlist_songs, next_cursor, total}); a page with limit and cursor or offset' })
  songs(@Param('id') id: string, @CurrentUser() user: SessionUser, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<PlaylistSongsResponse> {
    return this.playlists.songsOf(id, user, page);
  }

  @Put(':id/songs/order')
  @ApiOperation({
    summary:
      'Move a song of the playlist (creator only; JSON {song_id, after_song_id} or {song_id, before_song_id}, null for the top or the end); answers where it is now. 409 when the named neighbour left the playlist',
  })
  moveSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<PlaylistSongPlace> {
    return this.playlists.moveSong(id, user, body);
  }

  @Get(':id/manage')
  @ApiOperation({ summary: 'The user’s own playlists, private ones included (:id is the user’s id; only your own)' })
  manage(@Param('id') userId: string, @CurrentUser() user: SessionUser): Promise<UserPlaylistsResponse> {
    return this.playlists.listOwn(userId, user);
  }

  @Put(':id/add')
  @UseInterceptors(UploadFiles([]))
  @ApiOperation({ summary: 'Add a song ({song_id} as multipart, urlencoded or JSON); adding it again is a no-op' })
  addSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<PlaylistSong> {
    return this.playlists.addSong(id, user, body);
  }

  @Delete(':id/remove')
  @UseInterceptors(UploadFiles([]))
  @ApiOperation({ summary: 'Remove a song ({song_id}); answers the playlist’s remaining songs' })
  removeSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<PlaylistSongsResponse> {
    return this.playlists.removeSong(id, user, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a playlist with its entries and cover (creator only)' })
  delete(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<DeletedResponse> {
    return this.playlists.delete(id, user);
  }
}
