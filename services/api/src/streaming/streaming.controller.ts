import { stat } from 'node:fs/promises';
import { Controller, Get, Logger, Param, Query, Req, Res } from '@nestjs/common';
import type { SessionUser } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception.js';
import { CurrentUser } from '../common/auth.decorators.js';
import { requireId } from '../common/ids.js';
import { clearMediaHeaders, sendMedia } from '../media/send-media.js';
import { TranscodeFailed } from './ffmpeg.js';
import { sendTranscode } from './send-transcode.js';
import { SongStreams, transcodeException } from './song-streams.js';
import { webStreamAsk } from './stream-plan.js';
import { Transcoder } from './transcoder.js';

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
    if (prepared.kind === 'transcode') {
      let request = prepared.request;
      for (let attempt = 1; ; attempt++) {
        try {
          const outcome = await sendTranscode(req, res, this.transcoder, request, this.logger);
          if (outcome === 'unsatisfiable') throw new ApiException(416, 'RANGE_NOT_SATISFIABLE', 'The requested range is not satisfiable.');
          return;
        } catch (error) {
          // ffmpeg found no input: the local copy was evicted between open and spawn, as the original's send retries.
          const again = error instanceof TranscodeFailed && !res.headersSent && attempt === 1 && !(await exists(request.input.path)) ? await this.streams.reopen(request.input.fileId) : null;
          if (again) {
            request = { ...request, input: { fileId: again.id, path: again.path } };
            continue;
          }
          const answer = transcodeException(error);
          if (!answer) throw error;
          clearMediaHeaders(res);
          if (answer.retryAfter !== undefined) res.setHeader('Retry-After', String(answer.retryAfter));
          throw answer.exception;
        }
      }
    }
    // The original, exactly as /api/files/{id} sends it.
    let file = prepared.file;
    for (let attempt = 1; ; attempt++) {
      const failure = await sendMedia(req, res, file);
      if (!failure || failure.aborted) return;
      if (failure.headersSent) {
        this.logger.warn(`streaming ${file.id} failed: ${failure.error.message}`);
        res.destroy();
        return;
      }
      clearMediaHeaders(res);
      const again = failure.code === 'ENOENT' && attempt === 1 ? await this.streams.reopen(file.id) : null;
      if (again) {
        file = again;
        continue;
      }
      if (failure.status === 412) throw new ApiException(412, 'PRECONDITION_FAILED', 'The file does not match If-Match.');
      if (failure.status === 416) throw new ApiException(416, 'RANGE_NOT_SATISFIABLE', 'The requested range is not satisfiable.');
      if (failure.code === 'ENOENT') throw ApiException.notFound('File');
      this.logger.error(`reading the cached copy of ${file.id} failed: ${failure.error.message}`);
      throw new ApiException(503, 'SERVICE_UNAVAILABLE', 'The file is temporarily unavailable. Please try again shortly.');
    }
  }
}

const exists = (path: string) => stat(path).then(
  () => true,
  () => false,
);
