import { close, open, read } from 'node:fs';
import { promisify } from 'node:util';
import type { Request, Response } from 'express';
import parseRange from 'range-parser';
import { audioStreams, imageStreams } from '../observability/metrics.js';
import { borrowChunk, giveBack, STREAM_CHUNK_BYTES } from './chunk-buffers.js';
import type { MediaFile } from './media-store.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
// Plain fd calls: FileHandle methods go through an extra promise layer, measurably slower per chunk.
const openFile = promisify(open);
const readInto = promisify(read);
const closeFile = promisify(close);

class PrematureClose extends Error {
  readonly code = 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * Writes bytes `start`..`end` of the open file to the response, reading the next chunk while the socket sends the
 * last: two borrowed buffers in turn, each read into again only after its write completed (the write callback: the
 * socket holds no reference after it). The response closing early (the listener skipped, the connection dropped)
 * rejects with ERR_STREAM_PREMATURE_CLOSE; a socket destroyed under a write never calls it back, so every wait
 * races the close. After a failure the buffers are not given back: a write may still hold them.
 */
async function streamRange(fd: number, start: number, end: number, res: Response): Promise<void> {
  let closed = res.destroyed;
  let onClose!: () => void;
  const closing = new Promise<never>((_, reject) => {
    onClose = () => {
      closed = true;
      reject(new PrematureClose('the response closed before the file was sent'));
    };
    res.once('close', onClose);
  });
  closing.catch(() => undefined);
  const settled = <T>(step: Promise<T>) => Promise.race([step, closing]);
  // A range that fits in one chunk (a player's or an app's probe of the first bytes) needs one buffer of its size,
  // not two pooled 256 KiB chunks: 50 apps probing at once held 25 MiB so.
  const length = end - start + 1;
  const chunks = length <= STREAM_CHUNK_BYTES ? [Buffer.allocUnsafe(length)] : [borrowChunk(), borrowChunk()];
  const writing: (Promise<void> | undefined)[] = [undefined, undefined];
  try {
    for (let position = start, turn = 0; position <= end; turn = (turn + 1) % chunks.length) {
      if (closed) throw new PrematureClose('the response closed before the file was sent');
      await settled(writing[turn] ?? Promise.resolve());
      const { bytesRead } = await readInto(fd, chunks[turn]!, 0, Math.min(STREAM_CHUNK_BYTES, end - position + 1), position);
      if (bytesRead === 0) throw new Error('the file is shorter than its recorded length');
      const chunk = chunks[turn]!.subarray(0, bytesRead);
      writing[turn] = new Promise<void>((resolve, reject) => res.write(chunk, (error) => (error ? reject(error) : resolve())));
      writing[turn]!.catch(() => undefined);
      position += bytesRead;
    }
    await settled(Promise.all(writing));
    res.end();
    if (chunks.length === 2) for (const chunk of chunks) giveBack(chunk);
  } finally {
    res.off('close', onClose);
  }
}

/** Headers of a successful (200/206/304) answer. */
export function mediaHeaders(file: MediaFile): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    ETag: file.etag,
    // Content never changes for an id. Audio is for members only, so shared caches must not keep it.
    'Cache-Control': `${file.kind === 'audio' ? 'private' : 'public'}, max-age=${ONE_YEAR_SECONDS}, immutable`,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': 'inline',
    'X-Content-Type-Options': 'nosniff',
  };
  // A PDF "cover" opened directly would run its scripts on our origin; sandboxing gives it an opaque one.
  if (file.contentType === 'application/pdf') headers['Content-Security-Policy'] = 'sandbox';
  return headers;
}

/** Why a file could not be sent: 412 and 416 are HTTP outcomes, `code` an fs error (ENOENT: the copy went away). */
export interface SendFailure {
  status?: number;
  code?: string;
  aborted: boolean;
  headersSent: boolean;
  error: Error;
}

/** The byte range to answer with, or the reason there is none. */
type RangeDecision = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * RFC 9110 range handling, as express's `send` does it: Range applies only
 * when If-Range (if any) names our ETag; a malformed or multi-range header
 * gets the whole file; a range wholly past the end is 416.
 */
