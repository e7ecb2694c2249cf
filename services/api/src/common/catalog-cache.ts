import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { encodeCursor } from './paging.js';
import type { CatalogRevision } from '../database/catalog-revision.js';

const gzipAsync = promisify(gzip);

/** A JSON answer ready to write; `etag` and `encoding` are set for the cached full lists. */
export interface JsonPayload {
  body: Buffer;
  etag?: string;
  encoding?: 'gzip';
}

/**
 * One revision's full list, serialized once. Items are kept as JSON strings
 * sorted by id, so a page is a join over a slice instead of a re-serialization.
 */
export interface CatalogSnapshot {
  revision: number;
  ids: string[];
  items: string[];
  body: Buffer;
  etag: string;
  gzipped: () => Promise<Buffer>;
}

/**
 * Caches a whole catalog list (all songs, all albums) per CatalogRevision.
 * With thousands of rows the database read, the name look-ups and
 * JSON.stringify each cost far more than the request itself, and the list only
 * changes when a catalog write bumps the revision. Concurrent misses share one
 * load.
 */
export class CatalogListCache<T extends { id: string }> {
  private snapshot: CatalogSnapshot | null = null;
  private loading: { revision: number; promise: Promise<CatalogSnapshot> } | null = null;

  constructor(
    private readonly revision: CatalogRevision,
    /** The list's key in the JSON answer: `songs` or `albums`. */
    private readonly key: string,
    /** Every row, sorted by id ascending. */
    private readonly loadAll: () => Promise<T[]>,
  ) {}

  async current(): Promise<CatalogSnapshot> {
    // Read the revision before the rows: rows read afterwards are at least that new, so a write racing the load only causes one extra reload.
    const revision = await this.revision.current();
    if (this.snapshot?.revision === revision) return this.snapshot;
    if (this.loading?.revision !== revision) {
      const promise = this.build(revision).then((snapshot) => {
        // A slower load of an older revision must not replace a newer snapshot.
        if (!this.snapshot || this.snapshot.revision <= snapshot.revision) this.snapshot = snapshot;
        return snapshot;
      });
      const loading = { revision, promise };
      this.loading = loading;
      // Forget the load once settled, failed ones included, so the next request retries.
      const forget = () => {
        if (this.loading === loading) this.loading = null;
      };
      promise.then(forget, forget);
    }
    return this.loading!.promise;
  }

  /** The full list when no paging is asked, else the page after `afterId`. */
  async payload(page: { limit?: number; afterId?: string }, acceptsGzip: boolean): Promise<JsonPayload> {
    const snapshot = await this.current();
    if (!page.limit && !page.afterId) {
      if (acceptsGzip) return { body: await snapshot.gzipped(), etag: gzipEtag(snapshot.etag), encoding: 'gzip' };
      return { body: snapshot.body, etag: snapshot.etag };
    }
    const start = page.afterId ? firstIndexAfter(snapshot.ids, page.afterId) : 0;
    const end = page.limit ? Math.min(snapshot.ids.length, start + page.limit) : snapshot.ids.length;
    const full = page.limit !== undefined && end - start === page.limit;
    const nextCursor = full && end > start ? encodeCursor(snapshot.ids[end - 1]!) : null;
    return { body: Buffer.from(wrap(this.key, snapshot.items.slice(start, end), nextCursor)) };
  }

  private async build(revision: number): Promise<CatalogSnapshot> {
    const rows = await this.loadAll();
    const items = rows.map((row) => JSON.stringify(row));
    const body = Buffer.from(wrap(this.key, items, null));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    let gzipped: Promise<Buffer> | null = null;
    return {
      revision,
      ids: rows.map((row) => row.id),
      items,
      body,
      etag,
      gzipped: () => {
        // Compressed on first demand and kept, so compression costs once per revision instead of per request.
        gzipped ??= gzipAsync(body);
        return gzipped;
      },
    };
  }
}

function wrap(key: string, items: string[], nextCursor: string | null): string {
  return `{${JSON.stringify(key)}:[${items.join(',')}],"next_cursor":${JSON.stringify(nextCursor)}}`;
}

/** A strong ETag differs per content encoding, as RFC 9110 requires. */
function gzipEtag(etag: string): string {
  return `${etag.slice(0, -1)}-gz"`;
}

/** Ids are lower-case hex of equal length, so string order is ObjectId order. */
export function firstIndexAfter(sortedIds: string[], afterId: string): number {
  const target = afterId.toLowerCase();
  let low = 0;
  let high = sortedIds.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sortedIds[middle]! <= target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Writes a cached payload as is. Express answers 304 itself when the request's
 * If-None-Match matches the ETag we set (and computes one for pages); a
 * pre-compressed body carries Content-Encoding, which makes the compression
 * middleware leave it alone.
 */
export function sendJson(res: Response, payload: JsonPayload): void {
  res.setHeader('Cache-Control', 'private, no-cache');
  res.vary('Accept-Encoding');
  if (payload.etag) res.setHeader('ETag', payload.etag);
  if (payload.encoding) res.setHeader('Content-Encoding', payload.encoding);
  res.type('application/json').send(payload.body);
}

export function acceptsGzip(req: Request): boolean {
  return req.acceptsEncodings('gzip', 'identity') === 'gzip';
}
