import { indexedText, NO_MATCH, packScore, QueryPlan, wordsOfIndexed, type FieldReader } from './query-plan.js';

export interface PrefixQuery<T> {
  text: string;
  limit: number;
  /** Items the viewer may not see (someone else's private playlist) are skipped, never counted. */
  accept?: (item: T) => boolean;
}

/** A found handle with its score (QueryPlan.score: lower is better) and popularity (higher is better). */
export interface Hit {
  handle: number;
  score: number;
  popularity: number;
  length: number;
}

/**
 * The words of one index that a query word matches, by cost (QueryPlan.cost: 0 exact, 1 prefix, 2 and up typos).
 * Typo words are looked for on first asking: most searches fill their list without them.
 */
export interface Terms {
  byCost(cost: number): readonly string[];
  /** Handles under the exact and prefix words: how many the word brings (the rarest word drives the search). */
  count: number;
  /** Handles under the typo words (looks them up). */
  typoCount(): number;
}

/** Costs a query word's match can have (QueryPlan.cost): exact, prefix, then one and two typos, whole or to a prefix. */
export const COSTS = 6;

/**
 * What rankedSearch needs of a searchable set of things: each thing's fields, the things a query word may match
 * (from the indexes' vocabularies, never a scan) and the tie-breakers.
 */
export interface Searchable {
  /** Handles are below this. */
  readonly capacity: number;
  /** Estimated handles query word `at` brings (the rarest word drives the search). */
  estimate(at: number): number;
  /** Fields a thing is searched by (a song: title, artist, album). */
  readonly fieldCount: number;
  /** Visits the handles whose field `field` has a word query word `at` matches at `cost`. */
  candidates(at: number, cost: number, field: number, visit: (handle: number) => void): void;
  /** The folded field (indexedText) `field` of the thing; field 0 is the name. */
  field(handle: number, field: number): string;
  /** The folded name (field 0) alone. */
  name(handle: number): string;
  popularity(handle: number): number;
  compareKeys(a: number, b: number): number;
  accept?(handle: number): boolean;
}

/** Postings visited at most by the some-words pass (the all-words pass is bounded by its rarest word instead). */
const PARTIAL_POSTINGS_MAX = 2_000;
/** Queries of at least this many words may find things missing one of them. */
const PARTIAL_WORDS_MIN = 3;

/**
 * The best `limit` things for a query (docs/search.md): candidates come from the query word that brings the fewest,
 * met best match first (exact, prefix, then typos; title before artist before album), each scored on every query
 * word; once the list is full of things no later candidate can beat, the rest are not looked at (a one-word query
 * never scores a candidate beyond its match and name). Things matching all but one word appear only when nothing
 * matches them all and the query has at least three words ("radiohead creep live" still finds Creep): a one-word
 * miss in a short query is more often a different thing than a worse match of the same one.
 */
export function rankedSearch(plan: QueryPlan, source: Searchable, limit: number, stamps: Stamps): Hit[] {
  const count = plan.words.length;
  if (count === 0 || limit <= 0) return [];
  let driver = 0;
  let fewest = Number.POSITIVE_INFINITY;
  for (let at = 0; at < count; at++) {
    const estimate = source.estimate(at);
    if (estimate < fewest) {
      fewest = estimate;
      driver = at;
    }
  }
  const best = new TopK<Hit>(limit, compareHits(source));
  const outcome = { all: false, matched: 0 };
  const seen = stamps.next(source.capacity);
  const single = count === 1;
  // One reader, pointed at each candidate in turn: fields are read (and made) only when a query word needs them.
  const cache: (string | undefined)[] = [];
  let current = -1;
  const reader: FieldReader = {
    count: source.fieldCount,
    field: (index) => (cache[index] ??= source.field(current, index)),
  };
  const read = (handle: number) => {
    current = handle;
    cache.length = 0;
    return reader;
  };
  const consider = (handle: number, score: number, length: number) => {
    if (source.accept && !source.accept(handle)) return;
    const popularity = source.popularity(handle);
    if (best.full && !best.beats(score, popularity, length, handle, source.compareKeys)) return;
    best.offer({ handle, score, popularity, length });
  };
  // Every other query word can only match through the words its terms list: mark the things each reaches (a tight
  // loop over postings) so the rarest word's candidates missing one are dropped before any scoring.
  const short = single ? [] : plan.words.map((_, at) => at).filter((at) => at !== driver);
  const marks = stamps.marks(source.capacity, short.length);
  short.forEach((at, order) => {
    const before = marks.base + order;
    const after = before + 1;
    const costs = plan.budgets[at] === 0 ? 2 : COSTS;
    for (let cost = 0; cost < costs; cost++) {
      for (let field = 0; field < source.fieldCount; field++) {
        source.candidates(at, cost, field, (handle) => {
          if (order === 0 || marks.marks[handle] === before) marks.marks[handle] = after;
        });
      }
    }
  });
  const wanted = marks.base + short.length;
  search: for (let cost = 0; cost < COSTS; cost++) {
    for (let field = 0; field < source.fieldCount; field++) {
      // Everything from here on scores at least this: stop once the kept are all better.
      const base = packScore(0, cost >> 1, cost & 1, field, 0);
      const worst = best.worst();
      if (best.full && worst && worst.score < base) break search;
      source.candidates(driver, cost, field, (handle) => {
        if (seen.stamps[handle] === seen.visit) return;
        seen.stamps[handle] = seen.visit;
        if (single) {
          // Met first at its best match: the score is that match's and the name's tier.
          const name = source.name(handle);
          consider(handle, base + plan.nameTier(name), name.length);
          return;
        }
        if (short.length > 0 && marks.marks[handle] !== wanted) return;
        const score = plan.score(read(handle), outcome);
        if (outcome.all) consider(handle, score, reader.field(0).length);
      });
    }
  }
  if (best.size === 0 && count >= PARTIAL_WORDS_MIN) {
    const partial = stamps.next(source.capacity);
    let budget = PARTIAL_POSTINGS_MAX;
    // Rarest words first: the budget goes to the candidates most likely to be the thing.
    const order = plan.words.map((_, at) => at).sort((a, b) => source.estimate(a) - source.estimate(b));
    for (const at of order) {
      if (budget <= 0) break;
      for (let cost = 0; cost < COSTS * source.fieldCount; cost++) {
        source.candidates(at, cost % COSTS, Math.floor(cost / COSTS), (handle) => {
          if (--budget < 0 || partial.stamps[handle] === partial.visit) return;
          partial.stamps[handle] = partial.visit;
          const score = plan.score(read(handle), outcome);
          if (!outcome.all && outcome.matched >= count - 1) consider(handle, score, reader.field(0).length);
        });
      }
    }
  }
  return best.sorted();
}

