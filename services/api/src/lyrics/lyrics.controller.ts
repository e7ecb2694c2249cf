import { Body, Controller, Delete, Get, Param, Put, Req, UseInterceptors } from '@nestjs/common';
import { LYRICS_FILE_FIELD, type DeletedResponse, type Lyrics, type SessionUser } from '@tunafy/contracts';
import type { Request } from 'express';
import { CurrentUser } from '../common/auth.decorators.js';
import { LyricsUploadInterceptor } from './lyrics-upload.interceptor.js';
import { LyricsService } from './lyrics.service.js';

@Controller('songs')
export class LyricsController {
  constructor(private readonly lyrics: LyricsService) {}

  @Get(':id/lyrics')
  get(@Param('id') id: string): Promise<Lyrics> {
    return this.lyrics.get(id);
  }

  @Put(':id/lyrics')
  @UseInterceptors(LyricsUploadInterceptor)
  put(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown> | undefined, @Req() req: Request): Promise<Lyrics> {
    const files = req.files as Record<string, Express.Multer.File[] | undefined> | undefined;
    return this.lyrics.put(user, id, body ?? {}, files?.[LYRICS_FILE_FIELD]?.[0]);
  }

  @Delete(':id/lyrics')
  delete(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<DeletedResponse> {
    return this.lyrics.delete(user, id);
  }
}
