import { Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import type { SessionUser } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception.js';
import { OptionalUser, Public } from '../common/auth.decorators.js';
import { requireId } from '../common/ids.js';
import { MediaStore } from './media-store.js';
import { clearMediaHeaders, sendMedia, type SendFailure } from './send-media.js';

@Controller('files')
export class FilesController {
  private readonly logger = new Logger('Files');

  constructor(private readonly store: MediaStore) {}

  /** Covers are public (the guest home page shows them); audio is for logged-in users only. */
  @Public()
  @Get(':id')
  async download(@Param('id') rawId: string, @OptionalUser() user: SessionUser | null, @Req() req: Request, @Res() res: Response): Promise<void> {
    const id = requireId(rawId, 'file');
    for (let attempt = 1; ; attempt++) {
      const file = await this.store.open(id);
      if (!file) throw ApiException.notFound('File');
      if (file.kind === 'audio' && !user) throw ApiException.unauthenticated('Log in to play songs.');
      const failure = await sendMedia(req, res, file);
      if (!failure || failure.aborted) return;
      if (failure.headersSent) {
        // Mid-stream: the status line is gone, so the only honest signal left is a cut connection.
        this.logger.warn(`streaming ${id} failed: ${failure.error.message}`);
        res.destroy();
        return;
      }
      // The local copy went away between open and send (evicted); open refills it.
      if (failure.code === 'ENOENT' && attempt === 1) continue;
      clearMediaHeaders(res);
      throw this.toException(id, failure);
    }
  }

  private toException(id: string, failure: SendFailure): ApiException {
    if (failure.status === 412) return new ApiException(412, 'PRECONDITION_FAILED', 'The file does not match If-Match.');
    if (failure.status === 416) return new ApiException(416, 'RANGE_NOT_SATISFIABLE', 'The requested range is not satisfiable.');
    if (failure.code === 'ENOENT') return ApiException.notFound('File');
    this.logger.error(`reading the cached copy of ${id} failed: ${failure.error.message}`);
    return new ApiException(503, 'SERVICE_UNAVAILABLE', 'The file is temporarily unavailable. Please try again shortly.');
  }
}
