import { Body, Controller, HttpCode, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ImportCheckResponse, ImportResponse, SessionUser } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { CurrentUser } from '../common/auth.decorators.js';
import { AudioSpoolInterceptor, type SpooledFiles } from './audio-spool.interceptor.js';
import { UploadsService } from './uploads.service.js';

@ApiTags('uploads')
@Controller('uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('songs')
  @UseInterceptors(AudioSpoolInterceptor)
  @ApiOperation({
    summary:
      'Bulk upload, one audio file per request (multipart: file; optional cover picture; optional title, album, track, disc, year, genre overriding the tags). ' +
      'MP3, FLAC, AAC/ALAC (.m4a), Ogg Vorbis, Opus or WAV by the bytes. 201 {status: "imported", song, album, album_created, cover}; ' +
      '200 {status: "duplicate", song} when the same bytes are already one of your songs. See docs/import.md.',
  })
  async upload(
    @CurrentUser() user: SessionUser,
    @Req() req: Request & { spooled?: SpooledFiles },
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportResponse> {
    const result = await this.uploads.upload(user, req.spooled ?? {}, body ?? {});
    res.status(result.status === 'imported' ? 201 : 200);
    return result;
  }

  @Post('check')
  @HttpCode(200)
  @ApiOperation({ summary: 'Which files (by the SHA-256 of their bytes; JSON {sha256: [...]}) you already have as songs: {duplicates: {hash: song_id}}' })
  check(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<ImportCheckResponse> {
    return this.uploads.check(user, body);
  }
}
