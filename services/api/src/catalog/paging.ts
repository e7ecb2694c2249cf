/** Where a page starts: after a row id (a cursor: stable while rows are added), at a position, or at the top. */
export interface PageRequest {
  limit?: number;
  afterId?: string;
  offset?: number;
}

export interface Page<T> {
  items: T[];
  /** The id to continue after, or null when nothing follows. */
  nextAfterId: string | null;
  total: number;
}

/**
 * One page of a list held in memory. `positionAfter` maps a cursor id to the
 * first position after it (a binary search on id-ordered lists), so a page
 * costs O(log n + limit) however long the list. Without a limit the whole list
 * is answered, as the spec's clients expect.
 */
export function pageOf<T>(
  length: number,
  at: (position: number) => T,
  idOf: (item: T) => string,
  request: PageRequest,
  positionAfter: (id: string) => number,
): Page<T> {
  const start = request.afterId !== undefined ? positionAfter(request.afterId) : Math.min(request.offset ?? 0, length);
  const end = request.limit === undefined ? length : Math.min(length, start + request.limit);
  const items: T[] = [];
  for (let position = start; position < end; position++) items.push(at(position));
  const nextAfterId = end < length && items.length > 0 ? idOf(items[items.length - 1]!) : null;
  return { items, nextAfterId, total: length };
}

/** First position whose id sorts after `id` in an ascending list (ids are equal-length lower-case hex). */
export function positionAfterAscending<T>(sorted: readonly T[], idOf: (item: T) => string, id: string): number {
  const target = id.toLowerCase();
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (idOf(sorted[middle]!) <= target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where an item with this id goes in an ascending list (its position if present). */
export function insertionPoint<T>(sorted: readonly T[], idOf: (item: T) => string, id: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (idOf(sorted[middle]!) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Inserts or replaces by id, keeping the list ascending; appends cheaply in the common case of a newest id. */
export function upsertSorted<T>(sorted: T[], idOf: (item: T) => string, item: T): void {
  const id = idOf(item);
  const last = sorted[sorted.length - 1];
  if (last === undefined || idOf(last) < id) {
    sorted.push(item);
    return;
  }
  const at = insertionPoint(sorted, idOf, id);
  if (at < sorted.length && idOf(sorted[at]!) === id) sorted[at] = item;
  else sorted.splice(at, 0, item);
}

export function removeSorted<T>(sorted: T[], idOf: (item: T) => string, id: string): boolean {
  const at = insertionPoint(sorted, idOf, id);
  if (at < sorted.length && idOf(sorted[at]!) === id) {
    sorted.splice(at, 1);
    return true;
  }
  return false;
}

/** The id of a row: what an id-ordered list sorts and pages by. */
export const byId = (row: { id: string }) => row.id;

/** One page of a list kept in id order. */
export function sortedPage<T extends { id: string }>(sorted: readonly T[], request: PageRequest): Page<T> {
  return pageOf(sorted.length, (position) => sorted[position]!, byId, request, (id) => positionAfterAscending(sorted, byId, id));
}
