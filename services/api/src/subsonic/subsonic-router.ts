import { Logger } from '@nestjs/common';
import express, { Router, type Request, type Response } from 'express';
import type { MediaStore } from '../media/media-store.js';
import { sendSongStream, type PreparedStream, type StreamFailure } from '../http/send-song-stream.js';
import { TRANSCODE_FAILED_MESSAGE, TRANSCODING_UNAVAILABLE_MESSAGE } from '../streaming/song-streams.service.js';
import type { Transcoder } from '../media/transcoding/transcoder.js';
import type { SubsonicApi } from './subsonic-api.js';
import type { SubsonicAnswer } from './subsonic-method.js';
import type { SharedRendering } from './shared-answer.js';
import { SUBSONIC_ERRORS, SubsonicError } from './protocol/subsonic-error.js';
import { SubsonicParams } from './protocol/subsonic-params.js';
import { formatOf, renderError, renderOk, type RenderedAnswer } from './protocol/subsonic-response.js';

/** Where Subsonic apps call: `/rest/<method>` and `/rest/<method>.view`. */
export const SUBSONIC_PATH = '/rest';

/** Query parameters that carry credentials: never written to a log line. */
const SECRET_PARAMS = /([?&](?:p|t|s|apiKey)=)[^&]*/giu;

/** A request line as logs may show it: Subsonic credentials ride in the query string (and its parsed copy). */
export function redactSubsonicRequest<R extends { url: string; query?: unknown }>(req: R): R {
  if (!req.url.startsWith(`${SUBSONIC_PATH}/`)) return req;
  return { ...req, url: req.url.replace(SECRET_PARAMS, '$1[redacted]'), query: undefined };
}

function send(res: Response, rendered: RenderedAnswer): void {
  res.status(200).setHeader('Content-Type', rendered.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(rendered.body);
}

/**
 * The HTTP side of the Subsonic API (docs/subsonic.md): reads parameters from the query and a form-encoded body,
 * lets SubsonicApi sign in and answer, and writes the answer in the asked format. Mounted before the web's session
 * chain: apps sign in per call with app passwords, never with cookies, so a browser's session cannot be used here.
 */
export function subsonicRouter(api: SubsonicApi, media: MediaStore, transcoder: Transcoder): Router {
  const logger = new Logger('Subsonic');
  const formBody = express.text({ type: 'application/x-www-form-urlencoded', limit: '256kb' });
  return Router().all(`${SUBSONIC_PATH}/:method`, formBody, (req: Request, res: Response) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const params = SubsonicParams.from(query, typeof req.body === 'string' ? req.body : null);
    const { format, callback } = formatOf(params.string('f'), params.string('callback'));
    const fail = (error: SubsonicError) => send(res, renderError(format, error, callback));
    const name = String(req.params.method).replace(/\.view$/u, '');
    const answer = ['GET', 'HEAD', 'POST'].includes(req.method)
      ? api.call(name, params, req.ip ?? req.socket.remoteAddress ?? 'unknown', `${req.protocol}://${req.host}`)
      : Promise.reject(new SubsonicError(SUBSONIC_ERRORS.generic, `Use GET or POST, not ${req.method}`));
    answer
      .then(async (result: SubsonicAnswer) => {
        if (result.kind === 'payload') return send(res, renderOk(format, result.payload, callback));
        if (result.kind === 'bytes') return sendBytes(req, res, result);
        if (result.kind === 'shared') {
          if (format === 'jsonp') return send(res, renderOk(format, result.answer.payload, callback));
          return sendShared(req, res, result.answer.rendering(format));
        }
        let prepared: PreparedStream;
        if (result.kind === 'transcode') prepared = result;
        else {
          const file = await media.open(result.fileId);
          if (!file) return fail(SubsonicError.notFound('File'));
          prepared = { kind: 'original', file };
        }
        const failure = await sendSongStream(req, res, prepared, { transcoder, reopen: (fileId) => media.open(fileId), logger, attachmentName: result.kind === 'file' ? result.attachmentName : undefined });
        if (failure) answerStreamFailure(res, failure, fail);
      })
      .catch((error: unknown) => {
        if (res.headersSent) return void res.destroy();
        if (error instanceof SubsonicError) return fail(error);
        logger.error(`${name}: ${(error as Error).stack ?? String(error)}`);
        fail(new SubsonicError(SUBSONIC_ERRORS.generic, 'The server could not answer this call. Please try again shortly.'));
      });
  });
}

/**
 * A stream that could not be sent. Past a transcoding cap: HTTP 429 with Retry-After, as Navidrome answers (apps retry
 * on it); a Range past the end: 416, the one failure an app caused; the rest: a Subsonic error an app can show.
 */
function answerStreamFailure(res: Response, failure: StreamFailure, fail: (error: SubsonicError) => void): void {
  if (failure.kind === 'too-many-transcodes') return void res.status(429).setHeader('Retry-After', String(failure.retryAfterSeconds)).end();
  if (failure.kind === 'unsatisfiable') return void res.status(416).end();
  if (failure.kind === 'not-found') return fail(SubsonicError.notFound('File'));
  if (failure.kind === 'transcoding-unavailable') return fail(new SubsonicError(SUBSONIC_ERRORS.generic, TRANSCODING_UNAVAILABLE_MESSAGE));
  if (failure.kind === 'transcode-failed') return fail(new SubsonicError(SUBSONIC_ERRORS.generic, TRANSCODE_FAILED_MESSAGE));
  fail(new SubsonicError(SUBSONIC_ERRORS.generic, 'The file is temporarily unavailable. Please try again shortly.'));
}

/** A shared answer: the same bytes for every caller, gzipped once, and 304 to an app that holds them already. */
async function sendShared(req: Request, res: Response, rendering: SharedRendering): Promise<void> {
  res.setHeader('Content-Type', rendering.contentType);
  res.setHeader('Cache-Control', 'private, no-cache');
  res.vary('Accept-Encoding');
  const gzipped = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  res.setHeader('ETag', gzipped ? `${rendering.etag.slice(0, -1)}-gz"` : rendering.etag);
  if (req.fresh) return void res.status(304).end();
  if (!gzipped) return void res.status(200).end(rendering.body);
  const body = await rendering.gzipped();
  res.setHeader('Content-Encoding', 'gzip');
  res.status(200).end(body);
}

/**
 * Bytes a method made (a resized cover): cached by the app for good under their ETag, which names the source file and
 * the output, and answered 304 when the app already holds them. Private: the URL carries the app's credentials.
 */
function sendBytes(req: Request, res: Response, answer: Extract<SubsonicAnswer, { kind: 'bytes' }>): void {
  res.setHeader('Content-Type', answer.contentType);
  res.setHeader('ETag', answer.etag);
  res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // express compares If-None-Match with the ETag just set, for GET and HEAD only (a POST always gets the bytes).
  if (req.fresh) return void res.status(304).end();
  res.setHeader('Content-Length', String(answer.bytes.length));
  res.status(200).end(req.method === 'HEAD' ? undefined : answer.bytes);
}
