import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { queryWords, searchWords } from '../catalog/search-text.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { LyricsRepository, type LyricsRecord } from '../persistence/lyrics.repository.js';

export interface LyricsHit {
  song: SongRecord;
  line: string;
}

/** Lyrics texts kept for picking the line to show; a miss is one read by `_id`. */
const TEXT_CACHE_SIZE = 256;
/** Songs matching every word looked at per search, most played first: enough to rank, bounded in time. */
const CANDIDATES_MAX = 500;
/** How long a search waits for the index still loading before it answers without lyrics. */
const SEARCH_WAIT_MS = 200;
/** Lyrics re-read at once when the catalog says another replica changed them. */
const REFRESH_BATCH = 8;

/**
 * Lyrics search (docs/lyrics.md): an inverted index from whole folded words (search-text.ts, the song search's
 * normalisation) to the songs whose lyrics hold them, in this process's memory, built from the `lyrics` collection
 * on the first search. Whole words only, no prefixes or typos: lyrics are long, and a prefix index over every word
 * of every song would cost several times the memory for a feature people use with quoted lines.
 *
 * Built in the background from the API's start; a search in the meantime answers no lyrics. The text itself is not
 * kept: the line shown is read from the collection by `_id` for the few songs answered (and cached). The catalog's `lyricsAt` per song says which copy is current, so a change made through another replica
 * is picked up at the next search after its catalog change arrives; a stale entry is never answered.
 */
@Injectable()
export class LyricsIndex implements OnApplicationBootstrap {
  private readonly logger = new Logger('LyricsIndex');
  /**
   * Word to documents holding it, ascending (documents are numbered as they are added), in a growing Int32Array:
   * 4 bytes a posting where an array of numbers takes 8 (about 2 million postings at 10,000 songs' lyrics).
   */
  private readonly postings = new Map<string, Postings>();
  private readonly songOf: string[] = [];
  private readonly atOf: number[] = [];
  /** Song id to its live document. */
  private readonly docOf = new Map<string, number>();
  private deadDocs = 0;
  private postingCount = 0;
  private loading: Promise<void> | null = null;
  private loaded = false;
  private checkedVersion = -1;
  private refreshing: Promise<void> | null = null;
  private readonly texts = new LRUCache<string, { at: number; lines: string[] }>({ max: TEXT_CACHE_SIZE });

  constructor(private readonly repository: LyricsRepository) {}

