import { createHash } from 'node:crypto';
import { idempotencyKeySchema, type SessionUser } from '@tunafy/contracts';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception.js';

/** The methods a key applies to; reads are repeatable by nature. */
export const KEYED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes whose answer is a session cookie (login, signup, logout): a replayed body without the cookie would be a lie,
 * and each is safe to send again (a second login logs in, a second signup is a clear 409). Keys on them are checked
 * but not recorded; the api-client sends none there.
 */
const SESSION_ROUTES = /^\/api\/auth(\/|$)/;

/** The request's key: undefined without the header, a 400 in the API's error shape for a malformed one. */
export function readIdempotencyKey(req: Pick<Request, 'headers'>): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  // Node joins a repeated header with ", ", which the pattern refuses, so two keys on one request are refused too.
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw.join(', ') : raw);
  if (!parsed.success) throw new ApiException(400, 'BAD_REQUEST', parsed.error.issues[0]!.message);
  return parsed.data;
}

export function isRecordedRoute(path: string): boolean {
  return !SESSION_ROUTES.test(path);
}

/** The record's `_id`: who asked (a key is only unique per client) and the key. A user id never holds a ":". */
export function recordId(req: Pick<Request, 'user'>, key: string): string {
  return `${(req.user as SessionUser | undefined)?.id ?? 'anonymous'}:${key}`;
}

/**
 * What makes a repeat the same request: method, path and, for a JSON or URL-encoded body (parsed by now), a hash of
 * it. A multipart body is not parsed yet at this point (the route's upload interceptor reads it after us) and may be
 * hundreds of MB, so for it the method and path are the fingerprint.
 */
export function fingerprintOf(req: Pick<Request, 'method' | 'originalUrl' | 'headers' | 'body'>): string {
  const path = req.originalUrl.split('?')[0]!;
  const type = String(req.headers['content-type'] ?? '');
  if (type.startsWith('multipart/') || req.body === undefined) return `${req.method} ${path}`;
  const digest = createHash('sha256').update(JSON.stringify(req.body)).digest('base64url');
  return `${req.method} ${path} ${digest}`;
}
