import { foldText, queryWords } from './search-text.js';
import { typoBudget, VocabularyWalk } from './typos.js';

/** How a query word matched a name's word: 0 exact, 1 prefix, 2·edits (+1 when to a prefix) with typos; NO_MATCH otherwise. */
export const NO_MATCH = -1;

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
  private readonly walks: (VocabularyWalk | null)[];

  constructor(text: string) {
    this.words = queryWords(text);
    this.budgets = this.words.map((word) => typoBudget(word.length));
    this.compact = this.words.join('');
    this.memo = this.words.map(() => new Map());
    this.walks = this.words.map((word, at) => (this.budgets[at]! > 0 ? new VocabularyWalk(word, this.budgets[at]!) : null));
  }

  get empty(): boolean {
    return this.words.length === 0;
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
    const known = memo.get(word);
    if (known !== undefined) return known;
    const { whole, prefix } = walk.distances(word);
    const budget = this.budgets[at]!;
    const cost = whole <= budget && whole <= prefix ? 2 * whole : prefix <= budget ? 2 * prefix + 1 : NO_MATCH;
    memo.set(word, cost);
    return cost;
  }

  /**
   * The score of a thing whose fields (folded, see indexedText; field 0 the best, e.g. a song's title, then its
   * artists, then its album) are given; lower is better. `all` says whether every query word matched.
   */
  score(fields: readonly string[], out: { all: boolean; matched: number }): number {
    const count = this.words.length;
    let matched = 0;
    let typos = 0;
    let prefixes = 0;
    let fieldSum = 0;
    for (let at = 0; at < count; at++) {
      let best = NO_MATCH;
      let bestField = 0;
      for (let field = 0; field < fields.length && best !== 0; field++) {
        const cost = this.bestCost(at, fields[field]!);
        if (cost !== NO_MATCH && (best === NO_MATCH || cost < best)) {
          best = cost;
          bestField = field;
        }
      }
      if (best === NO_MATCH) continue;
      matched++;
      typos += best >> 1;
      prefixes += best & 1;
      fieldSum += bestField;
    }
    out.all = matched === count;
    out.matched = matched;
    // The name is the query itself (0), starts with it (1: type-ahead), or neither (2).
    const name = fields.length > 0 ? compactOf(fields[0]!) : '';
    const nameTier = name === this.compact ? 0 : name.startsWith(this.compact) ? 1 : 2;
    return packScore(count - matched, typos, prefixes, fieldSum, nameTier);
  }

  /** The best cost of query word `at` over the words of a folded text. */
  private bestCost(at: number, text: string): number {
    let best = NO_MATCH;
    let start = 0;
    const length = text.length;
    while (start < length) {
      let end = start;
      while (end < length) {
        const code = text.charCodeAt(end);
        if (code === 32 || code === 124) break;
        end++;
      }
      if (end > start) {
        const cost = this.cost(at, text.slice(start, end));
        if (cost !== NO_MATCH && (best === NO_MATCH || cost < best)) {
          best = cost;
          if (best === 0) return 0;
        }
      }
      start = end + 1;
    }
    return best;
  }
}

/** A score from its parts, each below its field's size, so scores compare as numbers. */
export function packScore(missing: number, typos: number, prefixes: number, fieldSum: number, nameTier: number): number {
  return (((Math.min(missing, 31) * 64 + Math.min(typos, 63)) * 32 + Math.min(prefixes, 31)) * 64 + Math.min(fieldSum, 63)) * 4 + nameTier;
}

/** The typos a packed score holds. */
export function typosOf(score: number): number {
  return Math.floor(score / (4 * 64 * 32)) % 64;
}

/** The query words a packed score says were missed. */
export function missingOf(score: number): number {
  return Math.floor(score / (4 * 64 * 32 * 64));
}

/** A folded text's main words without spaces ("r e m|rem" → "rem"): what a name equal to the query compacts to. */
function compactOf(text: string): string {
  const bar = text.indexOf('|');
  return (bar < 0 ? text : text.slice(0, bar)).replaceAll(' ', '');
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
