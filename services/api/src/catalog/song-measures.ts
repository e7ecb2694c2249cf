import type { SongLoudness } from '@tunafy/contracts';
import { AlbumLoudnessSum, NO_LOUDNESS, songLoudnessOf } from '../persistence/loudness-values.js';
import type { AlbumState } from './album-store.js';
import type { SongRecord } from '../persistence/catalog-records.js';
import { NONE, type SongTable } from './song-table.js';

/** What the loudness job and the lyrics index read of the song table (docs/streaming.md "Loudness", docs/lyrics.md). */
export class SongMeasures {
  /**
   * Albums' loudness (packed, loudness-values.ts) by handle as of a songs version: worked out from their songs on first
   * read and again after any song changed, so a page of an album's rows costs one pass over the album, not one per row.
   */
  private readonly albumLoudnesses = new Map<number, { version: number; packed: number }>();

  constructor(
    private readonly table: SongTable,
    private readonly songsVersion: () => number,
  ) {}

  /**
   * The song's loudness with its album's: the album's from the ReplayGain album tags of its songs when any carries
   * them, else from its measured tracks; null while the track is not measured.
   */
  songLoudness(song: SongRecord, album: AlbumState | undefined): SongLoudness | null {
    if (song.loudness === undefined) return null;
    return songLoudnessOf(song.loudness, album ? this.albumLoudness(album) : NO_LOUDNESS);
  }

  forgetAlbum(handle: number): void {
    this.albumLoudnesses.delete(handle);
  }

  /** Every song with lyrics and when they were stored (the lyrics index's check of its copy). One pass over a column. */
  songsWithLyrics(): Map<string, number> {
    const found = new Map<string, number>();
    for (let position = 0; position < this.table.size; position++) {
      const slot = this.table.slotAt(position);
      const at = this.table.lyricsAt(slot);
      if (at !== 0) found.set(this.table.id(slot), at);
    }
    return found;
  }

  /** Songs whose loudness is not known yet (the loudness job's "of Y"). One pass over a column. */
  unmeasuredSongCount(): number {
    let count = 0;
    for (let position = 0; position < this.table.size; position++) if (this.table.loudness(this.table.slotAt(position)) === NONE) count++;
    return count;
  }

  private albumLoudness(state: AlbumState): number {
    const version = this.songsVersion();
    const cached = this.albumLoudnesses.get(state.handle);
    if (cached?.version === version) return cached.packed;
    const sum = new AlbumLoudnessSum();
    let tagged = NO_LOUDNESS;
    for (const slot of state.songs.view()) {
      const fromTags = this.table.albumLoudness(slot);
      if (fromTags !== NONE) {
        tagged = fromTags;
        break;
      }
      sum.add(this.table.loudness(slot), this.table.duration(slot));
    }
    const packed = tagged !== NO_LOUDNESS ? tagged : sum.packed();
    this.albumLoudnesses.set(state.handle, { version, packed });
    return packed;
  }
}