export function decideRange(req: Request, file: MediaFile): RangeDecision {
  const header = req.headers.range;
  if (!header) return { kind: 'full' };
  const ifRange = req.headers['if-range'];
  // We send no Last-Modified, so a date in If-Range can never be proven current.
  if (ifRange !== undefined && ifRange !== file.etag) return { kind: 'full' };
  const ranges = parseRange(file.length, header, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return { kind: 'full' };
  return { kind: 'partial', start: ranges[0]!.start, end: ranges[0]!.end };
}

/** If-Match with none of our (strong) validators fails the precondition. */
function failsIfMatch(req: Request, etag: string): boolean {
  const ifMatch = req.headers['if-match'];
  if (!ifMatch || ifMatch.trim() === '*') return false;
  return !ifMatch.split(',').some((candidate) => candidate.trim() === etag);
}

/**
 * Streams a file's local copy with Range, HEAD and conditional requests.
 * Why not express's res.sendFile: `send` stats the file before opening it and
 * reads in fixed 64 KiB chunks; here the file is opened once and read in
 * STREAM_CHUNK_BYTES chunks, which is what streaming throughput depended on.
 * Resolves with the failure instead of writing an answer for it, so the
 * caller keeps one error shape.
 */
export async function sendMedia(req: Request, res: Response, file: MediaFile, options: { attachmentName?: string } = {}): Promise<SendFailure | null> {
  if (failsIfMatch(req, file.etag)) return { status: 412, aborted: false, headersSent: false, error: new Error('If-Match failed') };
  res.set(mediaHeaders(file));
  // A download (Subsonic's): saved under this name. res.attachment also guesses a type from it; the stored one stays.
  if (options.attachmentName) res.attachment(options.attachmentName).setHeader('Content-Type', file.contentType);
  // express compares If-None-Match with the ETag just set (and honours Cache-Control: no-cache).
  if (req.fresh) {
    res.status(304).end();
    return null;
  }
  const range = decideRange(req, file);
  if (range.kind === 'unsatisfiable') {
    // The caller clears the media headers from the error answer; this one belongs on it.
    res.setHeader('Content-Range', `bytes */${file.length}`);
    return { status: 416, aborted: false, headersSent: false, error: new Error('Range not satisfiable') };
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : file.length - 1;
  const streams = req.method !== 'HEAD' && file.length > 0;

  // Opened before the status line is decided, so a copy that went away leaves nothing to undo.
  let fd: number | undefined;
  if (streams) {
    try {
      fd = await openFile(file.path, 'r');
    } catch (error) {
      return { code: (error as NodeJS.ErrnoException).code, aborted: false, headersSent: false, error: error as Error };
    }
  }
  if (range.kind === 'partial') {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${start}-${end}/${file.length}`);
  }
  res.setHeader('Content-Length', String(Math.max(0, end - start + 1)));
  if (fd === undefined) {
    res.end();
    return null;
  }
  const streaming = file.kind === 'audio' ? audioStreams : imageStreams;
  streaming.inc();
  try {
    await streamRange(fd, start, end, res);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const aborted = code === 'ERR_STREAM_PREMATURE_CLOSE' || req.destroyed || res.destroyed;
    return { code, aborted, headersSent: res.headersSent, error: error as Error };
  } finally {
    streaming.dec();
    await closeFile(fd).catch(() => undefined);
  }
}

/** Headers set for the file, which must not leak onto an error answer. */
export function clearMediaHeaders(res: Response): void {
  for (const name of ['Content-Type', 'Content-Length', 'ETag', 'Cache-Control', 'Accept-Ranges', 'Content-Disposition', 'Content-Security-Policy']) {
    res.removeHeader(name);
  }
  res.setHeader('Cache-Control', 'no-store');
}

/**
 * Sends a picture made in memory (a derived cover made for this request) with the headers a stored picture gets,
 * and 304 when the client holds it: no Range (a few KB, sent whole).
 */
export function sendImageBytes(req: Request, res: Response, image: { contentType: string; bytes: Buffer; etag: string }): void {
  res.set({
    'Content-Type': image.contentType,
    ETag: image.etag,
    'Cache-Control': `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
    'Content-Disposition': 'inline',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', String(image.bytes.length));
  imageStreams.inc();
  try {
    res.status(200).end(req.method === 'HEAD' ? undefined : image.bytes);
  } finally {
    imageStreams.dec();
  }
}
