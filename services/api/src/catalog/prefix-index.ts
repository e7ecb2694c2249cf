import { searchWords } from './search-text.js';

/** Anything searchable: the index keeps the folded words of its name beside it. */
interface Entry<T> {
  item: T;
  /** The name's folded words joined by single spaces (matching and ranking). */
  folded: string;
  /** Tie-break of equal ranks: the order lists use (ids ascending). */
  key: string;
  /** Visit stamp of the query that last saw this entry, to skip duplicates without a Set. */
  seen: number;
}

export interface PrefixQuery<T> {
  text: string;
  limit: number;
  /** Items the viewer may not see (someone else's private playlist) are skipped, never counted. */
  accept?: (item: T) => boolean;
}

/**
 * An in-memory word-prefix index over names (songs, albums or playlists).
 * Words are kept sorted, each with the entries that contain it, so a query word
 * costs a binary search plus the entries under its prefix range, never a scan
 * of the catalog. Changes are applied one item at a time as the catalog
 * changes; nothing is ever rebuilt whole.
 *
 * Ranking, best first: the whole name equals the query; the name starts with
 * it; then every query word starts some word of the name. Equal ranks go
 * shorter name first, then by key, so answers are stable.
 */
export class PrefixIndex<T> {
  private readonly entries = new Map<T, Entry<T>>();
  private readonly postings = new Map<string, Entry<T>[]>();
  /** Every word that has postings, sorted, for prefix ranges. */
  private words: string[] = [];
  private visit = 0;

  get size(): number {
    return this.entries.size;
  }

  /** Adds the item, or re-indexes it when its name changed. */
  put(item: T, name: string, key: string): void {
    const existing = this.entries.get(item);
    const words = searchWords(name);
    const folded = words.join(' ');
    if (existing) {
      existing.key = key;
      if (existing.folded === folded) return;
      this.remove(item);
    }
    const entry: Entry<T> = { item, folded, key, seen: 0 };
    this.entries.set(item, entry);
    for (const word of words) {
      let list = this.postings.get(word);
      if (!list) {
        list = [];
        this.postings.set(word, list);
        this.words.splice(lowerBound(this.words, word), 0, word);
      }
      list.push(entry);
    }
  }

  remove(item: T): void {
    const entry = this.entries.get(item);
    if (!entry) return;
    this.entries.delete(item);
    for (const word of entry.folded.split(' ')) {
      const list = this.postings.get(word);
      if (!list) continue;
      const at = list.indexOf(entry);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) {
        this.postings.delete(word);
        const position = lowerBound(this.words, word);
        if (this.words[position] === word) this.words.splice(position, 1);
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.postings.clear();
    this.words = [];
  }

  search(query: PrefixQuery<T>): T[] {
    const queryWords = searchWords(query.text);
    if (queryWords.length === 0 || query.limit <= 0) return [];
    // Candidates come from the longest query word's prefix range (usually the rarest); the others are checked per candidate.
    const driver = queryWords.reduce((longest, word) => (word.length > longest.length ? word : longest));
    const others = queryWords.filter((word) => word !== driver);
    const phrase = queryWords.join(' ');
    const visit = ++this.visit;
    const best = new TopK<Entry<T>>(query.limit, (a, b) => compareRanked(a, b, phrase));
    for (let at = lowerBound(this.words, driver); at < this.words.length && this.words[at]!.startsWith(driver); at++) {
      for (const entry of this.postings.get(this.words[at]!)!) {
        if (entry.seen === visit) continue;
        entry.seen = visit;
        if (!others.every((word) => hasWordStarting(entry.folded, word))) continue;
        if (query.accept && !query.accept(entry.item)) continue;
        best.offer(entry);
      }
    }
    return best.sorted().map((entry) => entry.item);
  }
}

/** Whether a word of the space-separated `folded` starts with `prefix`. */
function hasWordStarting(folded: string, prefix: string): boolean {
  return folded.startsWith(prefix) || folded.includes(` ${prefix}`);
}

function rank(entry: { folded: string }, phrase: string): number {
  if (entry.folded === phrase) return 0;
  if (entry.folded.startsWith(phrase)) return 1;
  return 2;
}

function compareRanked<T>(a: Entry<T>, b: Entry<T>, phrase: string): number {
  return rank(a, phrase) - rank(b, phrase) || a.folded.length - b.folded.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
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
