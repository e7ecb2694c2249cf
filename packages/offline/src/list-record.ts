/**
 * A downloaded list kept whole (docs/offline.md): the pages read it by position (`?limit=&offset=`, with page sizes
 * and offsets that depend on the scroll position and on Play), so the service worker answers any page by slicing it
 * rather than keeping the exact URLs a download happened to read.
 */

export interface ListRecord {
  /** The answer's field holding the rows: `playlist_songs`, `songs` or `tracks`. */
  items_key: string;
  /** The rest of the first page's answer (total, next_cursor, ...). */
  base: Record<string, unknown>;
  items: unknown[];
}

/** Reads pages of `limit` rows until `total`; `fetchPage` answers one page's JSON. */
export async function readWholeList(
  itemsKey: string,
  pageSize: number,
  fetchPage: (offset: number, limit: number) => Promise<Record<string, unknown>>,
): Promise<ListRecord> {
  const items: unknown[] = [];
  let base: Record<string, unknown> = {};
  for (let offset = 0; ; offset += pageSize) {
    const answer = await fetchPage(offset, pageSize);
    const page = answer[itemsKey];
    if (!Array.isArray(page)) throw new Error(`the list's answer has no "${itemsKey}" array`);
    if (offset === 0) base = Object.fromEntries(Object.entries(answer).filter(([key]) => key !== itemsKey));
    items.push(...page);
    const total = typeof answer.total === 'number' ? answer.total : items.length;
    if (page.length < pageSize || items.length >= total) break;
  }
  return { items_key: itemsKey, base: { ...base, total: items.length }, items };
}

/**
 * The answer the API would give for `?limit=&offset=` over the stored list: the same shape, `total` the whole count.
 * Without `limit` the API answers the whole list, and so does this.
 */
export function sliceList(record: ListRecord, search: URLSearchParams): Record<string, unknown> {
  const limit = Number.parseInt(search.get('limit') ?? '', 10);
  const offset = Math.max(0, Number.parseInt(search.get('offset') ?? '0', 10) || 0);
  const end = Number.isFinite(limit) && limit > 0 ? offset + limit : record.items.length;
  const items = record.items.slice(offset, end);
  return { ...record.base, total: record.items.length, next_cursor: null, [record.items_key]: items };
}
