import { indexedText, NO_MATCH, QueryPlan, wordsOfIndexed } from './query-plan.js';
import { COSTS, rankedSearch, Stamps, type Hit, type Searchable, type ShortList } from './ranked-search.js';
import { lowerBound, SHORT_PREFIX_MAX, ShortLists } from './short-lists.js';

export { COSTS, rankedSearch, Stamps, type Hit, type Searchable, type ShortList } from './ranked-search.js';

export interface PrefixQuery<T> {
  text: string;
  limit: number;
  /** Items the viewer may not see (someone else's private playlist) are skipped, never counted. */
  accept?: (item: T) => boolean;
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

/** Query words whose matches a WordIndex keeps (see WordIndex.recent). */
const RECENT_WORDS_MAX = 64;

/** What a query word matched in one index's vocabulary: exact and prefix words, their handles, and typo words once looked for. */
interface FoundWords {
  plain: string[][];
  count: number;
  typos: string[][] | null;
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
 * catalog changes; nothing is rebuilt whole after the load.
 *
 * Ranking is rankedSearch's (docs/search.md); equal scores go more popular
 * first, then shorter name, then by `compareKeys` (the order lists use), so
 * answers are stable.
 */
export class WordIndex {
  /** The name's indexedText, by handle; undefined when the handle is not indexed. */
  private folded: (string | undefined)[] = [];
  /** Handles by word; a word of one name (most of a big catalog's) holds the handle itself, not a one-element array. */
  private readonly postings = new Map<string, number | number[]>();
  /** Every word that has postings, sorted, for prefix ranges and the typo walk. */
  private words: string[] = [];
  private readonly stamps = new Stamps();
  private count = 0;
  /**
   * The words recent query words matched, by query word, while the vocabulary is unchanged: a query is asked once per
   * keystroke and all its words but the last were asked the keystroke before, so their prefix ranges and typo walks
   * are not done again.
   */
  private readonly recent = new Map<string, FoundWords>();
  /** Ranked lists per one- and two-letter prefix, made by compact() and kept exact on every change (ShortLists). */
  private readonly shortLists: ShortLists;

  constructor(
    private readonly compareKeys: (a: number, b: number) => number,
    private readonly popularityOf: (handle: number) => number = () => 0,
  ) {
    this.shortLists = new ShortLists({
      words: () => this.words,
      capacity: () => this.folded.length,
      postings: this.postings,
      stamps: this.stamps,
      nameOf: (handle) => this.folded[handle]!,
      has: (handle) => this.folded[handle] !== undefined,
      popularityOf: this.popularityOf,
      compareKeys: this.compareKeys,
    });
  }

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
    // The same name put again (a playlist made private, a song played): its rank in the short-prefix lists may move.
    if (existing === folded) return this.touch(handle);
    if (existing !== undefined) this.remove(handle);
    while (this.folded.length < handle) this.folded.push(undefined);
    this.folded[handle] = folded;
    this.count++;
    this.changed();
    for (const word of wordsOfIndexed(folded)) {
      const list = this.postings.get(word);
      if (typeof list === 'number') this.postings.set(word, [list, handle]);
      else if (list) list.push(handle);
      else {
        this.postings.set(word, handle);
        this.words.splice(lowerBound(this.words, word), 0, word);
      }
    }
    this.shortLists.offer(handle);
  }

  /** Re-ranks the handle in the short prefixes' lists: call when its popularity (or its key) changed. */
  touch(handle: number): void {
    this.shortLists.touch(handle);
  }

  /** Drops the spare capacity the lists grew while loading (up to half again of each). */
  compact(): void {
    for (const [word, list] of this.postings) if (typeof list !== 'number') this.postings.set(word, list.length === 1 ? list[0]! : list.slice());
    this.folded = this.folded.slice();
    this.words = this.words.slice();
    this.shortLists.rankAll();
  }

  remove(handle: number): void {
    const folded = this.folded[handle];
    if (folded === undefined) return;
    this.shortLists.drop(handle);
    this.folded[handle] = undefined;
    this.count--;
    this.changed();
    for (const word of wordsOfIndexed(folded)) {
      const list = this.postings.get(word);
      if (list === undefined) continue;
      if (typeof list === 'number') {
        if (list !== handle) continue;
      } else {
        const at = list.indexOf(handle);
        if (at >= 0) list.splice(at, 1);
        if (list.length > 0) continue;
      }
      this.postings.delete(word);
      const position = lowerBound(this.words, word);
      if (this.words[position] === word) this.words.splice(position, 1);
    }
  }

