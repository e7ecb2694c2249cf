import type { SongRecord } from '../persistence/catalog-records.js';
import type { IntList } from './int-list.js';
import { NO_NUMBER, type SongTable } from './song-table.js';

/** What a song's place on its album depends on. */
export type AlbumOrderKey = Pick<SongRecord, 'id' | 'disc' | 'track'>;

/**
 * Album order: by disc (none counts as disc 1), then track number (songs
 * without one after the numbered songs of their disc), then id, so songs
 * made with the single-song form keep the order they were added in.
 */
export function compareAlbumOrder(a: AlbumOrderKey, b: AlbumOrderKey): number {
  return compareDiscAndTrack(a.disc, a.track, b.disc, b.track) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * An artist's albums as its page lists them: newest first by the year of their newest song (none: last), then the
 * most recently made. Sorts in place.
 */
export function newestAlbumsFirst<A extends { id: string; createdAt: Date }>(albums: A[], yearOf: (albumId: string) => number | null): A[] {
  const years = new Map(albums.map((album) => [album.id, yearOf(album.id) ?? Number.NEGATIVE_INFINITY]));
  return albums.sort((a, b) => years.get(b.id)! - years.get(a.id)! || b.createdAt.getTime() - a.createdAt.getTime());
}

/** The disc-then-track part of album order (see compareAlbumOrder); undefined is a missing disc or track. */
function compareDiscAndTrack(discA: number | undefined, trackA: number | undefined, discB: number | undefined, trackB: number | undefined): number {
  if ((discA ?? 1) !== (discB ?? 1)) return (discA ?? 1) - (discB ?? 1);
  const numberA = trackA ?? Number.POSITIVE_INFINITY;
  const numberB = trackB ?? Number.POSITIVE_INFINITY;
  return numberA === numberB ? 0 : numberA < numberB ? -1 : 1;
}

/** Album order read from the song table's columns, by slot. */
export class AlbumOrder {
  constructor(private readonly table: SongTable) {}

  keyOf(slot: number): AlbumOrderKey {
    return { id: this.table.id(slot), disc: this.discOf(slot), track: this.trackOf(slot) };
  }

  /** compareAlbumOrder on two slots, without making their keys or hex ids (a load sorts every album with it). */
  compareSlots(a: number, b: number): number {
    return compareDiscAndTrack(this.discOf(a), this.trackOf(a), this.discOf(b), this.trackOf(b)) || this.table.compareIdsOf(a, b);
  }

  private discOf(slot: number): number | undefined {
    const disc = this.table.disc(slot);
    return disc === NO_NUMBER ? undefined : disc;
  }

  private trackOf(slot: number): number | undefined {
    const track = this.table.track(slot);
    return track === NO_NUMBER ? undefined : track;
  }
}

/** First position whose song sorts after the key `compareTo` compares against (it answers slot vs key). */
export function firstPositionAfter(songs: IntList, compareTo: (slot: number) => number): number {
  let low = 0;
  let high = songs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareTo(songs.at(middle)) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
