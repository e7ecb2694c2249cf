import { describe, expect, it } from 'vitest';
import { readWholeList, sliceList } from './list-record.js';

const rows = Array.from({ length: 7 }, (_, index) => ({ song: { id: `s${index}` } }));

describe('readWholeList', () => {
  it('reads page after page until total, keeping the answer around the rows', async () => {
    const asked: string[] = [];
    const record = await readWholeList('playlist_songs', 3, async (offset, limit) => {
      asked.push(`${offset}+${limit}`);
      return { playlist_songs: rows.slice(offset, offset + limit), total: rows.length, next_cursor: null };
    });
    expect(asked).toEqual(['0+3', '3+3', '6+3']);
    expect(record.items).toEqual(rows);
    expect(record.base).toEqual({ total: 7, next_cursor: null });
  });

  it('refuses an answer without the rows it expects', async () => {
    await expect(readWholeList('tracks', 3, async () => ({ songs: [] }))).rejects.toThrow('"tracks"');
  });
});

describe('sliceList', () => {
  const record = { items_key: 'tracks', base: { total: 7, next_cursor: null }, items: rows };

  it('answers any page by position, with the whole count', () => {
    expect(sliceList(record, new URLSearchParams('limit=3&offset=3'))).toEqual({ total: 7, next_cursor: null, tracks: rows.slice(3, 6) });
    // Play from a row asks for a run that is not page-aligned.
    expect(sliceList(record, new URLSearchParams('limit=4&offset=5')).tracks).toEqual(rows.slice(5));
  });

  it('answers the whole list without a limit, as the API does', () => {
    expect(sliceList(record, new URLSearchParams()).tracks).toEqual(rows);
  });
});
