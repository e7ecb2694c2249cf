import type { PageQuery } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import type { ListResponder, ListSource } from '../catalog/list-responses.js';
import { listResponseHits, listResponseMisses } from './metrics.js';

/**
 * ListResponder.send, counting hits and misses of its serialized-list cache (tunafy_cache_lookups_total,
 * cache="list_response") from the outside: a whole-list answer built from the cache presents no rows,
 * a miss presents them once. Pages are never cached and a long list is streamed (its ETag is weak); neither
 * is a lookup. Counted here rather than in catalog/list-responses.ts, which stays free of metrics.
 */
export async function sendCountingListCache<T>(lists: ListResponder<T>, req: Request, res: Response, page: PageQuery, source: ListSource<T>): Promise<void> {
  if (page.limit !== undefined || page.cursor !== undefined || page.offset !== undefined) return lists.send(req, res, page, source);
  let presented = false;
  await lists.send(req, res, page, {
    ...source,
    present: (rows) => {
      presented = true;
      return source.present(rows);
    },
  });
  if (String(res.getHeader('ETag') ?? '').startsWith('W/')) return;
  (presented ? listResponseMisses : listResponseHits).inc();
}
