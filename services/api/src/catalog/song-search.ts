import type { AlbumRecord } from '../albums/albums.repository.js';
import type { ArtistStore } from './artist-store.js';
import { rankedSearch, type Hit, type PrefixIndex, type Searchable, type Stamps, type WordIndex } from './prefix-index.js';
import type { QueryPlan } from './query-plan.js';

/** What the song search reads of the catalog model. */
export interface SongSearchParts {
  titles: WordIndex;
  credits: ArtistStore;
  albums: PrefixIndex<AlbumRecord>;
  /** Usernames by user number: a song without credits is shown as its owner's, and found by the owner's name. */
  owners: WordIndex;
  /** The songs (slots) the user owns. */
  ownerSongs(number: number): readonly number[];
  /** The song's owner's number. */
  ownerOf(slot: number): number;
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
 * artist before album; the artist is the owner's username when the song credits none); ties go to the more played.
 * Candidates come from the indexes' vocabularies: the title postings, the matched artists', owners' and albums'
 * songs of the rarest query word.
 */
export function searchSongHits(plan: QueryPlan, parts: SongSearchParts, limit: number): Hit[] {
  const sources = plan.words.map((_, at) => {
    const titles = parts.titles.terms(plan, at);
    const artists = parts.credits.songsMatching(plan, at);
    const albums = parts.albums.matching(plan, at);
    const ownerTerms = parts.owners.terms(plan, at);
    const owners = { plain: [] as number[], typo: [] as number[] };
    parts.owners.visit(ownerTerms.plain, (number) => owners.plain.push(number));
    parts.owners.visit(ownerTerms.typo, (number) => owners.typo.push(number));
    let count = titles.count + artists.count;
    for (const number of [...owners.plain, ...owners.typo]) count += parts.ownerSongs(number).length;
    for (const album of [...albums.plain, ...albums.typo]) count += parts.albumSongs(album).length;
    return { titles, artists, albums, owners, count };
  });
  const source: Searchable = {
    capacity: parts.titles.capacity,
    estimate: (at) => sources[at]!.count,
    candidates: (at, tier, visit) => {
      const { titles, artists, albums, owners } = sources[at]!;
      parts.titles.visit(tier === 0 ? titles.plain : titles.typo, visit);
      for (const songs of tier === 0 ? artists.plain : artists.typo) for (let i = 0; i < songs.length; i++) visit(songs[i]!);
      for (const album of tier === 0 ? albums.plain : albums.typo) {
        const songs = parts.albumSongs(album);
        for (let i = 0; i < songs.length; i++) visit(songs[i]!);
      }
      for (const number of tier === 0 ? owners.plain : owners.typo) for (const slot of parts.ownerSongs(number)) visit(slot);
    },
    fields: (slot) => [parts.titles.foldedOf(slot), parts.credits.creditedText(slot) || parts.owners.foldedOf(parts.ownerOf(slot)), parts.albumText(slot)],
    popularity: (slot) => parts.plays(slot),
    compareKeys: (a, b) => parts.compareSlots(a, b),
  };
  return rankedSearch(plan, source, limit, parts.stamps);
}