function compareHits(source: Searchable): (a: Hit, b: Hit) => number {
  return (a, b) => a.score - b.score || b.popularity - a.popularity || a.length - b.length || source.compareKeys(a.handle, b.handle);
}

/** Visit stamps by handle, to skip duplicates without a Set; one per index, reused by its searches. */
export class Stamps {
  stamps = new Uint32Array(0);
  private visit = 0;

  private markArray = new Uint32Array(0);
  private markBase = 0;

  /**
   * Numbers base + 1 … base + count, unused before in `marks`, for marking the things each of `count` words reaches
   * in turn (a thing that reached them all holds base + count).
   */
  marks(capacity: number, count: number): { marks: Uint32Array; base: number } {
    if (this.markArray.length < capacity) this.markArray = new Uint32Array(Math.ceil(capacity * 1.25));
    if (this.markBase + count + 1 >= 0xfffffff0) {
      this.markArray.fill(0);
      this.markBase = 0;
    }
    const base = this.markBase + 1;
    this.markBase = base + count;
    return { marks: this.markArray, base };
  }

  next(capacity: number): { stamps: Uint32Array; visit: number } {
    if (this.stamps.length < capacity) this.stamps = new Uint32Array(Math.ceil(capacity * 1.25));
    if (this.visit >= 0xfffffff0) {
      this.stamps.fill(0);
      this.visit = 0;
    }
    return { stamps: this.stamps, visit: ++this.visit };
  }
}

/**
 * An in-memory word index over names, by number: each indexed thing is a
 * handle (a song's slot in the song table, see SongTable) and the index keeps
 * its folded name (indexedText) in an array by handle and postings as arrays
 * of handles, so a million songs cost no object each. Words are kept sorted,
 * each with the handles whose name contains it, so a query word costs a binary
 * search plus the handles under its prefix range, and its typo matches a walk
 * of the sorted words that skips every prefix too far from it (VocabularyWalk),
 * never a scan of the catalog. Changes are applied one handle at a time as the
 * catalog changes; nothing is ever rebuilt whole.
 *
 * Ranking is rankedSearch's (docs/search.md); equal scores go more popular
 * first, then shorter name, then by `compareKeys` (the order lists use), so
 * answers are stable.
 */
export class WordIndex {
  /** The name's indexedText, by handle; undefined when the handle is not indexed. */
  private folded: (string | undefined)[] = [];
  private readonly postings = new Map<string, number[]>();
  /** Every word that has postings, sorted, for prefix ranges and the typo walk. */
  private words: string[] = [];
  private readonly stamps = new Stamps();
  private count = 0;

