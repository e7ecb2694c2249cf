import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeCursor } from './paging.js';
import type { CatalogRevision } from '../database/catalog-revision.js';
import { CatalogListCache, firstIndexAfter } from './catalog-cache.js';

const ids = ['0'.repeat(23) + '1', '0'.repeat(23) + '5', '0'.repeat(23) + 'a'];

function setup() {
  let revision = 1;
  let loads = 0;
  const fakeRevision = { current: async () => revision } as unknown as CatalogRevision;
  const cache = new CatalogListCache(fakeRevision, 'songs', async () => {
    loads += 1;
    return ids.map((id) => ({ id, loadedAt: loads }));
  });
  return { cache, bump: () => (revision += 1), loads: () => loads };
}

const parse = (body: Buffer) => JSON.parse(body.toString('utf8'));

describe('CatalogListCache', () => {
  it('loads once per revision, sharing a load between concurrent requests', async () => {
    const { cache, bump, loads } = setup();
    const [first, second] = await Promise.all([cache.payload({}, false), cache.payload({}, false)]);
    expect(loads()).toBe(1);
    expect(second.body).toBe(first.body);
    expect(parse(first.body)).toEqual({ songs: ids.map((id) => ({ id, loadedAt: 1 })), next_cursor: null });
    bump();
    const third = await cache.payload({}, false);
    expect(loads()).toBe(2);
    expect(third.etag).not.toBe(first.etag);
  });

  it('serves a gzipped copy with its own ETag', async () => {
    const { cache } = setup();
    const plain = await cache.payload({}, false);
    const gzipped = await cache.payload({}, true);
    expect(gzipped.encoding).toBe('gzip');
    expect(gunzipSync(gzipped.body)).toEqual(plain.body);
    expect(gzipped.etag).toBe(`${plain.etag!.slice(0, -1)}-gz"`);
  });

  it('pages after a cursor with the next cursor only on full pages', async () => {
    const { cache } = setup();
    const first = parse((await cache.payload({ limit: 2 }, false)).body);
    expect(first.songs.map((row: { id: string }) => row.id)).toEqual(ids.slice(0, 2));
    expect(first.next_cursor).toBe(encodeCursor(ids[1]!));
    const second = parse((await cache.payload({ limit: 2, afterId: ids[1] }, false)).body);
    expect(second).toEqual({ songs: [{ id: ids[2], loadedAt: 1 }], next_cursor: null });
    const rest = parse((await cache.payload({ afterId: ids[0] }, false)).body);
    expect(rest.songs).toHaveLength(2);
  });

  it('retries after a failed load', async () => {
    let fail = true;
    const cache = new CatalogListCache({ current: async () => 1 } as unknown as CatalogRevision, 'albums', async () => {
      if (fail) throw new Error('db down');
      return [{ id: ids[0]! }];
    });
    await expect(cache.payload({}, false)).rejects.toThrow('db down');
    fail = false;
    expect(parse((await cache.payload({}, false)).body).albums).toHaveLength(1);
  });
});

describe('firstIndexAfter', () => {
  it('finds the first id after the cursor, present or not', () => {
    expect(firstIndexAfter(ids, ids[0]!)).toBe(1);
    expect(firstIndexAfter(ids, '0'.repeat(23) + '3')).toBe(1);
    expect(firstIndexAfter(ids, 'f'.repeat(24))).toBe(3);
    expect(firstIndexAfter(ids, '0'.repeat(24))).toBe(0);
    expect(firstIndexAfter(ids, ids[2]!.toUpperCase())).toBe(3);
  });
});
