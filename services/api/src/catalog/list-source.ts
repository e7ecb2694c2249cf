import type { Paged } from '@tunafy/contracts';
import { encodeCursor } from '../common/paging.js';
import type { CatalogModel } from './catalog-model.js';
import type { Page, PageRequest } from './paging.js';

/** A page answer: `{<key>: [...], next_cursor, total}`. */
export function pageBody<K extends string, T, V>(key: K, page: Page<T>, present: (items: T[]) => V[]): { [P in K]: V[] } & Paged {
  const rows = { [key]: present(page.items) } as { [P in K]: V[] };
  return { ...rows, next_cursor: page.nextAfterId ? encodeCursor(page.nextAfterId) : null, total: page.total };
}

/** A whole-catalog list as a service hands it to the HTTP edge, which pages, caches, compresses or streams it. */
export interface ListSource<T> {
  /** Identifies the content: the same owner and version mean the same rows. */
  owner: object;
  version: number;
  /** Any page of the list (by cursor, offset or from the top); a database-backed read port answers it later. */
  pageOf: (request: PageRequest) => Page<T> | Promise<Page<T>>;
  present: (rows: T[]) => unknown[];
}

/**
 * The catalog's songs or albums, versioned by the model's count of changes to that list (which this process's model
 * keeps whichever read port answers the pages: CatalogReads).
 */
export function catalogListSource<T>(
  model: CatalogModel,
  key: 'songs' | 'albums',
  pageOf: (request: PageRequest) => Promise<Page<T>>,
  present: (rows: T[]) => unknown[],
): ListSource<T> {
  return { owner: model, version: model.versions[key], pageOf, present };
}