  constructor(
    private readonly compareKeys: (a: number, b: number) => number,
    private readonly popularityOf: (handle: number) => number = () => 0,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Handles are below this. */
  get capacity(): number {
    return this.folded.length;
  }

  /** Indexes the handle's name, or re-indexes it when the name changed. */
  put(handle: number, name: string): void {
    const folded = indexedText(name);
    const existing = this.folded[handle];
    if (existing === folded) return;
    if (existing !== undefined) this.remove(handle);
    while (this.folded.length < handle) this.folded.push(undefined);
    this.folded[handle] = folded;
    this.count++;
    for (const word of wordsOfIndexed(folded)) {
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
    for (const word of wordsOfIndexed(folded)) {
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

  /** The handle's indexedText ('' when not indexed). */
  foldedOf(handle: number): string {
    return this.folded[handle] ?? '';
  }

  /** The words query word `at` of the plan matches here, by cost (made once per search and index). */
  terms(plan: QueryPlan, at: number): Terms {
    return plan.remember(this, at, () => this.findTerms(plan, at));
  }

  private findTerms(plan: QueryPlan, at: number): Terms {
    const query = plan.words[at]!;
    const words = this.words;
    const plain: string[][] = [[], []];
    let count = 0;
    const start = lowerBound(words, query);
    for (let position = start; position < words.length && words[position]!.startsWith(query); position++) {
      plain[words[position] === query ? 0 : 1]!.push(words[position]!);
      count += this.postings.get(words[position]!)!.length;
    }
    let typos: string[][] | null = null;
    const typoTerms = () => {
      if (typos) return typos;
      const found: string[][] = Array.from({ length: COSTS }, () => []);
      plan.walkOf(at)?.walk(words, (position) => {
        const word = words[position]!;
        if (word.startsWith(query)) return;
        const cost = plan.cost(at, word);
        if (cost >= 2) found[cost]!.push(word);
      });
      return (typos = found);
    };
    const typoCount = () => {
      let total = 0;
      for (const list of typoTerms()) for (const word of list) total += this.postings.get(word)!.length;
      return total;
    };
    return { byCost: (cost) => (cost < 2 ? plain[cost]! : typoTerms()[cost]!), count, typoCount };
  }

  /** Visits the handles under the words (a handle may come more than once). */
  visit(words: readonly string[], visit: (handle: number) => void): void {
    for (const word of words) for (const handle of this.postings.get(word) ?? []) visit(handle);
  }

  /** The best `limit` handles for the query, this index's names being the only field. */
  searchHits(plan: QueryPlan, limit: number, accept?: (handle: number) => boolean): Hit[] {
    const terms = plan.words.map((_, at) => this.terms(plan, at));
    const folded = this.folded;
    const source: Searchable = {
      capacity: folded.length,
      // A word with no exact or prefix match (a typo) brings its typo matches.
      estimate: (at) => terms[at]!.count || terms[at]!.typoCount(),
      fieldCount: 1,
      candidates: (at, cost, _field, visit) => this.visit(terms[at]!.byCost(cost), visit),
      field: (handle) => folded[handle]!,
      name: (handle) => folded[handle]!,
      popularity: this.popularityOf,
      compareKeys: this.compareKeys,
      accept,
    };
    return rankedSearch(plan, source, limit, this.stamps);
  }

  search(text: string, limit: number, accept?: (handle: number) => boolean): number[] {
    return this.searchHits(new QueryPlan(text), limit, accept).map((hit) => hit.handle);
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
  private readonly index: WordIndex;

  constructor(popularity?: (item: T) => number) {
    this.index = new WordIndex(
      (a, b) => compareStrings(this.keys[a]!, this.keys[b]!),
      popularity && ((handle) => popularity(this.items[handle]!)),
    );
  }

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

  /** The item's indexedText ('' when not indexed). */
  foldedOf(item: T): string {
    const handle = this.handles.get(item);
    return handle === undefined ? '' : this.index.foldedOf(handle);
  }

  /** Visits the items whose names hold words query word `at` matches at `cost` (see WordIndex.terms; an item may come twice). */
  visitMatching(plan: QueryPlan, at: number, cost: number, visit: (item: T) => void): void {
    this.index.visit(this.index.terms(plan, at).byCost(cost), (handle) => visit(this.items[handle]!));
  }

  searchScored(plan: QueryPlan, query: Omit<PrefixQuery<T>, 'text'>): { item: T; hit: Hit }[] {
    const accept = query.accept;
    const hits = this.index.searchHits(plan, query.limit, accept && ((handle) => accept(this.items[handle]!)));
    return hits.map((hit) => ({ item: this.items[hit.handle]!, hit }));
  }

  search(query: PrefixQuery<T>): T[] {
    return this.searchScored(new QueryPlan(query.text), query).map(({ item }) => item);
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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

export { NO_MATCH };

/** Keeps the k best of a stream (a max-heap on "worst kept"), so ranking many matches costs O(n log k), not a sort of all of them. */
class TopK<T> {
  private readonly heap: T[] = [];

  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  get size(): number {
    return this.heap.length;
  }

  get full(): boolean {
    return this.heap.length >= this.k;
  }

  /** Whether a thing with these would be kept over the worst kept (the heap is full); makes no object. */
  beats(score: number, popularity: number, length: number, handle: number, compareKeys: (a: number, b: number) => number): boolean {
    const worst = this.heap[0] as unknown as Hit;
    return (score - worst.score || worst.popularity - popularity || length - worst.length || compareKeys(handle, worst.handle)) < 0;
  }

  /** The worst kept (the next to go). */
  worst(): T | undefined {
    return this.heap[0];
  }

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
