import { parse as parseCookies } from 'cookie';
import { signedCookie } from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { sessionUserOf } from './session.serializer.js';
import type { SessionStore } from './session-store.js';

export interface ReadOnlySessionOptions {
  /** The session cookie's name, as given to express-session. */
  name: string;
  /** express-session's signing secret(s); the first signs, all verify. */
  secrets: string[];
  store: Pick<SessionStore, 'peek'>;
}

/**
 * The session id a request's cookie carries, verified as express-session
 * verifies it: only a cookie signed (`s:` prefix) with one of our secrets
 * counts; an unsigned or forged one is no session at all.
 */
export function sessionIdOf(cookieHeader: string | undefined, { name, secrets }: Pick<ReadOnlySessionOptions, 'name' | 'secrets'>): string | null {
  if (!cookieHeader) return null;
  const raw = parseCookies(cookieHeader)[name];
  if (!raw?.startsWith('s:')) return null;
  const sid = signedCookie(raw, secrets);
  return typeof sid === 'string' && sid !== '' ? sid : null;
}

/**
 * Sets `req.user` for requests that only read, without express-session and
 * passport.session(). Media GET/HEAD is the hot path of the product (every
 * play and seek of a song, every cover): there the full chain cost about a
 * sixth of the API's CPU per stream — parsing every cookie into `req.cookies`,
 * cloning the session so it can be changed, and hashing it again at the end
 * to find out it was not (docs/benchmarks.md). A read needs none of that: it
 * verifies the cookie, asks the store (whose in-memory cache answers the same
 * sessions, logouts and expiry rules as express-session sees) and never
 * writes. It does not extend the session's life; the product's other
 * requests do that.
 */
export function readOnlySession(options: ReadOnlySessionOptions) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const sid = sessionIdOf(req.headers.cookie, options);
    if (!sid) return next();
    options.store.peek(sid).then(
      (session) => {
        const user = sessionUserOf((session as { passport?: { user?: unknown } } | null)?.passport?.user);
        if (user) req.user = user;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}
