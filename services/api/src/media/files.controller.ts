import { Controller, Get, Logger, Param, Query, Req, Res } from '@nestjs/common';
import type { SessionUser } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception.js';
import { OptionalUser, Public } from '../common/auth.decorators.js';
import { requireId } from '../common/ids.js';
import { CoverAskInvalid, negotiateFormat, readCoverAsk, type CoverAsk } from './cover-ask.js';
import { CoverSizes } from './cover-sizes.js';
import { MediaStore, type MediaFile } from './media-store.js';
import { clearMediaHeaders, sendImageBytes, sendMedia, type SendFailure } from './send-media.js';

@Controller('files')
export class FilesController {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly store: MediaStore,
    private readonly covers: CoverSizes,
  ) {}

  /**
   * Covers are public (the home page shows them to guests); audio is for logged-in users only. `?size=` answers a
   * cover cropped to that square in the format the Accept header prefers (docs/covers.md).
   */
  @Public()
  @Get(':id')
  async download(
    @Param('id') rawId: string,
    @Query() query: Record<string, unknown>,
    @OptionalUser() user: SessionUser | null,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const id = requireId(rawId, 'file');
    const ask = readAsk(query);
    if (ask) return this.sendCover(id.toLowerCase(), ask, req, res);
    await this.send(id, req, res, async () => {
      const file = await this.store.open(id);
      if (!file) throw ApiException.notFound('File');
      if (file.kind === 'audio' && !user) throw ApiException.unauthenticated('Log in to play songs.');
      return file;
    });
  }

  private async sendCover(id: string, ask: NonNullable<CoverAsk>, req: Request, res: Response): Promise<void> {
    const source = await this.store.stat(id);
    if (!source) throw ApiException.notFound('File');
    if (source.kind !== 'image') throw ApiException.validation({ size: 'Only pictures come in sizes.' });
    // The same URL answers AVIF, WebP or JPEG by Accept: caches must keep one copy per Accept.
    res.setHeader('Vary', 'Accept');
    const answer = await this.covers.cover(id, ask.size, (alpha) => ask.format ?? negotiateFormat(req.headers.accept, alpha));
    if (!answer) throw ApiException.notFound('File');
    if (answer.kind === 'bytes') return sendImageBytes(req, res, answer);
    if (answer.kind === 'stored') {
      let attempt = 0;
      // A retry after an evicted local copy opens the derived file again, with the same ETag.
      return this.send(answer.file.id, req, res, async () => {
        const file = attempt++ === 0 ? answer.file : await this.covers.reopen(answer.file);
        if (!file) throw ApiException.notFound('File');
        return file;
      });
    }
    // Not derivable (damaged, a PDF): the original, so the page shows what the browser makes of it rather than nothing.
    await this.send(id, req, res, async () => {
      const file = await this.store.open(id);
      if (!file) throw ApiException.notFound('File');
      return file;
    });
  }

  /** Sends a stored file; a local copy evicted between open and send is opened again once. */
  private async send(id: string, req: Request, res: Response, open: () => Promise<MediaFile>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const file = await open();
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

function readAsk(query: Record<string, unknown>): CoverAsk {
  try {
    return readCoverAsk(query);
  } catch (error) {
    if (error instanceof CoverAskInvalid) throw ApiException.validation(error.errors);
    throw error;
  }
}
