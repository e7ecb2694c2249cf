import { Body, Controller, Delete, Get, Param, Post, Put, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { pageQuerySchema, type PageQuery, type SessionUser } from '@tunafy/contracts';
import { CurrentUser, OptionalUser, Public } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { UploadFiles, firstFile, type UploadedFileMap } from '../media/upload.interceptor.js';
import { COVER_FIELD, PlaylistsService } from './playlists.service.js';

// Each route answers what its service method declares (the contracts' Playlist* types).
@Controller('playlists')
export class PlaylistsController {
  constructor(private readonly playlists: PlaylistsService) {}

  @Public()
  @Get()
  list(@OptionalUser() viewer: SessionUser | null, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery) {
    return this.playlists.list(viewer, page);
  }

  @Post('new')
  @UseInterceptors(UploadFiles([{ name: COVER_FIELD, kind: 'image' }]))
  create(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>, @UploadedFiles() files: UploadedFileMap) {
    return this.playlists.create(user, body, firstFile(files, COVER_FIELD));
  }

  @Get(':id')
  get(@Param('id') id: string, @CurrentUser() user: SessionUser) {
    return this.playlists.get(id, user);
  }

  @Get(':id/songs')
  songs(@Param('id') id: string, @CurrentUser() user: SessionUser, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery) {
    return this.playlists.songsOf(id, user, page);
  }

  @Put(':id/songs/order')
  moveSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>) {
    return this.playlists.moveSong(id, user, body);
  }

  @Get(':id/manage')
  manage(@Param('id') userId: string, @CurrentUser() user: SessionUser) {
    return this.playlists.listOwn(userId, user);
  }

  @Put(':id/add')
  @UseInterceptors(UploadFiles([]))
  addSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>) {
    return this.playlists.addSong(id, user, body);
  }

  @Delete(':id/remove')
  @UseInterceptors(UploadFiles([]))
  removeSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>) {
    return this.playlists.removeSong(id, user, body);
  }

  @Delete(':id')
  delete(@Param('id') id: string, @CurrentUser() user: SessionUser) {
    return this.playlists.delete(id, user);
  }
}
