import { IntList } from './int-list.js';
import { pageOf, type Page, type PageRequest } from './paging.js';
import { indexedText, QueryPlan } from './query-plan.js';
import { NONE, type SongTable } from './song-table.js';

/**
 * Case and accents ignored. One collator for the process: `localeCompare` with a locale or options builds an ICU
 * collator per call, and every search sorts the genres.
 */
const BY_NAME = new Intl.Collator('en', { sensitivity: 'base' });

/** The genres list's order: by name with case and accents ignored, then as stored (the MongoDB read adapter's too). */
export function compareGenreNames(a: string, b: string): number {
  return BY_NAME.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Songs by genre (the tag's text, as stored): each genre's songs in id order (the order the songs list uses), so a
 * genre page costs a binary search and its rows, like the other lists. Genres are few (hundreds), songs many.
 */
export class GenreStore {
  /** By the genre's number in the model's strings. */
  private readonly songs = new Map<number, IntList>();
  /** Folded names (indexedText) by genre number (numbers are never reused for another name). */
  private readonly words = new Map<number, string>();
  private loading = false;

  constructor(
    private readonly table: SongTable,
    private readonly nameOf: (number: number) => string,
    private readonly numberOf: (name: string) => number | undefined,
  ) {}

  /** Appends without keeping order (a load); finishLoad() sorts each genre once. */
  beginLoad(): void {
    this.loading = true;
  }

  finishLoad(): void {
    if (!this.loading) return;
    this.loading = false;
    for (const list of this.songs.values()) list.view().sort((a, b) => this.table.compareIdsOf(a, b));
  }

  compact(): void {
    for (const list of this.songs.values()) list.compact();
  }

  join(slot: number): void {
    const genre = this.table.genre(slot);
    if (genre === NONE) return;
    let list = this.songs.get(genre);
    if (!list) this.songs.set(genre, (list = new IntList()));
    if (this.loading || list.length === 0 || this.table.compareIdsOf(list.at(list.length - 1), slot) < 0) list.push(slot);
    else list.insert(this.positionAfter(list, slot), slot);
  }

  /** Call before the song's genre changes or it goes. */
  leave(slot: number): void {
    const genre = this.table.genre(slot);
    const list = genre === NONE ? undefined : this.songs.get(genre);
    if (!list) return;
    const at = this.positionAfter(list, slot) - 1;
    const found = at >= 0 && list.at(at) === slot ? at : list.indexOf(slot);
    if (found >= 0) list.removeAt(found);
    if (list.length === 0) this.songs.delete(genre);
  }

  /** Every genre with a song, by name (case ignored). */
  list(): { name: string; songCount: number }[] {
    return this.sorted([...this.songs.keys()]);
  }

  /** Genres matching every query word (typos and prefixes as everywhere, docs/search.md), best first, then by name. */
  search(text: string | QueryPlan, limit: number): { name: string; songCount: number }[] {
    const plan = typeof text === 'string' ? new QueryPlan(text) : text;
    if (plan.empty) return [];
    const outcome = { all: false, matched: 0 };
    const scores = new Map<number, number>();
    for (const number of this.songs.keys()) {
      const score = plan.score([this.wordsOf(number)], outcome);
      if (outcome.all) scores.set(number, score);
    }
    const byName = this.sorted([...scores.keys()]);
    const score = (name: string) => scores.get(this.numberOf(name)!)!;
    return byName.sort((a, b) => score(a.name) - score(b.name)).slice(0, limit);
  }

  /** The genre's songs' slots in id order, paged (null: no such genre). */
  page(name: string, request: PageRequest): Page<number> | null {
    const number = this.numberOf(name);
    const list = number === undefined ? undefined : this.songs.get(number);
    if (!list) return null;
    return pageOf(list.length, (position) => list.at(position), (slot) => this.table.id(slot), request, (id) => this.positionAfterId(list, id));
  }

  private sorted(numbers: number[]): { name: string; songCount: number }[] {
    return numbers
      .map((number) => ({ name: this.nameOf(number), songCount: this.songs.get(number)!.length }))
      .sort((a, b) => compareGenreNames(a.name, b.name));
  }

  /** A genre's folded name, made once: every search looks at every genre. */
  private wordsOf(number: number): string {
    let words = this.words.get(number);
    if (words === undefined) this.words.set(number, (words = indexedText(this.nameOf(number))));
    return words;
  }

  private positionAfter(list: IntList, slot: number): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.table.compareIdsOf(list.at(middle), slot) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private positionAfterId(list: IntList, id: string): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.table.id(list.at(middle)) <= id) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
