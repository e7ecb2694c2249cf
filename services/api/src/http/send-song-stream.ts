import { stat } from 'node:fs/promises';
import type { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { MediaFile } from '../media/media-store.js';
import { clearMediaHeaders, sendMedia } from '../media/send-media.js';
import { TooManyTranscodes, TranscodeFailed, TranscodingUnavailable } from '../media/transcoding/ffmpeg.js';
import { sendTranscode, type TranscodeRequest } from './send-transcode.js';
import type { Transcoder } from '../media/transcoding/transcoder.js';

/** A song's audio as a request will get it: the stored file as it is, or a transcode of its local copy. */
export type PreparedStream = { kind: 'original'; file: MediaFile } | { kind: 'transcode'; request: TranscodeRequest };

/**
 * Why a song's audio could not be sent, decided before any byte went out (headers cleared), for each way in to answer
 * in its own protocol: the web's error shape, a Subsonic error, a share's 404.
 */
export type StreamFailure =
  | { kind: 'unsatisfiable' }
  | { kind: 'precondition-failed' }
  | { kind: 'not-found' }
  | { kind: 'unavailable' }
  | { kind: 'too-many-transcodes'; retryAfterSeconds: number }
  | { kind: 'transcoding-unavailable' }
  | { kind: 'transcode-failed' };

export interface StreamSending {
  transcoder: Transcoder;
  /** Opens the stored file again: its local copy was evicted between open and send. */
  reopen: (fileId: string) => Promise<MediaFile | null>;
  logger: Logger;
  /** Sent as a download under this name (Subsonic's `download`). */
  attachmentName?: string;
}

/**
 * Sends a prepared stream (the original with Range, or a transcode) for every way in: the web route, Subsonic's
 * `stream` and `download`, shares. A local copy evicted under the send is opened again once, for an original and a
 * transcode alike. Null when the answer went out (or the client left, or a failure mid-stream cut the connection).
 */
export async function sendSongStream(req: Request, res: Response, prepared: PreparedStream, sending: StreamSending): Promise<StreamFailure | null> {
  return prepared.kind === 'transcode' ? sendTranscoded(req, res, prepared.request, sending) : sendOriginal(req, res, prepared.file, sending);
}

async function sendTranscoded(req: Request, res: Response, first: Extract<PreparedStream, { kind: 'transcode' }>['request'], sending: StreamSending): Promise<StreamFailure | null> {
  let request = first;
  let retried = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return (await sendTranscode(req, res, sending.transcoder, request, sending.logger)) === 'unsatisfiable' ? { kind: 'unsatisfiable' } : null;
    } catch (error) {
      if (res.headersSent) throw error;
      // ffmpeg found no input: the local copy was evicted between open and spawn.
      const again = error instanceof TranscodeFailed && attempt === 1 && !(await exists(request.input.path)) ? await sending.reopen(request.input.fileId) : null;
      if (again) {
        request = { ...request, input: { fileId: again.id, path: again.path } };
        continue;
      }
      // Not the file's fault (a job ended under this request, another replica's failed): one fresh try, which a file
      // ffmpeg cannot decode fails for good.
      if (error instanceof TranscodeFailed && error.transient && !retried) {
        retried = true;
        continue;
      }
      clearMediaHeaders(res);
      if (error instanceof TooManyTranscodes) return { kind: 'too-many-transcodes', retryAfterSeconds: error.retryAfterSeconds };
      if (error instanceof TranscodingUnavailable) return { kind: 'transcoding-unavailable' };
      if (error instanceof TranscodeFailed) return error.transient ? { kind: 'unavailable' } : { kind: 'transcode-failed' };
      throw error;
    }
  }
}

async function sendOriginal(req: Request, res: Response, first: MediaFile, sending: StreamSending): Promise<StreamFailure | null> {
  let file = first;
  for (let attempt = 1; ; attempt++) {
    const failure = await sendMedia(req, res, file, { attachmentName: sending.attachmentName });
    if (!failure || failure.aborted) return null;
    if (failure.headersSent) {
      // Mid-stream: the status line is gone, so the only honest signal left is a cut connection.
      sending.logger.warn(`streaming ${file.id} failed: ${failure.error.message}`);
      res.destroy();
      return null;
    }
    clearMediaHeaders(res);
    const again = failure.code === 'ENOENT' && attempt === 1 ? await sending.reopen(file.id) : null;
    if (again) {
      file = again;
      continue;
    }
    if (failure.status === 412) return { kind: 'precondition-failed' };
    if (failure.status === 416) return { kind: 'unsatisfiable' };
    if (failure.code === 'ENOENT') return { kind: 'not-found' };
    sending.logger.error(`reading the cached copy of ${file.id} failed: ${failure.error.message}`);
    return { kind: 'unavailable' };
  }
}

const exists = (path: string) => stat(path).then(
  () => true,
  () => false,
);
