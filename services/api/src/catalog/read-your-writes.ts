import { AsyncLocalStorage } from 'node:async_hooks';
import { parse, serialize } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';

/**
 * Read-your-writes across API replicas. Each replica answers reads from its own copy of the catalog and picks up
 * the other replicas' changes at most every CATALOG_RECHECK_MS (1 s), so behind a gateway that spreads requests a
 * person who adds a song to a playlist through one replica could open the playlist through the other and not find
 * it. A write's answer therefore carries the catalog revision it took, in a short-lived cookie; a read that brings
 * it to a replica whose copy is older catches that copy up first. Other people's changes still arrive within
 * CATALOG_RECHECK_MS; one's own are there on the next request, on any replica
 * (docs/decisions/0008-replicas-follow-a-polled-change-log.md).
 */
export const CATALOG_REVISION_COOKIE = 'tunafy.rev';

/**
 * Past this the cookie is dropped: every replica has re-read the feed by then (it does at most every
 * CATALOG_RECHECK_MS). Short, so a revision from a database since restored (and numbered lower) is not asked for long.
 */
const COOKIE_MAX_AGE_S = 60;

/** The largest revision a cookie may name; anything else is ignored (no request can make a replica sync forever). */
const MAX_REVISION = Number.MAX_SAFE_INTEGER;
const REVISION_DIGITS = /^\d{1,16}$/;

interface RevisionContext {
  /** The revision the client has seen its own writes take (0: none). */
  wanted: number;
  /** The newest revision a write of this request took (0: none). */
  wrote: number;
}

const storage = new AsyncLocalStorage<RevisionContext>();

/** The revision named by the request's cookie, or 0. */
export function revisionFromCookie(header: string | undefined): number {
  if (!header) return 0;
  const value = parse(header)[CATALOG_REVISION_COOKIE];
  const revision = value !== undefined && REVISION_DIGITS.test(value) ? Number(value) : 0;
  return revision <= MAX_REVISION ? revision : 0;
}

/** The revision the request being served must see (0 outside a request, or when it brings none). */
export function revisionWanted(): number {
  return storage.getStore()?.wanted ?? 0;
}

/** Notes that a write of the request being served took this revision; its answer hands it to the client. */
export function noteRevisionWritten(revision: number): void {
  const context = storage.getStore();
  if (context && revision > context.wrote) context.wrote = revision;
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
    storage.run(context, next);
  };
}
