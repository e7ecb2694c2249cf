import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  pageQuerySchema,
  type AlbumsResponse,
  type PageQuery,
  type PlaylistsResponse,
  type SessionUser,
  type UserProfile,
  type UserSongsResponse,
  type UsersResponse,
} from '@tunafy/contracts';
import { CurrentUser } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'Ids and usernames of all users (never emails)' })
  list(@Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<UsersResponse> {
    return this.users.list(page);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A user page’s header: id, username, song_count, album_count and the playlist_count the viewer may see' })
  profile(@Param('id') id: string, @CurrentUser() viewer: SessionUser): Promise<UserProfile> {
    return this.users.profile(id, viewer);
  }

  @Get(':id/songs')
  @ApiOperation({ summary: 'The user’s songs, most played first, ties oldest first, each with its plays ({songs, next_cursor, total}); a page with limit and cursor or offset' })
  songs(@Param('id') id: string, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<UserSongsResponse> {
    return this.users.songs(id, page);
  }

  @Get(':id/albums')
  @ApiOperation({ summary: 'The user’s albums, oldest first ({albums, next_cursor, total}); a page with limit and cursor or offset' })
  albums(@Param('id') id: string, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<AlbumsResponse> {
    return this.users.albums(id, page);
  }

  @Get(':id/playlists')
  @ApiOperation({ summary: 'The user’s public playlists, plus their private ones only when you are that user ({playlists, next_cursor, total})' })
  playlists(@Param('id') id: string, @CurrentUser() viewer: SessionUser, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<PlaylistsResponse> {
    return this.users.playlists(id, viewer, page);
  }
}
