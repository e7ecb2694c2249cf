import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { pageQuerySchema, type Album, type AlbumDetail, type AlbumSongsResponse, type DeletedResponse, type PageQuery, type SessionUser } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { ListResponder } from '../http/list-responder.js';
import { CurrentUser, Public } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { UploadFiles, firstFile, type UploadedFileMap } from '../media/upload.interceptor.js';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import { ALBUM_COVER_FIELD, AlbumsService } from './albums.service.js';

const coverUpload = UploadFiles([{ name: ALBUM_COVER_FIELD, kind: 'image' }]);

@Controller('albums')
export class AlbumsController {
  /** The whole list's serialized answer is kept here, per version of the list. */
  private readonly lists = new ListResponder<AlbumRecord>('albums');

  constructor(private readonly albums: AlbumsService) {}

  @Public()
  @Get()
  list(@Query(new ZodPipe(pageQuerySchema)) page: PageQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.albums.list().then((source) => this.lists.send(req, res, page, source));
  }

  // Declared before ':id' so 'current' is not taken for an album id.
  @Get('current/:userId')
  listOwn(@Param('userId') userId: string, @CurrentUser() user: SessionUser): Promise<Album[]> {
    return this.albums.listOwn(userId, user);
  }

  @Post('new')
  @UseInterceptors(coverUpload)
  create(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>, @UploadedFiles() files: UploadedFileMap): Promise<Album> {
    return this.albums.create(user, body, firstFile(files, ALBUM_COVER_FIELD));
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AlbumDetail> {
    return this.albums.get(id);
  }

  @Get(':id/songs')
  songs(@Param('id') id: string, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<AlbumSongsResponse> {
    return this.albums.songsOf(id, page);
  }

  @Put(':id/update')
  @UseInterceptors(coverUpload)
  update(
    @Param('id') id: string,
    @CurrentUser() user: SessionUser,
    @Body() body: Record<string, unknown>,
    @UploadedFiles() files: UploadedFileMap,
  ): Promise<Album> {
    return this.albums.update(user, id, body, firstFile(files, ALBUM_COVER_FIELD));
  }

  @Put(':id/add')
  @UseInterceptors(UploadFiles([]))
  addSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<AlbumSongsResponse> {
    return this.albums.addSong(user, id, body);
  }

  @Put(':id/remove')
  @UseInterceptors(UploadFiles([]))
  removeSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<AlbumSongsResponse> {
    return this.albums.removeSong(user, id, body);
  }

  @Delete(':id')
  delete(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<DeletedResponse> {
    return this.albums.delete(user, id);
  }
}
