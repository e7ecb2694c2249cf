import type { PageQuery } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { ListResponder, type ListSource } from '../catalog/list-responses.js';
import type { Page, PageRequest } from '../catalog/paging.js';
import { listResponseHits, listResponseMisses } from './metrics.js';

/**
 * One whole-catalog list (GET /api/songs, GET /api/albums) answered from a catalog model: a page when paging is
 * asked, else the whole list, cached per the model's version of that list and counted as below.
 */
export class CountedCatalogList<T> {
  private readonly lists: ListResponder<T>;

  constructor(
    private readonly key: 'songs' | 'albums',
    private readonly pageOf: (model: CatalogModel, request: PageRequest) => Page<T>,
  ) {
    this.lists = new ListResponder<T>(key);
  }

  send(model: CatalogModel, page: PageQuery, req: Request, res: Response, present: (rows: T[]) => unknown[]): Promise<void> {
    return sendCountingListCache(this.lists, req, res, page, {
      owner: model,
      version: model.versions[this.key],
      pageOf: (request) => this.pageOf(model, request),
      present,
    });
  }
}

/**
 * ListResponder.send, counting hits and misses of its serialized-list cache (tunafy_cache_lookups_total,
 * cache="list_response") from the outside: a whole-list answer built from the cache presents no rows,
 * a miss presents them once. Pages are never cached and a long list is streamed (its ETag is weak); neither
 * is a lookup. Counted here rather than in catalog/list-responses.ts, which stays free of metrics.
 */
async function sendCountingListCache<T>(lists: ListResponder<T>, req: Request, res: Response, page: PageQuery, source: ListSource<T>): Promise<void> {
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
