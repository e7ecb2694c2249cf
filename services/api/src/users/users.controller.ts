import { Controller, Get, Param, Query } from '@nestjs/common';
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

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  list(@Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<UsersResponse> {
    return this.users.list(page);
  }

  @Get(':id')
  profile(@Param('id') id: string, @CurrentUser() viewer: SessionUser): Promise<UserProfile> {
    return this.users.profile(id, viewer);
  }

  @Get(':id/songs')
  songs(@Param('id') id: string, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<UserSongsResponse> {
    return this.users.songs(id, page);
  }

  @Get(':id/albums')
  albums(@Param('id') id: string, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<AlbumsResponse> {
    return this.users.albums(id, page);
  }

  @Get(':id/playlists')
  playlists(@Param('id') id: string, @CurrentUser() viewer: SessionUser, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<PlaylistsResponse> {
    return this.users.playlists(id, viewer, page);
  }
}
