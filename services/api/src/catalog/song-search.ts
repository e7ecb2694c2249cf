import type { AlbumRecord } from '../albums/albums.repository.js';
import type { ArtistStore } from './artist-store.js';
import { rankedSearch, type Hit, type PrefixIndex, type Searchable, type Stamps, type WordIndex } from './prefix-index.js';
import type { QueryPlan } from './query-plan.js';

/** What the song search reads of the catalog model. */
export interface SongSearchParts {
  titles: WordIndex;
  credits: ArtistStore;
  albums: PrefixIndex<AlbumRecord>;
  /** The album's songs (slots). */
  albumSongs(album: AlbumRecord): ArrayLike<number>;
  /** The folded name (indexedText) of the song's album ('' for none). */
  albumText(slot: number): string;
  plays(slot: number): number;
  compareSlots(a: number, b: number): number;
  stamps: Stamps;
}

/**
 * Songs for a query (docs/search.md): a song is found by the words of its title, of its credited artists' names
 * and of its album's name ("radiohead creep"), each query word scored in the best of those fields (title before
 * artist before album); ties go to the more played. Candidates come from the three indexes' vocabularies: the
 * title postings, the matched artists' songs and the matched albums' songs of the rarest query word.
 */
export function searchSongHits(plan: QueryPlan, parts: SongSearchParts, limit: number): Hit[] {
  const sources = plan.words.map((_, at) => {
    const titles = parts.titles.terms(plan, at);
    const artists = parts.credits.songsMatching(plan, at);
    const albums = parts.albums.matching(plan, at);
    let count = titles.count + artists.count;
    for (const album of [...albums.plain, ...albums.typo]) count += parts.albumSongs(album).length;
    return { titles, artists, albums, count };
  });
  const source: Searchable = {
    capacity: parts.titles.capacity,
    estimate: (at) => sources[at]!.count,
    candidates: (at, tier, visit) => {
      const { titles, artists, albums } = sources[at]!;
      parts.titles.visit(tier === 0 ? titles.plain : titles.typo, visit);
      for (const songs of tier === 0 ? artists.plain : artists.typo) for (let i = 0; i < songs.length; i++) visit(songs[i]!);
      for (const album of tier === 0 ? albums.plain : albums.typo) {
        const songs = parts.albumSongs(album);
        for (let i = 0; i < songs.length; i++) visit(songs[i]!);
      }
    },
    fields: (slot) => [parts.titles.foldedOf(slot), parts.credits.creditedText(slot), parts.albumText(slot)],
    popularity: (slot) => parts.plays(slot),
    compareKeys: (a, b) => parts.compareSlots(a, b),
  };
  return rankedSearch(plan, source, limit, parts.stamps);
}
