import { searchWords } from './search-text.js';

export interface PrefixQuery<T> {
  text: string;
  limit: number;
  /** Items the viewer may not see (someone else's private playlist) are skipped, never counted. */
  accept?: (item: T) => boolean;
}

/**
 * An in-memory word-prefix index over names, by number: each indexed thing is a
 * handle (a song's slot in the song table, see SongTable) and the index keeps
 * its folded name in an array by handle and postings as arrays of handles, so
 * a million songs cost no object each. Words are kept sorted, each with the
 * handles whose name contains it, so a query word costs a binary search plus
 * the handles under its prefix range, never a scan of the catalog. Changes are
 * applied one handle at a time as the catalog changes; nothing is ever rebuilt
 * whole.
 *
 * Ranking, best first: the whole name equals the query; the name starts with
 * it; then every query word starts some word of the name. Equal ranks go
 * shorter name first, then by `compareKeys` (the order lists use), so answers
 * are stable.
 */
export class WordIndex {
  /** The name's folded words joined by single spaces, by handle; undefined when the handle is not indexed. */
  private folded: (string | undefined)[] = [];
  private readonly postings = new Map<string, number[]>();
  /** Every word that has postings, sorted, for prefix ranges. */
  private words: string[] = [];
  /** Visit stamp of the query that last saw each handle, to skip duplicates without a Set. */
  private seen = new Uint32Array(0);
  private visit = 0;
  private count = 0;

  constructor(private readonly compareKeys: (a: number, b: number) => number) {}

  get size(): number {
    return this.count;
  }

  /** Indexes the handle's name, or re-indexes it when the name changed. */
  put(handle: number, name: string): void {
    const words = searchWords(name);
    const folded = words.join(' ');
    const existing = this.folded[handle];
    if (existing === folded) return;
    if (existing !== undefined) this.remove(handle);
    while (this.folded.length < handle) this.folded.push(undefined);
    this.folded[handle] = folded;
    this.count++;
    for (const word of words) {
      const list = this.postings.get(word);
      if (list) list.push(handle);
      else {
        // A literal holds one element; `[]` then push reserves 17, and most words of a big catalog have one or two names.
        this.postings.set(word, [handle]);
        this.words.splice(lowerBound(this.words, word), 0, word);
      }
    }
  }

  /** Drops the spare capacity the lists grew while loading (up to half again of each). */
  compact(): void {
    for (const [word, list] of this.postings) this.postings.set(word, list.slice());
    this.folded = this.folded.slice();
    this.words = this.words.slice();
  }

  remove(handle: number): void {
    const folded = this.folded[handle];
    if (folded === undefined) return;
    this.folded[handle] = undefined;
    this.count--;
    if (folded === '') return;
    for (const word of folded.split(' ')) {
      const list = this.postings.get(word);
      if (!list) continue;
      const at = list.indexOf(handle);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) {
        this.postings.delete(word);
        const position = lowerBound(this.words, word);
        if (this.words[position] === word) this.words.splice(position, 1);
      }
    }
  }

  search(text: string, limit: number, accept?: (handle: number) => boolean): number[] {
    const queryWords = searchWords(text);
    if (queryWords.length === 0 || limit <= 0) return [];
    // Candidates come from the longest query word's prefix range (usually the rarest); the others are checked per candidate.
    const driver = queryWords.reduce((longest, word) => (word.length > longest.length ? word : longest));
    const others = queryWords.filter((word) => word !== driver);
    const phrase = queryWords.join(' ');
    if (this.seen.length < this.folded.length) this.seen = new Uint32Array(Math.ceil(this.folded.length * 1.25));
    const visit = ++this.visit;
    const folded = this.folded;
    const rankOf = (handle: number) => rank(folded[handle]!, phrase);
    const best = new TopK<number>(limit, (a, b) => rankOf(a) - rankOf(b) || folded[a]!.length - folded[b]!.length || this.compareKeys(a, b));
    for (let at = lowerBound(this.words, driver); at < this.words.length && this.words[at]!.startsWith(driver); at++) {
      for (const handle of this.postings.get(this.words[at]!)!) {
        if (this.seen[handle] === visit) continue;
        this.seen[handle] = visit;
        if (others.length > 0 && !hasEveryWordStarting(folded[handle]!, others)) continue;
        if (accept && !accept(handle)) continue;
        best.offer(handle);
      }
    }
    return best.sorted();
  }
}

/**
 * A WordIndex over objects (albums, playlists: thousands, not millions), each given a handle while it is indexed.
 * `key` orders equal ranks (the id, as lists do).
 */
export class PrefixIndex<T> {
  private readonly handles = new Map<T, number>();
  private readonly items: (T | undefined)[] = [];
  private readonly keys: string[] = [];
  private readonly free: number[] = [];
  private readonly index = new WordIndex((a, b) => compareStrings(this.keys[a]!, this.keys[b]!));

  get size(): number {
    return this.handles.size;
  }

  /** Adds the item, or re-indexes it when its name changed. */
  put(item: T, name: string, key: string): void {
    let handle = this.handles.get(item);
    if (handle === undefined) {
      handle = this.free.pop() ?? this.items.length;
      this.handles.set(item, handle);
      this.items[handle] = item;
    }
    this.keys[handle] = key;
    this.index.put(handle, name);
  }

  compact(): void {
    this.index.compact();
  }

  remove(item: T): void {
    const handle = this.handles.get(item);
    if (handle === undefined) return;
    this.index.remove(handle);
    this.handles.delete(item);
    this.items[handle] = undefined;
    this.free.push(handle);
  }

  search(query: PrefixQuery<T>): T[] {
    const accept = query.accept;
    const handles = this.index.search(query.text, query.limit, accept && ((handle) => accept(this.items[handle]!)));
    return handles.map((handle) => this.items[handle]!);
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether every prefix starts a word of `folded`. A plain loop: a closure per candidate (`others.every(...)`) was a
 * quarter of all the API allocated under the catalog bench's mixed load, short-lived garbage that made the scavenges
 * promote other requests' objects into the old generation.
 */
function hasEveryWordStarting(folded: string, prefixes: readonly string[]): boolean {
  for (const prefix of prefixes) if (!hasWordStarting(folded, prefix)) return false;
  return true;
}

/** Whether a word of the space-separated `folded` starts with `prefix`. */
function hasWordStarting(folded: string, prefix: string): boolean {
  return folded.startsWith(prefix) || folded.includes(` ${prefix}`);
}

function rank(folded: string, phrase: string): number {
  if (folded === phrase) return 0;
  if (folded.startsWith(phrase)) return 1;
  return 2;
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

/** Keeps the k best of a stream (a max-heap on "worst kept"), so ranking many matches costs O(n log k), not a sort of all of them. */
class TopK<T> {
  private readonly heap: T[] = [];

  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push(item);
      this.up(heap.length - 1);
    } else if (this.compare(item, heap[0]!) < 0) {
      heap[0] = item;
      this.down(0);
    }
  }

  sorted(): T[] {
    return [...this.heap].sort(this.compare);
  }

  /** Worse items rise to the root. */
  private up(at: number): void {
    const heap = this.heap;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (this.compare(heap[at]!, heap[parent]!) <= 0) return;
      [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
      at = parent;
    }
  }

  private down(at: number): void {
    const heap = this.heap;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let worst = at;
      if (left < heap.length && this.compare(heap[left]!, heap[worst]!) > 0) worst = left;
      if (right < heap.length && this.compare(heap[right]!, heap[worst]!) > 0) worst = right;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
      at = worst;
    }
  }
}
