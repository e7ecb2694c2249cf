import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A request id a client or proxy may choose: nginx's `$request_id` (32 hex digits), a UUID, or any other
 * token of letters, digits and `._:-`. Anything else (too long, spaces, quotes, control characters that
 * could forge log lines) is replaced by one of ours.
 */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request whose work is running now, if any (a log line written by a timer has none). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The sent id if it is safe, else a new one. */
export function requestIdFrom(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * First middleware of the API: takes the gateway's `X-Request-Id` (or makes one), answers with it, and
 * runs the rest of the request inside its context, so every log line written for it carries the id
 * (pino-http's request line through `req.id`, Nest's loggers through currentRequestId()).
 */
export function requestContext(req: Request, res: Response, next: NextFunction): void {
  const requestId = requestIdFrom(req.headers['x-request-id']);
  (req as Request & { id: string }).id = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  storage.run({ requestId }, next);
}