  /** The handle's indexedText ('' when not indexed). */
  foldedOf(handle: number): string {
    return this.folded[handle] ?? '';
  }

  /**
   * The ranked list of query word `at`'s (cost 0 or 1) group when the plan is that one short word (see ShortList),
   * else null; made when first asked.
   */
  shortList(plan: QueryPlan, at: number, cost: number): ShortList | null {
    const query = plan.words[at]!;
    if (plan.words.length !== 1 || cost > 1 || query.length > SHORT_PREFIX_MAX) return null;
    return this.shortLists.get(query, cost);
  }

  /** The words query word `at` of the plan matches here, by cost (made once per search and index). */
  terms(plan: QueryPlan, at: number): Terms {
    return plan.remember(this, at, () => this.findTerms(plan, at));
  }

  private changed(): void {
    if (this.recent.size > 0) this.recent.clear();
  }

  private findTerms(plan: QueryPlan, at: number): Terms {
    const query = plan.words[at]!;
    const found = this.recent.get(query) ?? this.findPlain(query);
    // Most recently used last: the oldest goes first when the map is full.
    this.recent.delete(query);
    this.recent.set(query, found);
    if (this.recent.size > RECENT_WORDS_MAX) this.recent.delete(this.recent.keys().next().value!);
    const typoTerms = () => (found.typos ??= this.findTypos(plan, at));
    const typoCount = () => {
      let total = 0;
      for (const list of typoTerms()) for (const word of list) total += this.postingCount(word);
      return total;
    };
    return { byCost: (cost) => (cost < 2 ? found.plain[cost]! : typoTerms()[cost]!), count: found.count, typoCount };
  }

  private findPlain(query: string): FoundWords {
    const words = this.words;
    const plain: string[][] = [[], []];
    let count = 0;
    const start = lowerBound(words, query);
    for (let position = start; position < words.length && words[position]!.startsWith(query); position++) {
      plain[words[position] === query ? 0 : 1]!.push(words[position]!);
      count += this.postingCount(words[position]!);
    }
    return { plain, count, typos: null };
  }

  /** Query word `at`'s typo matches (costs 2 and up), found by a walk of the vocabulary (VocabularyWalk). */
  private findTypos(plan: QueryPlan, at: number): string[][] {
    const query = plan.words[at]!;
    const words = this.words;
    const found: string[][] = Array.from({ length: COSTS }, () => []);
    plan.walkOf(at)?.walk(words, (position) => {
      const word = words[position]!;
      if (word.startsWith(query)) return;
      const cost = plan.cost(at, word);
      if (cost >= 2) found[cost]!.push(word);
    });
    return found;
  }

  private postingCount(word: string): number {
    const list = this.postings.get(word);
    return list === undefined ? 0 : typeof list === 'number' ? 1 : list.length;
  }

  /** Visits the handles under the words (a handle may come more than once). */
  visit(words: readonly string[], visit: (handle: number) => void): void {
    const postings = this.postings;
    for (let at = 0; at < words.length; at++) {
      const list = postings.get(words[at]!);
      if (typeof list === 'number') visit(list);
      else if (list) for (let i = 0; i < list.length; i++) visit(list[i]!);
    }
  }

  /** The best `limit` handles for the query, this index's names being the only field. */
  searchHits(plan: QueryPlan, limit: number, accept?: (handle: number) => boolean): Hit[] {
    const terms = plan.words.map((_, at) => this.terms(plan, at));
    const folded = this.folded;
    const source: Searchable = {
      capacity: folded.length,
      // A word with no exact or prefix match (a typo) brings its typo matches.
      estimate: (at) => terms[at]!.count || terms[at]!.typoCount(),
      minCost: (at) => minCostOf(terms[at]!),
      fieldCount: 1,
      candidates: (at, cost, _field, visit) => this.visit(terms[at]!.byCost(cost), visit),
      ranked: (at, cost) => this.shortList(plan, at, cost),
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

/** The lowest cost (0 exact, 1 prefix, 2 typo at best) the query word's terms can match at (Searchable.minCost). */
export function minCostOf(terms: Terms): number {
  return terms.byCost(0).length > 0 ? 0 : terms.count > 0 ? 1 : 2;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export { NO_MATCH };

