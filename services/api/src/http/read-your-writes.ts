import { parse, serialize } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';
import { runWithRevisions, type RevisionContext } from '../catalog/read-your-writes.js';

/** Carries the catalog revision of a client's own writes between replicas (catalog/read-your-writes.ts). */
export const CATALOG_REVISION_COOKIE = 'tunafy.rev';

/**
 * Past this the cookie is dropped: every replica has re-read the feed by then (it does at most every
 * CATALOG_RECHECK_MS). Short, so a revision from a database since restored (and numbered lower) is not asked for long.
 */
const COOKIE_MAX_AGE_S = 60;

/** The largest revision a cookie may name; anything else is ignored (no request can make a replica sync forever). */
const MAX_REVISION = Number.MAX_SAFE_INTEGER;
const REVISION_DIGITS = /^\d{1,16}$/;

/** The revision named by the request's cookie, or 0. */
export function revisionFromCookie(header: string | undefined): number {
  if (!header) return 0;
  const value = parse(header)[CATALOG_REVISION_COOKIE];
  const revision = value !== undefined && REVISION_DIGITS.test(value) ? Number(value) : 0;
  return revision <= MAX_REVISION ? revision : 0;
}

/** Middleware: reads the cookie into the request's context, and sets it on an answer whose request wrote. */
export function readYourWrites({ secure }: { secure: boolean }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const wanted = revisionFromCookie(req.headers.cookie);
    // Most requests are reads that bring no revision: nothing to look for, nothing to hand out.
    if (wanted === 0 && (req.method === 'GET' || req.method === 'HEAD')) return next();
    const context: RevisionContext = { wanted, wrote: 0 };
    onHeaders(res, () => {
      if (context.wrote === 0) return;
      const cookie = serialize(CATALOG_REVISION_COOKIE, String(Math.max(context.wrote, context.wanted)), { path: '/api', httpOnly: true, sameSite: 'lax', secure, maxAge: COOKIE_MAX_AGE_S });
      res.append('Set-Cookie', cookie);
    });
    runWithRevisions(context, next);
  };
}
