import type { AlbumRecord } from '../persistence/albums.repository.js';
import type { ArtistStore } from './artist-store.js';
import { minCostOf, rankedSearch, type Hit, type PrefixIndex, type Searchable, type Stamps, type WordIndex } from './prefix-index.js';
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
  const visitOwned = (at: number, cost: number, visit: (slot: number) => void) =>
    parts.owners.visit(parts.owners.terms(plan, at).byCost(cost), (number) => {
      const songs = parts.ownerSongs(number);
      for (let i = 0; i < songs.length; i++) visit(songs[i]!);
    });
  const visitAlbums = (at: number, cost: number, visit: (slot: number) => void) =>
    parts.albums.visitMatching(plan, at, cost, (album) => {
      const songs = parts.albumSongs(album);
      for (let i = 0; i < songs.length; i++) visit(songs[i]!);
    });
  // Asked only when there are several words (one word drives itself), once each.
  const estimates: number[] = [];
  const estimate = (at: number) => {
    let count = parts.titles.terms(plan, at).count + parts.credits.songsMatchingCount(plan, at);
    for (const cost of [0, 1]) {
      parts.albums.visitMatching(plan, at, cost, (album) => (count += parts.albumSongs(album).length));
      parts.owners.visit(parts.owners.terms(plan, at).byCost(cost), (number) => (count += parts.ownerSongs(number).length));
    }
    if (count > 0 || plan.budgets[at] === 0) return count;
    // A word with no exact or prefix match (a typo) brings its typo matches: the titles' are the bulk.
    return parts.titles.terms(plan, at).typoCount();
  };
  // The lowest cost a word matches at in any field; asked for the words that do not drive the search.
  const minCost = (at: number) => {
    const found = (visit: (cost: number, seen: () => void) => void) => {
      let any = false;
      for (const cost of [0, 1]) {
        visit(cost, () => (any = true));
        if (any) return cost;
      }
      return 2;
    };
    const titles = minCostOf(parts.titles.terms(plan, at));
    const owners = minCostOf(parts.owners.terms(plan, at));
    if (titles === 0 || owners === 0) return 0;
    // Albums and artists are fewer than their songs: their own matches are looked at, not their songs.
    const albums = found((cost, seen) => parts.albums.visitMatching(plan, at, cost, seen));
    if (albums === 0) return 0;
    const artists = parts.credits.songsMatchingCount(plan, at) === 0 ? 2 : found((cost, seen) => (cost === 1 ? seen() : parts.credits.visitSongsMatching(plan, at, 0, seen)));
    return Math.min(titles, owners, albums, artists);
  };
  const source: Searchable = {
    capacity: parts.titles.capacity,
    fieldCount: 3,
    estimate: (at) => (estimates[at] ??= estimate(at)),
    minCost,
    // The titles keep ranked lists for short prefixes; a song's other fields are reached only when its titles do not fill the list.
    ranked: (at, cost, field) => (field === 0 ? parts.titles.shortList(plan, at, cost) : null),
    candidates: (at, cost, field, visit) => {
      if (field === 0) parts.titles.visit(parts.titles.terms(plan, at).byCost(cost), visit);
      else if (field === 1) {
        parts.credits.visitSongsMatching(plan, at, cost, visit);
        // A song without credits shows its owner as its artist.
        visitOwned(at, cost, (slot) => {
          if (!parts.credits.hasCredits(slot)) visit(slot);
        });
      } else visitAlbums(at, cost, visit);
    },
    field: (slot, field) =>
      field === 0 ? parts.titles.foldedOf(slot) : field === 1 ? parts.credits.creditedText(slot) || parts.owners.foldedOf(parts.ownerOf(slot)) : parts.albumText(slot),
    name: (slot) => parts.titles.foldedOf(slot),
    popularity: (slot) => parts.plays(slot),
    compareKeys: (a, b) => parts.compareSlots(a, b),
  };
  return rankedSearch(plan, source, limit, parts.stamps);
}
