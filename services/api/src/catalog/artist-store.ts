import type { ArtistRecord } from '../persistence/artists.repository.js';
import { artistSortKey, artistSortKeyRange } from '../persistence/artist-sort-key.js';
import { pageOf, type Page, type PageRequest } from './paging.js';
import { WordIndex, type Hit } from './prefix-index.js';
import type { QueryPlan } from './query-plan.js';
import { NONE, type SongTable } from './song-table.js';

interface ArtistState {
  record: ArtistRecord;
  /** Its number in credit sets and the per-artist lists. */
  number: number;
  /** artistSortKey: the A–Z order and the letter it is listed under. */
  sortKey: string;
  /** Songs (slots, unordered) that credit it; made on the first (most stored artists have few, many none). */
  songs: number[] | null;
  /** Albums whose album artist it is, by id, as they came; made on the first. */
  albums: string[] | null;
  /** In the A–Z list: it has a song or an album. */
  listed: boolean;
  /** The number of the credit set of this artist alone (NONE until a song credits it alone). */
  soloSet: number;
}

/** An artist with what the A–Z list shows of it. */
export interface ListedArtist {
  record: ArtistRecord;
  songCount: number;
  albumCount: number;
}

const byRecordId = (artist: ListedArtist) => artist.record.id;

/**
 * The credited artists of the catalog (docs/artists.md): records by id and key, each song's credits as one number
 * per distinct list of artists (songs of one artist share theirs, so a million songs cost one Int32 column), the
 * songs crediting each artist, and the A–Z list of artists that have a song or an album. Artists left with neither
 * drop out of the list and read as missing; their record stays, for the next file that names them.
 */
export class ArtistStore {
  private readonly byId = new Map<string, ArtistState>();
  private readonly byKey = new Map<string, ArtistState>();
  private readonly byNumber: ArtistState[] = [];
  /** Listed artists by (sortKey, id). */
  private readonly order: ArtistState[] = [];
  /** By artist number: artists are never removed, so the number serves as the handle (no handle map, no key list). */
  private readonly index = new WordIndex(
    (a, b) => compareIds(this.byNumber[a]!.record.id, this.byNumber[b]!.record.id),
    (number) => this.byNumber[number]!.songs?.length ?? 0,
  );
  /**
   * Credit sets of several artists: their numbers joined by ',' to the set's number. A set of one artist (most) is
   * its ArtistState's soloSet instead, and its members entry the artist's number, not an array: ~100 bytes less each.
   */
  private readonly setNumbers = new Map<string, number>();
  private readonly setMembers: (number | number[])[] = [];

  constructor(private readonly table: SongTable) {}

  get size(): number {
    return this.byId.size;
  }

  put(next: ArtistRecord): void {
    const existing = this.byId.get(next.id);
    if (existing) {
      if (existing.listed) this.unlist(existing);
      existing.record = { ...next };
      existing.sortKey = artistSortKey(next);
      this.refreshListing(existing);
      this.index.put(existing.number, next.name);
      return;
    }
    const state: ArtistState = { record: { ...next }, number: this.byNumber.length, sortKey: artistSortKey(next), songs: null, albums: null, listed: false, soloSet: NONE };
    this.byId.set(next.id, state);
    this.byKey.set(next.key, state);
    this.byNumber.push(state);
    this.index.put(state.number, next.name);
  }

  /** A listed artist; one with no song and no album reads as missing. */
  get(id: string): ListedArtist | null {
    const state = this.byId.get(id);
    return state?.listed ? this.listed(state) : null;
  }

  /** Any stored artist by artistKey, listed or not (the import's look-up before it creates one). */
  byKeyOf(key: string): ArtistRecord | null {
    return this.byKey.get(key)?.record ?? null;
  }

  nameOf(id: string): string | null {
    return this.byId.get(id)?.record.name ?? null;
  }

  /** The number of the credit set of these artists in this order (NONE for none); unknown ids are left out. */
  creditSetOf(ids: readonly string[] | undefined): number {
    const numbers = (ids ?? []).flatMap((id) => this.byId.get(id)?.number ?? []);
    if (numbers.length === 0) return NONE;
    if (numbers.length === 1) {
      const state = this.byNumber[numbers[0]!]!;
      if (state.soloSet === NONE) state.soloSet = this.setMembers.push(state.number) - 1;
      return state.soloSet;
    }
    const key = numbers.join(',');
    let set = this.setNumbers.get(key);
    if (set === undefined) {
      // A copy: flatMap's array keeps spare capacity, and there is one set per distinct credit list.
      set = this.setMembers.push(numbers.slice()) - 1;
      this.setNumbers.set(key, set);
    }
    return set;
  }

  creditIdsOf(set: number): string[] | undefined {
    return set === NONE ? undefined : this.membersOf(set).map((number) => this.byNumber[number]!.record.id);
  }

  /** The song in `slot` starts crediting its credit set's artists (call after the table holds its row). */
  join(slot: number): void {
    const set = this.table.credits(slot);
    if (set === NONE) return;
    for (const number of this.membersOf(set)) {
      const state = this.byNumber[number]!;
      (state.songs ??= []).push(slot);
      // Songs credited rank artists in the short-prefix lists.
      this.index.touch(number);
      if (!state.listed) this.refreshListing(state);
    }
  }

  /** Call before the song's credits change or it goes. */
  leave(slot: number): void {
    const set = this.table.credits(slot);
    if (set === NONE) return;
    for (const number of this.membersOf(set)) {
      const state = this.byNumber[number]!;
      const at = state.songs ? state.songs.lastIndexOf(slot) : -1;
      if (at >= 0) state.songs!.splice(at, 1);
      this.index.touch(number);
      if (!state.songs?.length) this.refreshListing(state);
    }
  }

