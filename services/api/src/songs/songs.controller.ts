import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { pageQuerySchema, type DeletedResponse, type PageQuery, type SessionUser, type Song } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { ListResponder } from '../http/list-responder.js';
import { CurrentUser } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { UploadFiles, firstFile, type UploadedFileMap } from '../media/upload.interceptor.js';
import { SongsService } from './songs.service.js';
import type { SongRecord } from '../persistence/songs.repository.js';

export const SONG_COVER_FIELD = 'song_cover_url';
export const SONG_AUDIO_FIELD = 'song_file_url';

const songUploads = UploadFiles([
  { name: SONG_COVER_FIELD, kind: 'image' },
  { name: SONG_AUDIO_FIELD, kind: 'audio' },
]);

@Controller('songs')
export class SongsController {
  /** The whole list's serialized answer is kept here, per version of the list. */
  private readonly lists = new ListResponder<SongRecord>('songs');

  constructor(private readonly songs: SongsService) {}

  @Get()
  list(@Query(new ZodPipe(pageQuerySchema)) page: PageQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.songs.list().then((source) => this.lists.send(req, res, page, source));
  }

  @Post('new')
  @UseInterceptors(songUploads)
  create(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>, @UploadedFiles() files: UploadedFileMap): Promise<Song> {
    return this.songs.create(user, body, { cover: firstFile(files, SONG_COVER_FIELD), audio: firstFile(files, SONG_AUDIO_FIELD) });
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<Song> {
    return this.songs.get(id);
  }

  @Put(':id/update')
  @UseInterceptors(songUploads)
  update(
    @Param('id') id: string,
    @CurrentUser() user: SessionUser,
    @Body() body: Record<string, unknown>,
    @UploadedFiles() files: UploadedFileMap,
  ): Promise<Song> {
    return this.songs.update(user, id, body, { cover: firstFile(files, SONG_COVER_FIELD), audio: firstFile(files, SONG_AUDIO_FIELD) });
  }

  @Delete(':id')
  delete(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<DeletedResponse> {
    return this.songs.delete(user, id);
  }
}
