import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, unlink } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { AUDIO_FORMAT_INFO, IMPORT_AUDIO_BYTES_MAX, IMPORT_MESSAGES, LIMITS, LYRICS_LIMITS, LYRICS_MESSAGES, MESSAGES } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { ApiException } from '../common/api-exception.js';
import { MediaStore } from '../media/media-store.js';
import { importUploadBytes, receivedBytes } from '../observability/metrics.js';
import { sniffContainer } from './audio-inspector.service.js';
import { AUDIO_FIELD } from './song-importer.js';

export const COVER_FIELD = 'cover';
/** The `.lrc` dropped with the file (docs/lyrics.md). */
export const LYRICS_FIELD = 'lyrics';

/** A file of the request, spooled to local disk. */
export interface SpooledFile {
  field: string;
  originalName: string;
  path: string;
  size: number;
  sha256: string;
}

export type SpooledFiles = Partial<Record<typeof AUDIO_FIELD | typeof COVER_FIELD | typeof LYRICS_FIELD, SpooledFile>>;

/** Enough of a file's start to know its container (an ID3 tag with a big picture may hide it; then the overall limit applies until parsing). */
const SNIFF_BYTES = 64 * 1024;

const CONTAINER_LABELS: Record<string, string> = { mp3: 'MP3', flac: 'FLAC', wav: 'WAV', alac: 'M4A', opus: 'Ogg' };

function tooLarge(field: string, message: string): ApiException {
  return new ApiException(413, 'PAYLOAD_TOO_LARGE', message, { [field]: message });
}

/**
 * Counts, hashes and sniffs a file on its way to disk. Refuses it as soon as
 * it outgrows its limit: the cover's, or, once the first bytes name the
 * container, that format's, so a 70 MB "mp3" is refused at 60 MB, not 320.
 */
class SpoolMeter extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  private head: Buffer[] | null = [];
  private headBytes = 0;

  constructor(
    private readonly field: string,
    private limit: number,
    private limitMessage: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) return callback(tooLarge(this.field, this.limitMessage));
    this.hash.update(chunk);
    if (this.head) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) return void this.sniff().then(() => callback(null, chunk), callback);
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback();
  }

  private async sniff(): Promise<void> {
    const head = Buffer.concat(this.head!);
    this.head = null;
    if (this.field !== AUDIO_FIELD) return;
    const container = await sniffContainer(head);
    if (!container) return;
    this.limit = AUDIO_FORMAT_INFO[container].maxBytes;
    this.limitMessage = `${CONTAINER_LABELS[container]} files must be at most ${Math.round(this.limit / 1048576)} MB.`;
    if (this.size > this.limit) throw tooLarge(this.field, this.limitMessage);
  }
}

/**
 * Multer storage that writes each file to a spool in the media store's
 * directory while hashing and measuring it: whatever the size, memory holds
 * one chunk per upload. Multer removes the spool when the request fails or is
 * aborted; the interceptor removes it after the handler (a copy the store
 * adopted as its local one is a hard link, which stays).
 */
class SpoolStorage implements multer.StorageEngine {
  constructor(private readonly store: MediaStore) {}

  _handleFile(_req: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<Express.Multer.File> & { sha256?: string }) => void): void {
    void (async () => {
      const path = await this.store.stagingPath();
      // Known before the first byte lands, so an abort mid-write finds the spool to remove.
      file.path = path;
      const [limit, message] =
        file.fieldname === COVER_FIELD
          ? [LIMITS.coverBytesMax, MESSAGES.coverTooLarge]
          : file.fieldname === LYRICS_FIELD
            ? [LYRICS_LIMITS.inputBytesMax, LYRICS_MESSAGES.inputTooLong]
            : [IMPORT_AUDIO_BYTES_MAX, IMPORT_MESSAGES.tooLargeAny];
      const meter = new SpoolMeter(file.fieldname, limit, message);
      try {
        await pipeline(file.stream, meter, createWriteStream(path));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return { path, size: meter.size, sha256: meter.hash.digest('hex') };
    })().then((info) => callback(null, info), (error: unknown) => callback(error));
  }

  _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    rm(file.path, { force: true }).then(() => callback(null), () => callback(null));
  }
}

function toApiException(error: unknown): ApiException {
  if (error instanceof ApiException) return error;
  if (error instanceof multer.MulterError) {
    const field = error.field ?? AUDIO_FIELD;
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return tooLarge(field, field === COVER_FIELD ? MESSAGES.coverTooLarge : field === LYRICS_FIELD ? LYRICS_MESSAGES.inputTooLong : IMPORT_MESSAGES.tooLargeAny);
      case 'LIMIT_UNEXPECTED_FILE':
      case 'LIMIT_FILE_COUNT':
        return ApiException.validation({ [field]: 'Unexpected file.' });
      case 'LIMIT_FIELD_VALUE':
        return ApiException.validation({ [field]: 'This field is too long.' });
      default:
        return new ApiException(400, 'BAD_REQUEST', `The upload was refused: ${error.message}.`);
    }
  }
  return new ApiException(400, 'BAD_REQUEST', 'The upload could not be read. Please try again.');
}

/**
 * Parses the bulk upload's multipart body: one audio file (`file`), an
 * optional picture (`cover`) and text fields. Runs after the guards, so
 * guests and forged requests are refused before a byte is spooled. The
 * handler finds the spools in `request.spooled`.
 */
@Injectable()
export class AudioSpoolInterceptor implements NestInterceptor {
  private readonly parse: ReturnType<multer.Multer['fields']>;

  constructor(store: MediaStore) {
    this.parse = multer({
      storage: new SpoolStorage(store),
      limits: { fileSize: IMPORT_AUDIO_BYTES_MAX, files: 4, fieldSize: 64 * 1024, fields: 30 },
    }).fields([
      { name: AUDIO_FIELD, maxCount: 1 },
      { name: COVER_FIELD, maxCount: 1 },
      { name: LYRICS_FIELD, maxCount: 1 },
    ]);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { spooled?: SpooledFiles }>();
    if (!request.is('multipart/form-data')) throw ApiException.validation({ [AUDIO_FIELD]: IMPORT_MESSAGES.fileRequired }, 'Send the file as multipart/form-data.');
    await new Promise<void>((resolve, reject) =>
      this.parse(request, http.getResponse<Response>(), (error?: unknown) => (error ? reject(toApiException(error)) : resolve())),
    );
    const files = (request.files ?? {}) as Record<string, (Express.Multer.File & { sha256: string })[] | undefined>;
    const spooled: SpooledFiles = {};
    for (const field of [AUDIO_FIELD, COVER_FIELD, LYRICS_FIELD] as const) {
      const file = files[field]?.[0];
      if (file) spooled[field] = { field, originalName: file.originalname, path: file.path, size: file.size, sha256: file.sha256 };
    }
    request.spooled = spooled;
    importUploadBytes.inc(receivedBytes(request.files as Record<string, Express.Multer.File[] | undefined>));
    // unlink, not rm({ force }): rm looks the path up first (an lstat through its recursive machinery) on every request.
    const cleanup = () => Promise.all(Object.values(spooled).map((file) => unlink(file.path).catch(() => undefined)));
    // Removed before the answer goes out, so a client that sees the answer never sees the spool.
    return from(
      (async () => {
        try {
          return await lastValueFrom(next.handle());
        } finally {
          await cleanup();
        }
      })(),
    );
  }
}
