/**
 * The rows of a long list kept in memory, a fixed-size page at a time: page
 * `p` holds rows `p * pageSize` to `(p + 1) * pageSize - 1`. At most
 * `maxPages` pages are kept; the least recently shown one goes first, so
 * memory stays the same at 100 songs or 1,000,000 (see docs/lists-at-scale.md).
 */
export class PageCache<T> {
  /** Insertion order is recency order: a page shown again is moved to the end. */
  private readonly pages = new Map<number, { rows: readonly T[]; generation: number }>();
  /** Bumped by `invalidate`: pages from an older generation are still shown, but fetched again. */
  private generationNow = 0;

  constructor(
    readonly pageSize: number,
    readonly maxPages: number,
  ) {
    if (pageSize < 1 || maxPages < 1) throw new Error('PageCache needs a page size and a page budget of at least 1');
  }

  get generation(): number {
    return this.generationNow;
  }

  get size(): number {
    return this.pages.size;
  }

  pageOf(index: number): number {
    return Math.floor(index / this.pageSize);
  }

  /** The pages that hold rows `first` to `end - 1` (none for an empty range). */
  pagesFor(first: number, end: number): number[] {
    if (end <= first) return [];
    const pages: number[] = [];
    for (let page = this.pageOf(Math.max(0, first)); page <= this.pageOf(end - 1); page++) pages.push(page);
    return pages;
  }

  rowAt(index: number): T | undefined {
    return this.pages.get(this.pageOf(index))?.rows[index % this.pageSize];
  }

  has(page: number): boolean {
    return this.pages.has(page);
  }

  /** Has the page, and it was fetched after the last `invalidate`. */
  isFresh(page: number): boolean {
    return this.pages.get(page)?.generation === this.generationNow;
  }

  /** Marks the page as just shown, so it is the last to be evicted. */
  touch(page: number): void {
    const entry = this.pages.get(page);
    if (!entry) return;
    this.pages.delete(page);
    this.pages.set(page, entry);
  }

  /**
   * Stores a page fetched in `generation` (an answer from before an `invalidate` is dropped when a fresher
   * copy is already here), then evicts the least recently shown pages beyond the budget, sparing `keep`
   * (the pages on screen).
   */
  set(page: number, rows: readonly T[], generation: number, keep: ReadonlySet<number> = new Set()): void {
    const existing = this.pages.get(page);
    if (existing && existing.generation > generation) return;
    this.pages.delete(page);
    this.pages.set(page, { rows, generation });
    for (const old of this.pages.keys()) {
      if (this.pages.size <= this.maxPages) break;
      if (old !== page && !keep.has(old)) this.pages.delete(old);
    }
  }

  /** After a write elsewhere: every page is kept for display until its fresh copy arrives. */
  invalidate(): void {
    this.generationNow += 1;
  }

  /** Rows `start` to `end - 1` when every one of them is in memory, else null. */
  slice(start: number, end: number): T[] | null {
    const rows: T[] = [];
    for (let index = start; index < end; index++) {
      const row = this.rowAt(index);
      if (row === undefined) return null;
      rows.push(row);
    }
    return rows;
  }
}
