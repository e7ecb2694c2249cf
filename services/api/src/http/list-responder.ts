import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PageQuery } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { pageBody, type ListSource } from '../catalog/list-source.js';
import { toPageRequest } from '../catalog/page-query.js';
import { listResponseHits, listResponseMisses } from '../observability/metrics.js';

const gzipAsync = promisify(gzip);
/** Full lists up to this many rows are kept serialized (and gzipped) per version; longer ones are streamed. */
const CACHED_ROWS_MAX = 20_000;
/**
 * Rows per write of a streamed list: each slice's JSON string stays under V8's 128 KB large-object size (even with
 * every name at its 100-character limit in two-byte characters), so slices die young instead of waiting for a full
 * collection (docs/decisions/0011-columnar-song-store-and-memory-limits.md).
 */
const STREAM_SLICE = 64;
/** Distinguishes this process's stream ETags from another replica's (versions are per process). */
const BOOT = randomBytes(4).toString('hex');

/**
 * Answers GET /api/songs and /api/albums from the list a service hands over: a page when paging is asked, else
 * the whole list (as the spec's clients ask). A small catalog's answer is serialized once per version and kept with
 * its gzip; a big one is streamed in slices, so memory does not grow with the catalog. Slices continue after the
 * last id sent, so a write during the stream never duplicates or skips a row that stays.
 */
export class ListResponder<T> {
  private cached: { owner: object; version: number; body: Buffer; etag: string; gzipped: Promise<Buffer> | null } | null = null;

  constructor(private readonly key: string) {}

  /**
   * Counts hits and misses of the serialized-list cache (tunafy_cache_lookups_total, cache="list_response"): a whole
   * list built from the cache presents no rows, a miss presents them once. Pages and streamed lists are not lookups.
   */
  async send(req: Request, res: Response, page: PageQuery, source: ListSource<T>): Promise<void> {
    if (isPaged(page)) return this.answer(req, res, page, source);
    let presented = false;
    await this.answer(req, res, page, {
      ...source,
      present: (rows) => {
        presented = true;
        return source.present(rows);
      },
    });
    if (String(res.getHeader('ETag') ?? '').startsWith('W/')) return;
    (presented ? listResponseMisses : listResponseHits).inc();
  }

  private async answer(req: Request, res: Response, page: PageQuery, source: ListSource<T>): Promise<void> {
    res.setHeader('Cache-Control', 'private, no-cache');
    if (isPaged(page)) {
      res.json(pageBody(this.key, await source.pageOf(toPageRequest(page)), source.present));
      return;
    }
    res.vary('Accept-Encoding');
    const total = (await source.pageOf({ limit: 0 })).total;
    if (total <= CACHED_ROWS_MAX) return this.sendCached(req, res, source);
    res.setHeader('ETag', `W/"${this.key}-${BOOT}-${source.version}-${total}"`);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json');
    res.write(`{${JSON.stringify(this.key)}:[`);
    let afterId: string | undefined;
    let written = 0;
    for (;;) {
      const slice = await source.pageOf({ afterId, limit: STREAM_SLICE });
      if (slice.items.length === 0) break;
      const json = source.present(slice.items).map((row) => JSON.stringify(row)).join(',');
      if (res.destroyed) return;
      if (!res.write(written > 0 ? `,${json}` : json)) await once(res, 'drain');
      written += slice.items.length;
      if (!slice.nextAfterId) break;
      afterId = slice.nextAfterId;
    }
    res.end(`],"next_cursor":null,"total":${written}}`);
  }

  private async sendCached(req: Request, res: Response, source: ListSource<T>): Promise<void> {
    let cached = this.cached;
    if (!cached || cached.owner !== source.owner || cached.version !== source.version) {
      const page = await source.pageOf({});
      const body = Buffer.from(JSON.stringify({ [this.key]: source.present(page.items), next_cursor: null, total: page.total }));
      cached = { owner: source.owner, version: source.version, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, gzipped: null };
      this.cached = cached;
    }
    res.type('application/json');
    if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      // Compressed on first demand and kept: once per version instead of per request.
      cached.gzipped ??= gzipAsync(cached.body);
      const gzipped = await cached.gzipped;
      res.setHeader('ETag', `${cached.etag.slice(0, -1)}-gz"`);
      res.setHeader('Content-Encoding', 'gzip');
      res.send(gzipped);
      return;
    }
    res.setHeader('ETag', cached.etag);
    res.send(cached.body);
  }
}

function isPaged(page: PageQuery): boolean {
  return page.limit !== undefined || page.cursor !== undefined || page.offset !== undefined;
}