  /** Songs whose lyrics hold every word of `query`, most played first, each with its best line; at most `limit`. */
  async search(query: string, model: CatalogModel, limit: number): Promise<LyricsHit[]> {
    const words = queryWords(query);
    if (words.length === 0 || limit <= 0) return [];
    if (!(await this.ready(model, SEARCH_WAIT_MS))) return [];
    const lists: Postings[] = [];
    for (const word of words) {
      const list = this.postings.get(word);
      if (!list) return [];
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    const candidates: SongRecord[] = [];
    const [shortest, ...others] = lists;
    for (let position = 0; position < shortest!.length; position++) {
      const doc = shortest!.docs[position]!;
      let everywhere = true;
      for (const list of others) if (!includesSorted(list, doc)) everywhere = false;
      if (!everywhere) continue;
      const song = model.song(this.songOf[doc]!);
      // Stale (changed or deleted through another replica and not re-read yet): never answered.
      if (!song || song.lyricsAt !== this.atOf[doc]) continue;
      candidates.push(song);
      if (candidates.length >= CANDIDATES_MAX) break;
    }
    candidates.sort((a, b) => b.plays - a.plays || (a.id < b.id ? -1 : 1));
    const hits: LyricsHit[] = [];
    for (const song of candidates.slice(0, limit)) {
      const line = await this.bestLine(song, words);
      if (line !== null) hits.push({ song, line });
    }
    return hits;
  }

  /** This process stored (or replaced) a song's lyrics (before the load, the load reads them itself). */
  put(record: LyricsRecord): void {
    if (!this.loading) return;
    this.add(record);
    this.texts.delete(record.songId);
  }

  /** This process removed a song's lyrics, or the song. */
  remove(songId: string): void {
    this.drop(songId);
    this.texts.delete(songId);
  }

  /** Sizes for docs/benchmarks.md: documents, distinct words, postings, and an estimate of the heap they take. */
  stats(): { songs: number; words: number; postings: number; approxBytes: number } {
    let wordChars = 0;
    for (const word of this.postings.keys()) wordChars += word.length;
    let capacity = 0;
    for (const list of this.postings.values()) capacity += list.docs.length;
    // A Map entry ~40 bytes, a short string ~24 + its characters, a typed array ~100 + 4 per slot, the song tables' entries.
    const approxBytes = this.postings.size * (40 + 24 + 100 + 32) + wordChars + capacity * 4 + this.songOf.length * (8 + 8 + 48) + this.docOf.size * 40;
    return { songs: this.docOf.size, words: this.postings.size, postings: this.postingCount, approxBytes };
  }

  onApplicationBootstrap(): void {
    this.warmUp();
  }

  /** Starts the load without waiting for it (the API's start): the first search then finds it built. */
  warmUp(): void {
    this.loading ??= this.load();
    this.loading.catch((error: unknown) => {
      this.logger.warn(`lyrics index not built: ${(error as Error).message}`);
      this.loading = null;
    });
  }

  /**
   * Loaded once per process, then brought in line with the catalog whenever its songs changed. A search does not wait
   * for a load still running past `waitMs` (10,000 songs' lyrics take seconds to read on the embedded engine): it
   * answers no lyrics rather than hold the whole answer.
   */
  async ready(model: CatalogModel, waitMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    this.loading ??= this.load();
    if (!this.loaded) {
      const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), Math.min(waitMs, 2 ** 31 - 1)).unref());
      if ((await Promise.race([this.loading.then(() => 'done' as const), timeout])) === 'late') return false;
    }
    if (this.checkedVersion !== model.versions.songs) {
      this.checkedVersion = model.versions.songs;
      this.refreshing ??= this.reconcile(model).finally(() => (this.refreshing = null));
      await this.refreshing;
    }
    return true;
  }

  private async load(): Promise<void> {
    const started = Date.now();
    for await (const record of this.repository.all()) this.add(record);
    // The growth slack goes once the load is done (up to half of every list); later additions grow a list again.
    for (const list of this.postings.values()) if (list.docs.length > list.length) list.docs = list.docs.slice(0, list.length);
    this.loaded = true;
    const { songs, words, postings } = this.stats();
    this.logger.log(`lyrics index: ${songs} songs, ${words} words, ${postings} postings in ${Date.now() - started} ms`);
  }

  /** Re-reads the lyrics whose time in the catalog differs from the indexed copy; drops those the catalog no longer has. */
  private async reconcile(model: CatalogModel): Promise<void> {
    const current = model.songsWithLyrics();
    for (const songId of [...this.docOf.keys()]) if (!current.has(songId)) this.remove(songId);
    const stale = [...current].filter(([songId, at]) => {
      const doc = this.docOf.get(songId);
      return doc === undefined || this.atOf[doc] !== at;
    });
    for (let start = 0; start < stale.length; start += REFRESH_BATCH) {
      const records = await Promise.all(stale.slice(start, start + REFRESH_BATCH).map(([songId]) => this.repository.find(songId)));
      for (const record of records) if (record) this.add(record);
    }
    if (this.deadDocs > 1000 && this.deadDocs > this.docOf.size) this.compact();
  }

  private add(record: LyricsRecord): void {
    this.drop(record.songId);
    const doc = this.songOf.length;
    this.songOf.push(record.songId);
    this.atOf.push(record.updatedAt);
    this.docOf.set(record.songId, doc);
    // One pass over the whole text (its lines joined): searchWords folds and splits once, not once per line.
    const words = new Set(searchWords(linesOf(record).join('\n')));
    for (const word of words) {
      const list = this.postings.get(word);
      if (list) append(list, doc);
      else this.postings.set(word, { docs: Int32Array.of(doc), length: 1 });
    }
    this.postingCount += words.size;
  }

  private drop(songId: string): void {
    const doc = this.docOf.get(songId);
    if (doc === undefined) return;
    this.docOf.delete(songId);
    this.songOf[doc] = '';
    this.deadDocs++;
  }

  /** Rebuilds the postings without dead documents (after many replacements), keeping document numbers ascending. */
  private compact(): void {
    const renumber = new Map<number, number>();
    const songOf: string[] = [];
    const atOf: number[] = [];
    this.songOf.forEach((songId, doc) => {
      if (!songId) return;
      renumber.set(doc, songOf.length);
      this.docOf.set(songId, songOf.length);
      songOf.push(songId);
      atOf.push(this.atOf[doc]!);
    });
    this.postingCount = 0;
    for (const [word, list] of this.postings) {
      const kept: number[] = [];
      for (let position = 0; position < list.length; position++) {
        const next = renumber.get(list.docs[position]!);
        if (next !== undefined) kept.push(next);
      }
      if (kept.length === 0) this.postings.delete(word);
      else this.postings.set(word, { docs: Int32Array.from(kept), length: kept.length });
      this.postingCount += kept.length;
    }
    this.songOf.splice(0, this.songOf.length, ...songOf);
    this.atOf.splice(0, this.atOf.length, ...atOf);
    this.deadDocs = 0;
  }

  /** The line to show: one holding the words as a phrase, else the one holding most of them; the first such. */
  private async bestLine(song: SongRecord, words: string[]): Promise<string | null> {
    let cached = this.texts.get(song.id);
    if (!cached || cached.at !== song.lyricsAt) {
      const record = await this.repository.find(song.id);
      if (!record) return null;
      cached = { at: record.updatedAt, lines: linesOf(record) };
      this.texts.set(song.id, cached);
    }
    const phrase = ` ${words.join(' ')} `;
    let best: string | null = null;
    let bestScore = 0;
    for (const line of cached.lines) {
      const lineWords = searchWords(line);
      let score = words.filter((word) => lineWords.includes(word)).length;
      if (score === words.length && words.length > 1 && ` ${lineWords.join(' ')} `.includes(phrase)) score += words.length;
      if (score > bestScore) {
        best = line;
        bestScore = score;
      }
    }
    return best;
  }
}

function linesOf(record: LyricsRecord): string[] {
  return record.synced ? record.synced.map((line) => line.text).filter((text) => text !== '') : (record.plain ?? '').split('\n').filter((text) => text !== '');
}

interface Postings {
  docs: Int32Array;
  length: number;
}

function append(list: Postings, doc: number): void {
  if (list.length === list.docs.length) {
    const grown = new Int32Array(Math.max(4, list.docs.length * 2));
    grown.set(list.docs);
    list.docs = grown;
  }
  list.docs[list.length++] = doc;
}

function includesSorted(list: Postings, value: number): boolean {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list.docs[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low < list.length && list.docs[low] === value;
}
