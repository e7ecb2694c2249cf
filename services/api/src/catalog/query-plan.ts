import { foldText, queryWords } from './search-text.js';
import { typoBudget, VocabularyWalk } from './typos.js';

/** How a query word matched a name's word: 0 exact, 1 prefix, 2·edits (+1 when to a prefix) with typos; NO_MATCH otherwise. */
export const NO_MATCH = -1;

/** Query words whose typo costs are kept across plans: a keystroke's words are at most 8 (QUERY_WORDS_MAX). */
const COST_MEMOS_MAX = 8;
/**
 * Name words a query word's shared memo keeps at most (~0.6 MB each, ~5 MB in all at most); past that a plan keeps the rest
 * for itself, as every plan did before the memos were shared.
 */
const COST_MEMO_SIZE_MAX = 8_192;

/**
 * Typo costs of (query word, name word) pairs for the most recent query words, shared by every plan and index: a
 * cost depends on the two words alone, and a keystroke asks again every word but the last, whose edit distances to
 * the names it meets would otherwise be computed again per keystroke (docs/search.md, "How the work stays small").
 */
const costMemos = new Map<string, Map<string, number>>();

function costMemoOf(query: string): Map<string, number> {
  let memo = costMemos.get(query);
  if (memo) costMemos.delete(query);
  else memo = new Map();
  // Most recently used last: the oldest goes first when the map is full.
  costMemos.set(query, memo);
  if (costMemos.size > COST_MEMOS_MAX) costMemos.delete(costMemos.keys().next().value!);
  return memo;
}

/**
 * One search's words with what each may match, and the scores of the names it meets (docs/search.md, "Ranking").
 * A name's score packs, most important first: query words it matched (more first), typos (fewer first), prefix
 * matches (fewer first), fields (title before artist before album: the sum of the fields each word matched in),
 * and whether the name is the query itself or starts with it. Costs of (query word, name word) pairs are remembered for the search:
 * names repeat words.
 */
export class QueryPlan {
  readonly words: string[];
  readonly budgets: number[];
  /** The query's letters and digits only ("R.E.M." and "rem" both "rem"): a name equal to it is the query itself. */
  readonly compact: string;
  private readonly memo: Map<string, number>[];
  /** Costs a full shared memo could not take, for this plan only. */
  private readonly overflow: (Map<string, number> | undefined)[] = [];
  private readonly scoreOrder: number[];
  private readonly walks: (VocabularyWalk | null)[];
  /** What indexes found for each query word, by index: a search asks the artist and album indexes twice. */
  private readonly remembered = new Map<object, unknown[]>();

  constructor(text: string) {
    this.words = queryWords(text);
    this.budgets = this.words.map((word) => typoBudget(word.length));
    this.compact = this.words.join('');
    this.memo = this.words.map((word, at) => (this.budgets[at]! > 0 ? costMemoOf(word) : new Map()));
    // Words without typos first: their costs are a prefix test, and a name missing too many words stops scoring early.
    this.scoreOrder = this.words.map((_, at) => at).sort((a, b) => Number(this.budgets[a]! > 0) - Number(this.budgets[b]! > 0) || a - b);
    this.walks = this.words.map((word, at) => (this.budgets[at]! > 0 ? new VocabularyWalk(word, this.budgets[at]!) : null));
  }

  get empty(): boolean {
    return this.words.length === 0;
  }

  /** `find()`'s answer for query word `at` of `index`, found once per plan. */
  remember<T>(index: object, at: number, find: () => T): T {
    let answers = this.remembered.get(index);
    if (!answers) this.remembered.set(index, (answers = []));
    if (answers[at] === undefined) answers[at] = find();
    return answers[at] as T;
  }

  /** The walk that finds query word `at`'s typo matches in a vocabulary; null when the word is too short for typos. */
  walkOf(at: number): VocabularyWalk | null {
    return this.walks[at]!;
  }

  /** How query word `at` matches the name's word `word` (see NO_MATCH). */
  cost(at: number, word: string): number {
    const query = this.words[at]!;
    if (word === query) return 0;
    if (word.startsWith(query)) return 1;
    const walk = this.walks[at];
    if (!walk) return NO_MATCH;
    const memo = this.memo[at]!;
    const known = memo.get(word) ?? this.overflow[at]?.get(word);
    if (known !== undefined) return known;
    const { whole, prefix } = walk.distances(word);
    const budget = this.budgets[at]!;
    const cost = whole <= budget && whole <= prefix ? 2 * whole : prefix <= budget ? 2 * prefix + 1 : NO_MATCH;
    if (memo.size < COST_MEMO_SIZE_MAX) memo.set(word, cost);
    else (this.overflow[at] ??= new Map()).set(word, cost);
    return cost;
  }

