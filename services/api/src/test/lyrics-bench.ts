/**
 * `npm run bench:lyrics`: the lyrics search index (services/api/src/lyrics/lyrics-index.service.ts) at a 100,000-song catalog
 * where 10% of songs have lyrics, in process. Prints the heap the index takes (after a full GC, with --expose-gc),
 * its build time, and search times for rare, common and multi-word queries. The texts are synthetic: 40 lines of
 * 5–9 words per song drawn from a 30,000-word vocabulary with a Zipf-like spread (as word use in lyrics has), so the
 * posting lists have real shapes. The line shown is read through a repository stub from memory: on the real engine
 * each answered song costs one read by `_id` unless cached (docs/lyrics.md), which this does not time.
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { LyricsIndex } from '../lyrics/lyrics-index.service.js';
import type { LyricsRecord, LyricsRepository } from '../persistence/lyrics.repository.js';
import type { SongRecord } from '../persistence/songs.repository.js';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const WITH_LYRICS = Math.round(SONGS * 0.1);
const VOCABULARY = 30_000;
const LINES = 40;

// mulberry32: a small seeded generator, so every run draws the same texts.
let seed = 2801;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const SYLLABLES = ['la', 'ri', 'mo', 'ne', 'ka', 'sol', 'vin', 'tor', 'el', 'an', 'us', 'ber', 'dra', 'ge', 'pha', 'lu', 'ten', 'so', 'mi', 'rok'];
const words = Array.from({ length: VOCABULARY }, (_, index) => {
  let word = '';
  let n = index + 1;
  do {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return word;
});
/** Zipf-like: word k is drawn with weight 1/k. */
const harmonic = words.reduce((sum, _word, index) => sum + 1 / (index + 1), 0);
const cumulative = Float64Array.from(words.map((_word, index) => 1 / (index + 1) / harmonic));
for (let index = 1; index < cumulative.length; index++) cumulative[index] += cumulative[index - 1]!;
const drawWord = () => {
  const target = random();
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return words[low]!;
};

const hexId = (n: number) => n.toString(16).padStart(24, '0');
const records: LyricsRecord[] = [];
for (let song = 0; song < WITH_LYRICS; song++) {
  const lines = Array.from({ length: LINES }, (_, line) => ({
    start_ms: line * 4000,
    text: Array.from({ length: 5 + Math.floor(random() * 5) }, drawWord).join(' '),
  }));
  records.push({ songId: hexId(song * 10), synced: lines, plain: null, source: 'lrc', lang: null, updatedAt: 1 });
}
const byId = new Map(records.map((record) => [record.songId, record]));
const songs = new Map<string, SongRecord>();
for (let song = 0; song < SONGS; song++) {
  const id = hexId(song);
  const record: SongRecord = { id, name: `Song ${song}`, artistId: hexId(1), albumId: null, coverFileId: hexId(2), audioFileId: hexId(3), duration: 200, plays: song % 97, createdAt: 0 };
  if (byId.has(id)) record.lyricsAt = 1;
  songs.set(id, record);
}
const withLyrics = new Map([...byId.keys()].map((id) => [id, 1]));
const model = { versions: { songs: 1, albums: 1 }, song: (id: string) => songs.get(id) ?? null, songsWithLyrics: () => withLyrics } as unknown as CatalogModel;
const repository = {
  async *all() {
    yield* records;
  },
  find: async (id: string) => byId.get(id) ?? null,
} as unknown as LyricsRepository;

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  // Typed arrays keep their bytes outside the heap: both count.
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

async function main(): Promise<void> {
  console.log(`lyrics index: ${SONGS.toLocaleString()} songs, ${WITH_LYRICS.toLocaleString()} with lyrics (${LINES} lines each); load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  if (!gc) console.log('(run with --expose-gc for exact heap figures)');
  const before = heap();
  const index = new LyricsIndex(repository);
  let started = performance.now();
  await index.ready(model);
  const buildMs = performance.now() - started;
  const after = heap();
  const stats = index.stats();
  console.log(`built in ${buildMs.toFixed(0)} ms; ${stats.words.toLocaleString()} words, ${stats.postings.toLocaleString()} postings; heap and array buffers +${((after - before) / 1048576).toFixed(1)} MB (estimate from sizes ${(stats.approxBytes / 1048576).toFixed(1)} MB)`);

  const queries: Record<string, string[]> = {
    'common word': Array.from({ length: 50 }, (_, index) => words[index]!),
    'rare word': Array.from({ length: 50 }, (_, index) => words[20_000 + index * 13]!),
    'two words, a line of some song': [],
    'three words, a line of some song': [],
    'no match': Array.from({ length: 50 }, (_, index) => `zzq${index}`),
  };
  for (let index = 0; index < 50; index++) {
    const line = records[Math.floor(random() * records.length)]!.synced![Math.floor(random() * LINES)]!.text.split(' ');
    queries['two words, a line of some song']!.push(line.slice(0, 2).join(' '));
    queries['three words, a line of some song']!.push(line.slice(1, 4).join(' '));
  }
  for (const [kind, list] of Object.entries(queries)) {
    const times: number[] = [];
    let hits = 0;
    for (let round = 0; round < 3; round++) {
      for (const query of list) {
        started = performance.now();
        hits += (await index.search(query, model, 10)).length;
        times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    console.log(`${kind.padEnd(34)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms  (${(hits / times.length).toFixed(1)} hits a query)`);
  }
}

await main();
