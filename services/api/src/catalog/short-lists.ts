import { nameTierOf, wordsOfIndexed } from './query-plan.js';
import type { ShortList, Stamps } from './ranked-search.js';

/** Query words this short (one or two letters: no typos) are answered from ranked lists kept per prefix (ShortLists). */
export const SHORT_PREFIX_MAX = 2;
/** Handles a short prefix's list keeps: more than any as-typed page (limit 20) asks, with room for removals. */
const SHORT_LIST_SIZE = 64;
/** An incomplete list that removals shrank below this is dropped and ranked again when next asked. */
const SHORT_LIST_MIN = 32;

/** What the lists read of their word index (WordIndex): its vocabulary, postings and tie-breakers. */
export interface ShortListIndex {
  /** Every word that has postings, sorted. */
  words(): readonly string[];
  readonly postings: ReadonlyMap<string, number | number[]>;
  /** Handles are below this. */
  capacity(): number;
  readonly stamps: Stamps;
  /** The indexed handle's indexedText. */
  nameOf(handle: number): string;
  /** Whether the handle is indexed. */
  has(handle: number): boolean;
  popularityOf(handle: number): number;
  compareKeys(a: number, b: number): number;
}

/**
 * One word index's ranked lists by cost (0: the name has the word exactly, 1: a longer word starting with it) then
 * short prefix (docs/search.md, "Short prefixes"): a one-letter keystroke's prefix reaches a large share of a big
 * catalog, whose postings a search would otherwise visit whole to find the best few. Made for the whole vocabulary by
 * rankAll() (or when first asked) and kept exact on every put, remove and touch (popularity change), under one rule:
 * every handle of a group that is not in its list ranks after the list's last.
 */
export class ShortLists {
  private readonly lists: Map<string, ShortList>[] = [new Map(), new Map()];

  constructor(private readonly index: ShortListIndex) {}

  /** The ranked list of a short query word's (cost 0 or 1) group, made when first asked. */
  get(query: string, cost: number): ShortList {
    const lists = this.lists[cost]!;
    let list = lists.get(query);
    if (!list) lists.set(query, (list = this.rank(query, cost)));
    return list;
  }

  /** Ranks every short prefix's groups (at build time: one walk of the sorted vocabulary per prefix). */
  rankAll(): void {
    for (const lists of this.lists) lists.clear();
    const prefixes = new Set<string>();
    for (const word of this.index.words()) for (let length = 1; length <= Math.min(SHORT_PREFIX_MAX, word.length); length++) prefixes.add(word.slice(0, length));
    for (const prefix of prefixes) {
      if (this.index.postings.has(prefix)) this.lists[0]!.set(prefix, this.rank(prefix, 0));
      this.lists[1]!.set(prefix, this.rank(prefix, 1));
    }
  }

  /** Re-ranks the (indexed) handle: its popularity or key changed. */
  touch(handle: number): void {
    if (!this.index.has(handle) || !this.any()) return;
    this.drop(handle);
    this.offer(handle);
  }

  /** Puts the (indexed) handle in the lists of its groups where it ranks. */
  offer(handle: number): void {
    if (!this.any()) return;
    this.groups(handle, (cost, prefix) => {
      const list = this.lists[cost]!.get(prefix);
      if (!list) return;
      const handles = list.handles;
      // Past the last of an incomplete list it ranks after it, as every handle left out does.
      if (!list.complete && (handles.length === 0 || this.compare(prefix, handle, handles[handles.length - 1]!) > 0)) return;
      handles.splice(this.position(prefix, handles, handle), 0, handle);
      if (handles.length > SHORT_LIST_SIZE) {
        handles.pop();
        list.complete = false;
      }
    });
  }

  /** Takes the (still indexed) handle out of its groups' lists; the rest still rank before everything left out. */
  drop(handle: number): void {
    if (!this.any()) return;
    this.groups(handle, (cost, prefix) => {
      const lists = this.lists[cost]!;
      const list = lists.get(prefix);
      if (!list) return;
      const at = list.handles.indexOf(handle);
      if (at < 0) return;
      list.handles.splice(at, 1);
      if (!list.complete && list.handles.length < SHORT_LIST_MIN) lists.delete(prefix);
      else if (list.complete && list.handles.length === 0) lists.delete(prefix);
    });
  }

  /** The group's best SHORT_LIST_SIZE handles, from its postings (a handle under two of its words counts once). */
  private rank(prefix: string, cost: number): ShortList {
    const words = this.index.words();
    const postings = this.index.postings;
    const groupWords: string[] = [];
    if (cost === 0) {
      if (postings.has(prefix)) groupWords.push(prefix);
    } else for (let position = lowerBound(words, prefix); position < words.length && words[position]!.startsWith(prefix); position++) if (words[position] !== prefix) groupWords.push(words[position]!);
    const seen = this.index.stamps.next(this.index.capacity());
    const handles: number[] = [];
    let complete = true;
    for (const word of groupWords) {
      const list = postings.get(word)!;
      const count = typeof list === 'number' ? 1 : list.length;
      for (let i = 0; i < count; i++) {
        const handle = typeof list === 'number' ? list : list[i]!;
        if (seen.stamps[handle] === seen.visit) continue;
        seen.stamps[handle] = seen.visit;
        if (handles.length === SHORT_LIST_SIZE) {
          complete = false;
          if (this.compare(prefix, handle, handles[SHORT_LIST_SIZE - 1]!) >= 0) continue;
          handles.pop();
        }
        handles.splice(this.position(prefix, handles, handle), 0, handle);
      }
    }
    return { handles, complete };
  }

  /** The order of a one-word search's hits within one (cost, field) group: the name's tier, popularity, length, key. */
  private compare(prefix: string, a: number, b: number): number {
    const index = this.index;
    const nameA = index.nameOf(a);
    const nameB = index.nameOf(b);
    return nameTierOf(nameA, prefix) - nameTierOf(nameB, prefix) || index.popularityOf(b) - index.popularityOf(a) || nameA.length - nameB.length || index.compareKeys(a, b);
  }

  /** Where the handle goes in a ranked list (a binary search). */
  private position(prefix: string, handles: readonly number[], handle: number): number {
    let low = 0;
    let high = handles.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(prefix, handles[middle]!, handle) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private any(): boolean {
    return this.lists[0]!.size > 0 || this.lists[1]!.size > 0;
  }

  /** The (cost, prefix) groups the indexed handle is in. */
  private groups(handle: number, visit: (cost: number, prefix: string) => void): void {
    const groups = new Set<string>();
    for (const word of wordsOfIndexed(this.index.nameOf(handle)))
      for (let length = 1; length <= Math.min(SHORT_PREFIX_MAX, word.length); length++) {
        const cost = length === word.length ? 0 : 1;
        const prefix = word.slice(0, length);
        if (groups.has(`${cost}${prefix}`)) continue;
        groups.add(`${cost}${prefix}`);
        visit(cost, prefix);
      }
  }
}

/** The first position whose word is not below `word`. */
export function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}
