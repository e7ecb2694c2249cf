import { packScore, type FieldReader, type QueryPlan } from './query-plan.js';

/** A found handle with its score (QueryPlan.score: lower is better) and popularity (higher is better). */
export interface Hit {
  handle: number;
  score: number;
  popularity: number;
  length: number;
}

/**
 * The best handles of one (short prefix, cost) group, best first, by the order a one-word search ranks them in (the
 * name's tier, popularity, length, key). Every indexed handle of the group that is not in the list ranks after its
 * last one; `complete` when the list is the whole group.
 */
export interface ShortList {
  handles: number[];
  complete: boolean;
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
  /**
   * The lowest cost query word `at` can match at in any field (0 when some field's vocabulary has it exactly, 1 as a
   * prefix, else 2: a typo at best), from the vocabularies; a lower bound that lets a search stop sooner.
   */
  minCost?(at: number): number;
  /** Fields a thing is searched by (a song: title, artist, album). */
  readonly fieldCount: number;
  /** Visits the handles whose field `field` has a word query word `at` matches at `cost`. */
  candidates(at: number, cost: number, field: number, visit: (handle: number) => void): void;
  /**
   * For a one-word query, the handles of group (cost, field) best first by name tier, popularity, length and key, or
   * null (see ShortList): a search then reads the group only as far as its answer needs.
   */
  ranked?(at: number, cost: number, field: number): ShortList | null;
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
 * Another query word marks what it reaches only when it brings at most this many times the rarest word's handles
 * (or MARKED_MIN): past that, reading its postings costs more than scoring the rarest word's few candidates ("love n").
 */
const MARKED_RATIO = 16;
const MARKED_MIN = 2_000;
/** The best score a thing with a typo can have: once every kept thing beats it, typo matches need not be looked for. */
const TYPO_FLOOR = packScore(0, 1, 0, 0, 0);

/**
 * The best `limit` things for a query (docs/search.md): candidates come from the query word that brings the fewest,
 * met best match first (exact, prefix, then typos; title before artist before album), each scored on every query
 * word; once the list is full of things no later candidate can beat, the rest are not looked at (a one-word query
 * never scores a candidate beyond its match and name). Things matching all but one word appear only when nothing
 * matches them all and the query has at least three words ("radiohead creep live" still finds Creep): a one-word
 * miss in a short query is more often a different thing than a worse match of the same one.
 *
 * The other words first mark what they reach exactly or as a prefix (a tight loop over postings), so candidates
 * missing one are dropped unscored; a candidate one of them reaches only with a typo is set aside, and looked at
 * (after the typo words are found, a walk of each vocabulary) only if the kept things do not all beat any typo.
 */
export function rankedSearch(plan: QueryPlan, source: Searchable, limit: number, stamps: Stamps): Hit[] {
  const count = plan.words.length;
  if (count === 0 || limit <= 0) return [];
  let driver = 0;
  let fewest = Number.POSITIVE_INFINITY;
  const estimates: number[] = [];
  // One word drives itself: its estimate (a count over postings) is not needed.
  for (let at = 0; at < count && count > 1; at++) {
    const estimate = (estimates[at] = source.estimate(at));
    if (estimate < fewest) {
      fewest = estimate;
      driver = at;
    }
  }
  const best = new TopK(limit, compareHits(source));
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
  // The name alone, for when every kept thing has all its words there (see titleBound below).
  const nameReader: FieldReader = { count: 1, field: reader.field };
  const consider = (handle: number, score: number, length: number) => {
    const popularity = source.popularity(handle);
    if (best.full && !best.beats(score, popularity, length, handle, source.compareKeys)) return;
    // Asked last: most candidates of a common word lose on score or popularity, and a playlist's visibility reads its record.
    if (source.accept && !source.accept(handle)) return;
    best.offer({ handle, score, popularity, length });
  };
  // A ranked list is in the order `best` keeps, within its group: once one loses to the worst kept, the rest do.
  // True when the group needs no other visit (the list ended the group or holds all of it).
  const readRanked = (ranked: ShortList, base: number): boolean => {
    const handles = ranked.handles;
    for (let i = 0; i < handles.length; i++) {
      const handle = handles[i]!;
      if (seen.stamps[handle] === seen.visit) continue;
      const name = source.name(handle);
      const score = base + plan.nameTier(name);
      if (best.full && !best.beats(score, source.popularity(handle), name.length, handle, source.compareKeys)) return true;
      seen.stamps[handle] = seen.visit;
      consider(handle, score, name.length);
    }
    return ranked.complete;
  };
  const scoreAndConsider = (handle: number, nameOnly = false) => {
    read(handle);
    const score = plan.score(nameOnly ? nameReader : reader, outcome, 0);
    if (outcome.all) consider(handle, score, reader.field(0).length);
  };
  // Marking is a filter only (the score decides): a word far commoner than the driver is left to the score.
  const marked: number[] = [];
  if (!single) for (let at = 0; at < count; at++) if (at !== driver && estimates[at]! <= Math.max(MARKED_MIN, fewest * MARKED_RATIO)) marked.push(at);
  const plainMarks = markReached(plan, source, stamps, marked, 0, 2);
  // What the other words add to every score at least ("love o": no name has the word "o", so "o" is a prefix at best).
  let otherTypos = 0;
  let otherPrefixes = 0;
  if (!single && source.minCost)
    for (let at = 0; at < count; at++) {
      if (at === driver) continue;
      const least = source.minCost(at);
      if (least >= 2) otherTypos++;
      else otherPrefixes += least;
    }
  const typosMayMatch = marked.some((at) => plan.budgets[at]! > 0);
  const deferred = stamps.deferred();
  search: for (let cost = 0; cost < COSTS; cost++) {
    for (let field = 0; field < source.fieldCount; field++) {
      // Everything from here on scores at least this: stop once the kept are all better.
      const base = packScore(0, cost >> 1, cost & 1, field, 0);
      const worst = best.worst();
      if (best.full && worst && worst.score < packScore(0, (cost >> 1) + otherTypos, (cost & 1) + otherPrefixes, field, 0)) break search;
      // A candidate met by its name whose other words are not all in its name scores at least this: once the kept
      // all beat it, the name alone is read ("love o": the artist and album of a song without an "o" word in its
      // title are not). Reading the name alone never gives a better score than all the fields, and gives the same
      // one when it is below this bound.
      const nameBound = packScore(0, (cost >> 1) + otherTypos, (cost & 1) + otherPrefixes, field + 1, 0);
      const ranked = single && source.ranked ? source.ranked(driver, cost, field) : null;
      if (ranked && readRanked(ranked, base)) continue;
      source.candidates(driver, cost, field, (handle) => {
        if (seen.stamps[handle] === seen.visit) return;
        seen.stamps[handle] = seen.visit;
        if (single) {
          // Met first at its best match: the score is that match's and the name's tier.
          const name = source.name(handle);
          consider(handle, base + plan.nameTier(name), name.length);
          return;
        }
        if (marked.length > 0 && plainMarks.marks[handle] !== plainMarks.wanted) {
          if (typosMayMatch) deferred.push(handle);
          return;
        }
        scoreAndConsider(handle, field === 0 && source.fieldCount > 1 && best.full && best.worst()!.score < nameBound);
      });
    }
  }
  // Set aside: candidates another word reaches only with a typo. Kept things without typos all beat them.
  const worst = best.worst();
  if (deferred.length > 0 && !(best.full && worst && worst.score < TYPO_FLOOR)) {
    const allMarks = markReached(plan, source, stamps, marked, 0, COSTS);
    for (let at = 0; at < deferred.length; at++) {
      const handle = deferred.at(at);
      if (allMarks.marks[handle] === allMarks.wanted) scoreAndConsider(handle);
    }
  }
  if (best.size === 0 && count >= PARTIAL_WORDS_MIN) {
    const partial = stamps.next(source.capacity);
    let budget = PARTIAL_POSTINGS_MAX;
    // Rarest words first: the budget goes to the candidates most likely to be the thing. A thing missing at most one
    // word holds one of any two, so the two rarest words' postings already reach every such thing.
    const order = plan.words.map((_, at) => at).sort((a, b) => estimates[a]! - estimates[b]!);
    for (const at of order.slice(0, 2)) {
      for (let cost = 0; cost < COSTS * source.fieldCount && budget > 0; cost++) {
        source.candidates(at, cost % COSTS, Math.floor(cost / COSTS), (handle) => {
          if (--budget < 0 || partial.stamps[handle] === partial.visit) return;
          partial.stamps[handle] = partial.visit;
          const score = plan.score(read(handle), outcome, 1);
          if (!outcome.all && outcome.matched >= count - 1) consider(handle, score, reader.field(0).length);
        });
      }
    }
  }
  return best.sorted();
}

/**
 * Marks the things each of `words` reaches at costs from `from` to below `to` (a word of no typo budget has no cost
 * past prefix), in turn, so a thing reached by them all holds `wanted` (meaningless with no words).
 */
function markReached(plan: QueryPlan, source: Searchable, stamps: Stamps, words: readonly number[], from: number, to: number): { marks: Uint32Array; wanted: number } {
  const marks = stamps.marks(source.capacity, words.length);
  words.forEach((at, order) => {
    const before = marks.base + order - 1;
    const after = before + 1;
    const costs = plan.budgets[at] === 0 ? Math.min(to, 2) : to;
    const mark = (handle: number) => {
      if (order === 0 || marks.marks[handle] === before) marks.marks[handle] = after;
    };
    for (let cost = from; cost < costs; cost++) for (let field = 0; field < source.fieldCount; field++) source.candidates(at, cost, field, mark);
  });
  return { marks: marks.marks, wanted: marks.base + words.length - 1 };
}

function compareHits(source: Searchable): (a: Hit, b: Hit) => number {
  return (a, b) => a.score - b.score || b.popularity - a.popularity || a.length - b.length || source.compareKeys(a.handle, b.handle);
}

/** Handles set aside during a search, in a buffer reused by the index's searches. */
class Deferred {
  private buffer = new Int32Array(64);
  length = 0;

  push(handle: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Int32Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = handle;
  }

  at(position: number): number {
    return this.buffer[position]!;
  }
}

/** Visit stamps by handle, to skip duplicates without a Set; one per index, reused by its searches. */
export class Stamps {
  stamps = new Uint32Array(0);
  private visit = 0;

  private markArray = new Uint32Array(0);
  private markBase = 0;
  private readonly setAside = new Deferred();

  /**
   * Numbers base … base + count - 1, unused before in `marks`, for marking the things each of `count` words reaches
   * in turn (a thing that reached them all holds base + count - 1).
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

  /** The set-aside buffer, emptied (one search at a time per index: searches are synchronous). */
  deferred(): Deferred {
    this.setAside.length = 0;
    return this.setAside;
  }
}

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