  /** An album's album artist changed (from or to none). */
  moveAlbum(albumId: string, before: string | undefined, after: string | undefined): void {
    if (before === after) return;
    const from = before === undefined ? undefined : this.byId.get(before);
    const to = after === undefined ? undefined : this.byId.get(after);
    if (from) {
      const at = from.albums ? from.albums.indexOf(albumId) : -1;
      if (at >= 0) from.albums!.splice(at, 1);
      this.refreshListing(from);
    }
    if (to) {
      (to.albums ??= []).push(albumId);
      this.refreshListing(to);
    }
  }

  /** The ids of the albums whose album artist it is (do not change). */
  albumsOf(id: string): readonly string[] {
    return this.byId.get(id)?.albums ?? [];
  }

  /** Drops the spare capacity of the per-artist lists once a load is done (a growing array keeps up to half again). */
  compact(): void {
    for (const state of this.byNumber) {
      if (state.songs) state.songs = state.songs.length > 0 ? state.songs.slice() : null;
      if (state.albums) state.albums = state.albums.length > 0 ? state.albums.slice() : null;
    }
    this.index.compact();
  }

  /** The slots of the songs crediting the artist (unordered; do not change). */
  songsOf(id: string): readonly number[] {
    return this.byId.get(id)?.songs ?? [];
  }

  /** A–Z by sort name, or only those listed under one letter (A–Z, '#'); a cursor is the last artist's id. */
  page(request: PageRequest, letter?: string): Page<ListedArtist> {
    const [from, to] = letter === undefined ? [0, this.order.length] : this.letterRange(letter);
    const positionAfter = (id: string) => {
      const state = this.byId.get(id);
      if (!state) return 0;
      return Math.min(to, Math.max(from, this.insertionPoint(state.sortKey, state.record.id, true))) - from;
    };
    return pageOf(to - from, (position) => this.listed(this.order[from + position]!), byRecordId, request, positionAfter);
  }

  search(text: string, limit: number): ListedArtist[] {
    return this.index.search(text, limit, (number) => this.byNumber[number]!.listed).map((number) => this.listed(this.byNumber[number]!));
  }

  /** Listed artists matching the query, best first, with their scores (docs/search.md). */
  searchScored(plan: QueryPlan, limit: number): { artist: ListedArtist; hit: Hit }[] {
    return this.index.searchHits(plan, limit, (number) => this.byNumber[number]!.listed).map((hit) => ({ artist: this.listed(this.byNumber[hit.handle]!), hit }));
  }

  /** Visits the songs (slots) of the artists whose names hold words query word `at` matches at `cost`. */
  visitSongsMatching(plan: QueryPlan, at: number, cost: number, visit: (slot: number) => void): void {
    this.index.visit(this.index.terms(plan, at).byCost(cost), (number) => {
      const songs = this.byNumber[number]!.songs;
      if (songs) for (let i = 0; i < songs.length; i++) visit(songs[i]!);
    });
  }

  /** How many songs credit the artists query word `at` matches exactly or as a prefix. */
  songsMatchingCount(plan: QueryPlan, at: number): number {
    let count = 0;
    const terms = this.index.terms(plan, at);
    for (const cost of [0, 1]) this.index.visit(terms.byCost(cost), (number) => (count += this.byNumber[number]!.songs?.length ?? 0));
    return count;
  }

  /** Whether the song credits any artist (one column read). */
  hasCredits(slot: number): boolean {
    return this.table.credits(slot) !== NONE;
  }

  /** The folded names (indexedText) of the artists the song credits, one text ('' for none). */
  creditedText(slot: number): string {
    const set = this.table.credits(slot);
    if (set === NONE) return '';
    const members = this.setMembers[set]!;
    if (typeof members === 'number') return this.index.foldedOf(members);
    return members.map((number) => this.index.foldedOf(number)).join(' ');
  }

  /** Every stored artist, listed or not (a snapshot keeps them all). */
  *records(): Generator<ArtistRecord> {
    for (const state of this.byNumber) yield state.record;
  }

  /** The artists' numbers of a credit set (a set of one is kept as the number alone). */
  private membersOf(set: number): readonly number[] {
    const members = this.setMembers[set]!;
    return typeof members === 'number' ? [members] : members;
  }

  private listed(state: ArtistState): ListedArtist {
    return { record: state.record, songCount: state.songs?.length ?? 0, albumCount: state.albums?.length ?? 0 };
  }

  private refreshListing(state: ArtistState): void {
    const listed = (state.songs?.length ?? 0) > 0 || (state.albums?.length ?? 0) > 0;
    if (listed === state.listed) return;
    if (listed) this.order.splice(this.insertionPoint(state.sortKey, state.record.id, false), 0, state);
    else this.unlist(state);
    state.listed = listed;
  }

  private unlist(state: ArtistState): void {
    const at = this.insertionPoint(state.sortKey, state.record.id, false);
    if (this.order[at] === state) this.order.splice(at, 1);
    else {
      const found = this.order.indexOf(state);
      if (found >= 0) this.order.splice(found, 1);
    }
    state.listed = false;
  }

  /** First position of the order not below (sortKey, id), or past it when `after`. */
  private insertionPoint(sortKey: string, id: string, after: boolean): number {
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = this.order[middle]!;
      const comparison = other.sortKey < sortKey ? -1 : other.sortKey > sortKey ? 1 : other.record.id < id ? -1 : other.record.id > id ? 1 : 0;
      if (comparison < 0 || (after && comparison === 0)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The positions of the artists listed under a letter (see artist-sort-key.ts: '#' comes first, then A to Z). */
  private letterRange(letter: string): [number, number] {
    const [from, to] = artistSortKeyRange(letter);
    return [this.insertionPoint(from, '', false), this.insertionPoint(to, '', false)];
  }
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
