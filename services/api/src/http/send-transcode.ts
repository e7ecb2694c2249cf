import { close, open, read } from 'node:fs';
import { promisify } from 'node:util';
import type { Logger } from '@nestjs/common';
import { TRANSCODE_CONTENT_TYPES } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import parseRange from 'range-parser';
import type { MediaFile } from '../media/media-store.js';
import { sendMedia } from '../media/send-media.js';
import { TranscodeFailed, type FfmpegRun } from '../media/transcoding/ffmpeg.js';
import { bytesPerSecond, declaredLength, secondsAt, type TranscodePlan } from '../media/transcoding/stream-plan.js';
import type { TranscodeOutput } from '../media/transcoding/transcode-job.js';
import type { OutputSource, TranscodeInput, Transcoder } from '../media/transcoding/transcoder.js';

const openFile = promisify(open);
const readInto = promisify(read);
const closeFile = promisify(close);

const CHUNK_BYTES = 64 * 1024;
const ZEROS = Buffer.alloc(CHUNK_BYTES);
/** A Range this far (in seconds of audio) past what a running job has written waits for it rather than starting a seek. */
const FOLLOW_AHEAD_SECONDS = 1;

/** One transcoded answer: what to convert, how, and for whom (the caps count per user). */
export interface TranscodeRequest {
  input: TranscodeInput;
  plan: TranscodePlan;
  /** The song's duration in seconds (the catalog's), from which an MP3's length is declared. */
  duration: number;
  userId: string;
  /** Declare the estimated Content-Length for Opus and AAC too (Subsonic's estimateContentLength); MP3 always does. */
  estimateLength: boolean;
}

/** The client left: not an error, nothing more to send. */
class ClientGone extends Error {}

/**
 * Sends a transcode (docs/streaming.md, "Transcoding"), for the web route and Subsonic's `stream` alike. Throws
 * TooManyTranscodes, TranscodingUnavailable or TranscodeFailed before anything is sent, so each caller answers them
 * in its protocol; a failure after the first byte cuts the connection (with a log line), the only honest signal left.
 * Answers 'unsatisfiable' for a Range past the declared end (the caller answers 416 in its shape).
 */
export async function sendTranscode(req: Request, res: Response, transcoder: Transcoder, request: TranscodeRequest, logger: Logger): Promise<'unsatisfiable' | null> {
  const { plan } = request;
  const declares = plan.format === 'mp3' || request.estimateLength;
  try {
    if (plan.offset > 0) {
      const length = declares ? declaredLength(request.duration, plan.bitrate, plan.offset) : null;
      return await sendSeek(req, res, transcoder, request, plan.offset, 200, length, null);
    }
    if (plan.format === 'mp3') return await sendMp3(req, res, transcoder, request);
    return await sendProgressive(req, res, transcoder, request, declares ? declaredLength(request.duration, plan.bitrate) : null);
  } catch (error) {
    if (error instanceof ClientGone) return null;
    if (!res.headersSent) throw error;
    logger.warn(`streaming a transcode of ${request.input.fileId} failed mid-stream: ${(error as Error).message}`);
    res.destroy();
    return null;
  }
}

function setHeaders(res: Response, plan: TranscodePlan, source: OutputSource | 'seek', ranges: boolean): void {
  res.setHeader('Content-Type', TRANSCODE_CONTENT_TYPES[plan.format]);
  res.setHeader('Accept-Ranges', ranges ? 'bytes' : 'none');
  // Made for this request's quality; the browser keeps it only for this page's Range requests.
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Content-Disposition', 'inline');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Where the bytes came from (cache hit, shared job, new job, another replica's job, a seek's own ffmpeg): for
  // tests, benchmarks and whoever reads a HAR.
  res.setHeader('X-Transcode', source);
}

/**
 * MP3: always the declared length L (duration × bitrate × 125), so the browser shows the real duration and seeks with
 * Range. A Range is served from the finished file, from a running job that has (or is about to have) its first byte,
 * else by an ffmpeg started at that byte's second; the body is padded with zeros or cut to the declared length.
 */
