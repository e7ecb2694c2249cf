import { Controller, Get, Logger, Param, Query, Req, Res } from '@nestjs/common';
import type { SessionUser } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception.js';
import { CurrentUser } from '../common/auth.decorators.js';
import { requireId } from '../common/ids.js';
import { sendSongStream } from '../http/send-song-stream.js';
import { SongStreams, streamException } from './song-streams.service.js';
import { webStreamAsk } from '../media/transcoding/stream-plan.js';
import { Transcoder } from '../media/transcoding/transcoder.js';

/** `GET /api/songs/{id}/stream` (docs/streaming.md): the song at the asked quality, for logged-in users as `/api/files` audio is. */
@Controller('songs')
export class StreamingController {
  private readonly logger = new Logger('Streaming');

  constructor(
    private readonly streams: SongStreams,
    private readonly transcoder: Transcoder,
  ) {}

  @Get(':id/stream')
  async stream(@Param('id') rawId: string, @Query() query: Record<string, unknown>, @CurrentUser() user: SessionUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    const id = requireId(rawId, 'song');
    const parsed = webStreamAsk(query);
    if (!parsed.ok) throw ApiException.validation(parsed.errors);
    const song = await this.streams.song(id);
    if (!song) throw ApiException.notFound('Song');
    const prepared = await this.streams.prepare(song, parsed.ask, user.id);
    if (!prepared) throw ApiException.notFound('File');
    const failure = await sendSongStream(req, res, prepared, { transcoder: this.transcoder, reopen: (fileId) => this.streams.reopen(fileId), logger: this.logger });
    if (!failure) return;
    if (failure.kind === 'too-many-transcodes') res.setHeader('Retry-After', String(failure.retryAfterSeconds));
    throw streamException(failure);
  }
}

