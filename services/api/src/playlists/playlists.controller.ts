import { Body, Controller, Delete, Get, Param, Post, Put, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
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

@Controller('playlists')
export class PlaylistsController {
  constructor(private readonly playlists: PlaylistsService) {}

  @Public()
  @Get()
  list(@OptionalUser() viewer: SessionUser | null, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<PlaylistsResponse> {
    return this.playlists.list(viewer, page);
  }

  @Post('new')
  @UseInterceptors(UploadFiles([{ name: COVER_FIELD, kind: 'image' }]))
  create(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>, @UploadedFiles() files: UploadedFileMap): Promise<Playlist> {
    return this.playlists.create(user, body, firstFile(files, COVER_FIELD));
  }

  @Get(':id')
  get(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<PlaylistDetail> {
    return this.playlists.get(id, user);
  }

  @Get(':id/songs')
  songs(@Param('id') id: string, @CurrentUser() user: SessionUser, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<PlaylistSongsResponse> {
    return this.playlists.songsOf(id, user, page);
  }

  @Put(':id/songs/order')
  moveSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<PlaylistSongPlace> {
    return this.playlists.moveSong(id, user, body);
  }

  @Get(':id/manage')
  manage(@Param('id') userId: string, @CurrentUser() user: SessionUser): Promise<UserPlaylistsResponse> {
    return this.playlists.listOwn(userId, user);
  }

  @Put(':id/add')
  @UseInterceptors(UploadFiles([]))
  addSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<PlaylistSong> {
    return this.playlists.addSong(id, user, body);
  }

  @Delete(':id/remove')
  @UseInterceptors(UploadFiles([]))
  removeSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<PlaylistSongsResponse> {
    return this.playlists.removeSong(id, user, body);
  }

  @Delete(':id')
  delete(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<DeletedResponse> {
    return this.playlists.delete(id, user);
  }
}