async function sendMp3(req: Request, res: Response, transcoder: Transcoder, request: TranscodeRequest): Promise<'unsatisfiable' | null> {
  const { plan } = request;
  const length = declaredLength(request.duration, plan.bitrate);
  let start = 0;
  let end = length - 1;
  let partial = false;
  if (req.headers.range) {
    const ranges = parseRange(length, req.headers.range, { combine: true });
    if (ranges === -1) {
      res.setHeader('Content-Range', `bytes */${length}`);
      return 'unsatisfiable';
    }
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      start = ranges[0]!.start;
      end = ranges[0]!.end;
      partial = true;
    }
  }
  const status = partial ? 206 : 200;
  if (req.method === 'HEAD') {
    setHeaders(res, plan, 'hit', true);
    writeHead(res, status, start, end, length, partial);
    res.end();
    return null;
  }
  let found: { output: TranscodeOutput; source: OutputSource } | null;
  if (start === 0) found = await transcoder.output(request.input, plan.format, plan.bitrate, request.userId);
  else {
    found = await transcoder.existing(request.input, plan.format, plan.bitrate);
    const reachable = found && (found.output.state === 'done' || start <= found.output.written + Math.max(found.output.rate, bytesPerSecond(plan.bitrate)) * FOLLOW_AHEAD_SECONDS);
    if (!reachable) {
      const range = partial ? { start, end, total: length } : null;
      try {
        return await sendSeek(req, res, transcoder, request, secondsAt(start, plan.bitrate), status, end - start + 1, range);
      } catch (error) {
        // The seek's own ffmpeg failed before its first byte (it is logged): a running transcode still gets there, so
        // the listener waits for it rather than getting an error for a file that does decode.
        if (!(error instanceof TranscodeFailed) || res.headersSent || found?.output.state !== 'running') throw error;
      }
    }
  }
  const { output, source } = found!;
  await sendOutput(res, output, start, end, () => {
    setHeaders(res, plan, source, true);
    writeHead(res, status, start, end, length, partial);
  });
  return null;
}

function writeHead(res: Response, status: number, start: number, end: number, total: number, partial: boolean): void {
  res.status(status);
  if (partial) res.setHeader('Content-Range', `bytes ${start}-${end}/${total}`);
  res.setHeader('Content-Length', String(end - start + 1));
}

/**
 * Opus and AAC for apps: a finished transcode is a plain file (Range, HEAD and conditional requests as `/api/files`);
 * one being written is sent as it grows, chunked unless the app asked for an estimated length.
 */
async function sendProgressive(req: Request, res: Response, transcoder: Transcoder, request: TranscodeRequest, length: number | null): Promise<'unsatisfiable' | null> {
  const { plan } = request;
  if (req.method === 'HEAD') {
    setHeaders(res, plan, 'hit', false);
    if (length !== null) res.setHeader('Content-Length', String(length));
    res.status(200).end();
    return null;
  }
  const { output, source } = await transcoder.output(request.input, plan.format, plan.bitrate, request.userId);
  if (output.state === 'done') {
    const file: MediaFile = {
      id: request.input.fileId,
      kind: 'audio',
      contentType: TRANSCODE_CONTENT_TYPES[plan.format],
      length: output.written,
      path: output.paths[output.paths.length - 1]!,
      uploadedAt: new Date(0),
      etag: `"${request.input.fileId}-${plan.format}-${plan.bitrate}"`,
    };
    res.setHeader('X-Transcode', source);
    const failure = await sendMedia(req, res, file);
    if (!failure || failure.aborted) return null;
    if (failure.status === 416) return 'unsatisfiable';
    throw failure.error;
  }
  await sendOutput(res, output, 0, length === null ? Infinity : length - 1, () => {
    setHeaders(res, plan, source, false);
    res.status(200);
    if (length !== null) res.setHeader('Content-Length', String(length));
  });
  return null;
}

/**
 * Bytes start..end of a transcode output, following it while it grows: headers go out (`head`) only once the first
 * byte is there or the output ended, so a failure before that is still an error answer. A finite `end` past the
 * output's real end is padded with zeros (an MP3 decoder skips them).
 */
