import { artistKey, artistLetter } from '@tunafy/contracts';
import type { ArtistRecord } from './catalog-records.js';

/**
 * The A–Z order's key: artistKey of the sort name, after '0' for names listed under '#' (first, as apps list them) or
 * '1'. The MongoDB read adapter stores it on the artist as `sort_key` to page by it.
 */
export function artistSortKey(record: Pick<ArtistRecord, 'name' | 'sortName'>): string {
  const key = artistKey(record.sortName ?? record.name);
  return (artistLetter(key) === '#' ? '0' : '1') + key;
}

/** The sort keys of the artists listed under a letter (A–Z, '#'), from inclusive, to exclusive. */
export function artistSortKeyRange(letter: string): [string, string] {
  const lower = letter.toLowerCase();
  return letter === '#' ? ['0', '1'] : [`1${lower}`, `1${String.fromCharCode(lower.charCodeAt(0) + 1)}`];
}