  /**
   * The score of a thing whose fields (folded, see indexedText; field 0 the best, e.g. a song's title, then its
   * artists, then its album) are given; lower is better. `all` says whether every query word matched. Scoring stops
   * once more than `missingMax` words missed (then `out` says none matched): callers drop those names anyway.
   */
  score(fields: readonly string[] | FieldReader, out: { all: boolean; matched: number }, missingMax = this.words.length): number {
    const reader = Array.isArray(fields) ? arrayReader(fields as readonly string[]) : (fields as FieldReader);
    const count = this.words.length;
    let matched = 0;
    let missing = 0;
    let typos = 0;
    let prefixes = 0;
    let fieldSum = 0;
    for (let order = 0; order < count; order++) {
      const at = this.scoreOrder[order]!;
      let best = NO_MATCH;
      let bestField = 0;
      for (let field = 0; field < reader.count && best !== 0; field++) {
        const cost = this.bestCost(at, reader.field(field));
        if (cost !== NO_MATCH && (best === NO_MATCH || cost < best)) {
          best = cost;
          bestField = field;
        }
      }
      if (best === NO_MATCH) {
        if (++missing > missingMax) {
          out.all = false;
          out.matched = 0;
          return Number.POSITIVE_INFINITY;
        }
        continue;
      }
      matched++;
      typos += best >> 1;
      prefixes += best & 1;
      fieldSum += bestField;
    }
    out.all = matched === count;
    out.matched = matched;
    return packScore(count - matched, typos, prefixes, fieldSum, reader.count > 0 ? this.nameTier(reader.field(0)) : 2);
  }

  /**
   * Whether a folded name (indexedText) is the query itself (0), starts with it (1: type-ahead) or neither (2),
   * letters and digits only ("R.E.M." is "rem"); no string is made, it runs once per candidate.
   */
  nameTier(text: string): number {
    return nameTierOf(text, this.compact);
  }

  /** The best cost of query word `at` over the words of a folded text. */
  private bestCost(at: number, text: string): number {
    // Exact and prefix matches first, without making a string: a typo (cost 2 and up) cannot beat them.
    const query = this.words[at]!;
    const length = text.length;
    let prefix = false;
    for (let start = 0; start < length; ) {
      if (text.startsWith(query, start)) {
        const after = start + query.length;
        const code = after === length ? 32 : text.charCodeAt(after);
        if (code === 32 || code === 124) return 0;
        prefix = true;
      }
      while (start < length && text.charCodeAt(start) !== 32 && text.charCodeAt(start) !== 124) start++;
      start++;
    }
    if (prefix) return 1;
    if (!this.walks[at]) return NO_MATCH;
    let best = NO_MATCH;
    let start = 0;
    while (start < length) {
      let end = start;
      while (end < length) {
        const code = text.charCodeAt(end);
        if (code === 32 || code === 124) break;
        end++;
      }
      if (end > start) {
        const cost = this.cost(at, text.slice(start, end));
        if (cost !== NO_MATCH && (best === NO_MATCH || cost < best)) best = cost;
      }
      start = end + 1;
    }
    return best;
  }
}

/** QueryPlan.nameTier for a query's letters and digits (`compact`). */
export function nameTierOf(text: string, compact: string): number {
  let matched = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 124) break;
    if (code === 32) continue;
    if (matched === compact.length) return 1;
    if (code !== compact.charCodeAt(matched)) return 2;
    matched++;
  }
  return matched === compact.length ? 0 : 2;
}

/** A thing's fields (folded, field 0 the name), read when a query word needs them: most candidates need only the name. */
export interface FieldReader {
  readonly count: number;
  field(index: number): string;
}

function arrayReader(fields: readonly string[]): FieldReader {
  return { count: fields.length, field: (index) => fields[index]! };
}

/** A score from its parts, each below its field's size, so scores compare as numbers. */
export function packScore(missing: number, typos: number, prefixes: number, fieldSum: number, nameTier: number): number {
  return (((Math.min(missing, 31) * 64 + Math.min(typos, 63)) * 32 + Math.min(prefixes, 31)) * 64 + Math.min(fieldSum, 63)) * 4 + nameTier;
}

/** The folded form a name is kept in: its words by single spaces, then "|" and the joined forms of punctuated tokens, if any. */
export function indexedText(name: string): string {
  return indexedTextOfFolded(foldText(name));
}

function indexedTextOfFolded(folded: string): string {
  const parts: string[] = [];
  const joined: string[] = [];
  for (const token of folded.replace(/&/g, ' and ').split(/[\s\p{C}]+/u)) {
    const pieces = token.split(/[^\p{L}\p{N}]+/u).filter((piece) => piece.length > 0);
    parts.push(...pieces);
    if (pieces.length > 1) joined.push(pieces.join(''));
  }
  return joined.length > 0 ? `${parts.join(' ')}|${joined.join(' ')}` : parts.join(' ');
}

/** The distinct words of an indexed text. */
export function wordsOfIndexed(text: string): string[] {
  return text === '' ? [] : [...new Set(text.split(/[ |]/))].filter((word) => word.length > 0);
}