async function sendOutput(res: Response, output: TranscodeOutput, start: number, end: number, head: () => void): Promise<void> {
  const gone = watchClose(res);
  output.attach();
  let fd: number | undefined;
  let complete = false;
  try {
    while (output.state === 'running' && output.written <= start) await gone.race(output.changed());
    // Re-read: the wait above changed it (TypeScript keeps the narrowing from the loop's condition).
    if ((output.state as TranscodeOutput['state']) === 'failed') throw output.error!;
    head();
    let position = start;
    while (position <= end) {
      if (position < output.written) {
        fd ??= await openFirst(output);
        const want = Math.min(CHUNK_BYTES, output.written - position, end - position + 1);
        const buffer = Buffer.allocUnsafe(want);
        const { bytesRead } = await readInto(fd, buffer, 0, want, position);
        if (bytesRead === 0) throw new Error('the transcode file is shorter than its progress');
        await gone.race(writeChunk(res, buffer.subarray(0, bytesRead)));
        position += bytesRead;
      } else if (output.state === 'running') {
        await gone.race(output.changed());
      } else if (output.state === 'failed') {
        throw output.error!;
      } else if (end === Infinity) {
        break;
      } else {
        const zeros = ZEROS.subarray(0, Math.min(CHUNK_BYTES, end - position + 1));
        await gone.race(writeChunk(res, zeros));
        position += zeros.length;
      }
    }
    res.end();
    complete = true;
  } finally {
    gone.stop();
    output.detach(!complete);
    if (fd !== undefined) await closeFile(fd).catch(() => undefined);
  }
}

/** The output's file: the `.part` while it is written, else its final name (a reader that opened the `.part` keeps it across the rename). */
async function openFirst(output: TranscodeOutput): Promise<number> {
  for (const path of output.paths) {
    try {
      return await openFile(path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw output.error ?? new Error('the transcode file went away');
}

/**
 * An ffmpeg of its own from `seconds` (not cached; counted against the caps), piped to the response with the
 * socket's backpressure; killed when the client leaves. With a `length`, the body is cut or zero-padded to it.
 */
async function sendSeek(
  req: Request,
  res: Response,
  transcoder: Transcoder,
  request: TranscodeRequest,
  seconds: number,
  status: number,
  length: number | null,
  range: { start: number; end: number; total: number } | null,
): Promise<null> {
  const { plan } = request;
  const head = () => {
    setHeaders(res, plan, 'seek', plan.format === 'mp3');
    res.status(status);
    if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${range.total}`);
    if (length !== null) res.setHeader('Content-Length', String(length));
  };
  if (req.method === 'HEAD') {
    head();
    res.end();
    return null;
  }
  const run = transcoder.seek(request.input, plan.format, plan.bitrate, seconds, request.userId);
  const gone = watchClose(res);
  try {
    await pipeRun(run, res, length, head, gone);
  } finally {
    gone.stop();
    run.kill();
  }
  return null;
}

async function pipeRun(run: FfmpegRun, res: Response, length: number | null, head: () => void, gone: CloseWatch): Promise<void> {
  let sent = 0;
  let headed = false;
  const limit = length ?? Infinity;
  const ended = run.done.then(
    () => null,
    (error: Error) => error,
  );
  const startHead = () => {
    if (headed) return;
    head();
    headed = true;
  };
  await gone.race(
    new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        startHead();
        const part = chunk.subarray(0, Math.max(0, Math.min(chunk.length, limit - sent)));
        sent += part.length;
        const ok = part.length ? res.write(part) : true;
        if (sent >= limit) {
          run.stdout.off('data', onData);
          run.stdout.pause();
          return resolve();
        }
        if (!ok) {
          run.stdout.pause();
          res.once('drain', () => run.stdout.resume());
        }
      };
      run.stdout.on('data', onData);
      run.stdout.once('end', () => resolve());
    }),
  );
  if (sent < limit) {
    const error = await gone.race(ended);
    if (error) throw error;
    startHead();
    while (length !== null && sent < length) {
      const zeros = ZEROS.subarray(0, Math.min(CHUNK_BYTES, length - sent));
      await gone.race(writeChunk(res, zeros));
      sent += zeros.length;
    }
  }
  res.end();
}

function writeChunk(res: Response, chunk: Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const ok = res.write(chunk, (error) => {
      if (error) reject(error);
      else if (ok) resolve();
    });
    if (!ok) res.once('drain', () => resolve());
  });
}

interface CloseWatch {
  race<T>(step: Promise<T>): Promise<T>;
  stop(): void;
}

/** Races every wait against the client leaving, which rejects with ClientGone (a socket destroyed under a write never calls back). */
function watchClose(res: Response): CloseWatch {
  let onClose!: () => void;
  const closing = new Promise<never>((_, reject) => {
    onClose = () => reject(new ClientGone('the client left'));
    if (res.destroyed || res.writableFinished) return void reject(new ClientGone('the client left'));
    res.once('close', onClose);
  });
  closing.catch(() => undefined);
  return {
    race: (step) => Promise.race([step, closing]),
    stop: () => res.off('close', onClose),
  };
}
