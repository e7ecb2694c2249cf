/**
 * Typo matching (docs/search.md): a query word may differ from a name's word by one edit when it has 4 to 7
 * letters and by two from 8 (Meilisearch's and Typesense's defaults), an edit being an inserted, deleted or
 * replaced letter or two neighbours swapped (the optimal-string-alignment Damerau distance). Every query word may
 * also be a prefix, so "lulab" finds "lullaby": its distance is to the closest prefix of the name's word.
 */

/** Edits a query word of this many letters may carry. */
export function typoBudget(letters: number): number {
  return letters < 4 ? 0 : letters < 8 ? 1 : 2;
}

/** Letters of a vocabulary word looked at; the rest cannot bring a short query word any closer. */
const DEPTH_MAX = 48;

/**
 * Distances from `query` to `word` and to `word`'s closest prefix, each capped at `budget + 1`: one table of
 * (word letters + 1) × (query letters + 1), the query along each row.
 */
export function typoDistance(query: string, word: string, budget: number): { whole: number; prefix: number } {
  const walk = new VocabularyWalk(query, budget);
  return walk.distances(word);
}

/**
 * Walks a sorted vocabulary for the words within `budget` edits of a query word (whole, or one of their prefixes),
 * without scanning it: words sharing a prefix with the previous one reuse its rows of the edit table, and once a
 * prefix is more than `budget` edits from every start of the query (its row and the one before exceed the budget)
 * every word starting with it is skipped by a binary search. A trie would do the same with more memory; the sorted
 * vocabulary is already there (WordIndex).
 */
export class VocabularyWalk {
  private readonly rows: Int32Array[] = [];
  /** Smallest last-column value (distance of the query to a prefix of the word) up to each depth. */
  private readonly prefixBest = new Int32Array(DEPTH_MAX + 1);
  private readonly rowMin = new Int32Array(DEPTH_MAX + 1);
  private current = '';
  private depth = 0;

  constructor(
    private readonly query: string,
    private readonly budget: number,
  ) {
    const width = query.length + 1;
    for (let row = 0; row <= DEPTH_MAX; row++) this.rows.push(new Int32Array(width));
    for (let column = 0; column < width; column++) this.rows[0]![column] = column;
    this.prefixBest[0] = query.length;
    this.rowMin[0] = 0;
  }

  /**
   * Calls `found(position, whole, prefix)` for every word of `sorted` whose whole distance or prefix distance is
   * within the budget; `skipPrefix` words (the ones an exact or prefix search already found) are passed over.
   */
  walk(sorted: readonly string[], found: (position: number, whole: number, prefix: number) => void): void {
    let position = 0;
    const limit = this.budget;
    this.current = '';
    this.depth = 0;
    while (position < sorted.length) {
      const word = sorted[position]!;
      const cut = this.advance(word);
      if (cut > 0) {
        const end = upperBoundOfPrefix(sorted, word, cut, position);
        // Every word under the cut prefix is as close as its prefix got (a prefix match), none closer as a whole.
        const prefix = this.prefixBest[cut]!;
        if (prefix <= limit) for (; position < end; position++) found(position, limit + 1, prefix);
        position = end;
        continue;
      }
      const depth = Math.min(word.length, DEPTH_MAX);
      const whole = word.length <= DEPTH_MAX ? this.rows[depth]![this.query.length]! : limit + 1;
      const prefix = this.prefixBest[depth]!;
      if (whole <= limit || prefix <= limit) found(position, whole, prefix);
      position++;
    }
  }

  distances(word: string): { whole: number; prefix: number } {
    this.current = '';
    this.depth = 0;
    const cut = this.advance(word);
    if (cut > 0) return { whole: this.budget + 1, prefix: Math.min(this.prefixBest[cut]!, this.budget + 1) };
    const depth = Math.min(word.length, DEPTH_MAX);
    const whole = word.length <= DEPTH_MAX ? this.rows[depth]![this.query.length]! : this.budget + 1;
    return { whole: Math.min(whole, this.budget + 1), prefix: Math.min(this.prefixBest[depth]!, this.budget + 1) };
  }

  /**
   * Fills the rows for `word` past what it shares with the previous word; returns the depth past which no longer word
   * with that prefix can get closer (prefixBest there says whether they all match as prefixes), or 0.
   */
  private advance(word: string): number {
    const query = this.query;
    const width = query.length + 1;
    const limit = this.budget;
    const depthWanted = Math.min(word.length, DEPTH_MAX);
    let shared = 0;
    const previous = this.current;
    const kept = Math.min(this.depth, depthWanted);
    while (shared < kept && previous.charCodeAt(shared) === word.charCodeAt(shared)) shared++;
    for (let depth = shared + 1; depth <= depthWanted; depth++) {
      const row = this.rows[depth]!;
      const above = this.rows[depth - 1]!;
      const twoAbove = depth >= 2 ? this.rows[depth - 2]! : null;
      const letter = word.charCodeAt(depth - 1);
      const letterBefore = depth >= 2 ? word.charCodeAt(depth - 2) : -1;
      row[0] = depth;
      let smallest = depth;
      for (let column = 1; column < width; column++) {
        const queryLetter = query.charCodeAt(column - 1);
        let best = above[column - 1]! + (queryLetter === letter ? 0 : 1);
        const deletion = above[column]! + 1;
        if (deletion < best) best = deletion;
        const insertion = row[column - 1]! + 1;
        if (insertion < best) best = insertion;
        if (twoAbove && column >= 2 && queryLetter === letterBefore && query.charCodeAt(column - 2) === letter) {
          const swap = twoAbove[column - 2]! + 1;
          if (swap < best) best = swap;
        }
        row[column] = best;
        if (best < smallest) smallest = best;
      }
      this.rowMin[depth] = smallest;
      const last = row[width - 1]!;
      this.prefixBest[depth] = Math.min(this.prefixBest[depth - 1]!, last);
      // Rows only grow from the two above (the swap reaches back two), so two rows over budget end every longer word.
      if (smallest > limit && this.rowMin[depth - 1]! > limit) {
        this.current = word;
        this.depth = depth - 1;
        return depth;
      }
    }
    this.current = word;
    this.depth = depthWanted;
    return 0;
  }
}

/**
 * The first position past `from` whose word does not start with the first `length` letters of `word` (which does):
 * galloping from `from`, since most cut prefixes cover a few words, then a binary search; no string is made.
 */
function upperBoundOfPrefix(sorted: readonly string[], word: string, length: number, from: number): number {
  let low = from + 1;
  let step = 1;
  let high = low;
  while (high < sorted.length && sharesPrefix(sorted[high]!, word, length)) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  if (high > sorted.length) high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sharesPrefix(sorted[middle]!, word, length)) low = middle + 1;
    else high = middle;
  }
  return low;
}

function sharesPrefix(candidate: string, word: string, length: number): boolean {
  if (candidate.length < length) return false;
  for (let at = length - 1; at >= 0; at--) if (candidate.charCodeAt(at) !== word.charCodeAt(at)) return false;
  return true;
}
