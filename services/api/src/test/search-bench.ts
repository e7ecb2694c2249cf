/**
 * `npm run bench -- --search [--songs 100000]` (issue 30, docs/search.md): the search engine at 100,000 songs,
 * 10,000 artists, 10,000 albums and 50,000 playlists with generated names (the catalog bench's vocabulary), each
 * engine in its own process so memory figures do not mix:
 * - `model`: the API's read model (CatalogModel) as it searches for GET /api/search (every group and the top
 *   result), per keystroke of queries typed letter by letter, with and without typos; the RSS and heap the search
 *   indexes add, from the same names indexed alone;
 * - `minisearch`: MiniSearch 7 on the same names (one index per kind, prefix and the same typo budget), for the
 *   engine choice: build time, memory added, the same keystrokes.
 * Prints figures, asserts nothing. Run with --expose-gc (the bench CLI does).
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { artistKey, LIMITS } from '@tunafy/contracts';
import { nameGenerator } from '@tunafy/stack';
import MiniSearch from 'minisearch';
import { CatalogModel } from '../catalog/catalog-model.js';
import { PrefixIndex, WordIndex } from '../catalog/prefix-index.js';
import { typoBudget } from '../catalog/typos.js';

const { values } = parseArgs({ options: { songs: { type: 'string', default: '100000' }, engine: { type: 'string' } } });
const SONGS = Number(values.songs);
const ARTISTS = Math.round(SONGS / 10);
const ALBUMS = Math.round(SONGS / 10);
const PLAYLISTS = Math.round(SONGS / 2);
const USERS = 1000;
const QUERIES = 100;

interface Catalog {
  songs: { title: string; artist: number; album: number; plays: number }[];
  artists: string[];
  albums: string[];
  playlists: string[];
  users: string[];
}

/** Random but repeatable: the same catalog and queries in every process. */
function generate(): Catalog {
  const name = nameGenerator(11);
  let seed = 5;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const words = () => 1 + Math.floor(next() * 4);
  const artists = Array.from({ length: ARTISTS }, (_, index) => `${name(1)} ${name(1)}${index % 7 === 0 ? ` ${index}` : ''}`);
  const albums = Array.from({ length: ALBUMS }, () => name(words()));
  const songs = Array.from({ length: SONGS }, () => ({ title: name(words()), artist: Math.floor(next() * ARTISTS), album: Math.floor(next() * ALBUMS), plays: Math.floor(next() * 1000) }));
  const playlists = Array.from({ length: PLAYLISTS }, () => name(words()));
  const users = Array.from({ length: USERS }, (_, index) => `${name(1).toLowerCase()}.${name(1).toLowerCase()}${index}`);
  return { songs, artists, albums, playlists, users };
}

/** Queries as typed: one to three words of a song's title, sometimes with its artist's first name; every prefix is a keystroke. */
function queries(catalog: Catalog, typos: boolean): string[] {
  let seed = 99;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const typed: string[] = [];
  for (let count = 0; count < QUERIES; count++) {
    const song = catalog.songs[Math.floor(next() * catalog.songs.length)]!;
    let words = song.title.toLowerCase().split(' ').slice(0, 3);
    if (next() < 0.3) words = [catalog.artists[song.artist]!.toLowerCase().split(' ')[0]!, ...words.slice(0, 1)];
    if (typos) words = words.map((word) => (typoBudget(word.length) > 0 ? misspell(word, next) : word));
    const query = words.join(' ');
    for (let length = 1; length <= query.length; length++) if (query[length - 1] !== ' ') typed.push(query.slice(0, length));
  }
  return typed;
}

/** One edit: a swap of neighbours, a dropped letter or a wrong one, past the first letter (people rarely miss that one). */
function misspell(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 2));
  const kind = Math.floor(next() * 3);
  if (kind === 0) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + (word[at] === 'x' ? 'q' : 'x') + word.slice(at + 1);
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

interface Timing {
  p50: number;
  p95: number;
  max: number;
  count: number;
  /** The same from the process's CPU time (user + system): what the search costs, whatever else the cores run. */
  cpuP50: number;
  cpuP95: number;
}

/** `keystrokes`, when given, receives each keystroke's CPU time (for kindsOf). */
function time(typed: string[], search: (query: string) => unknown, keystrokes?: number[]): Timing {
  for (const query of typed.slice(0, 200)) search(query);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const query of typed) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    search(query);
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  keystrokes?.push(...cpu);
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(wall, 0.5), p95: percentile(wall, 0.95), max: wall[wall.length - 1]!, count: wall.length, cpuP50: percentile(cpu, 0.5), cpuP95: percentile(cpu, 0.95) };
}

/** A keystroke's shape: how many words it has and whether the last one is still one or two letters ("love o"). */
function kindOf(query: string): string {
  const words = query.split(' ').filter((word) => word.length > 0);
  const count = words.length === 1 ? 'one word' : words.length === 2 ? 'two words' : 'three words';
  return words[words.length - 1]!.length <= 2 ? `${count}, the last of 1–2 letters` : count;
}

/**
 * Where the p95 comes from: per kind of keystroke (kindOf), how many there are, how many are among the slowest 5%
 * of all, their CPU p50 / p95 and the slowest three. One line per kind, slowest kinds first.
 */
function kindsOf(typed: string[], cpu: number[]): string[] {
  const tail = percentile([...cpu].sort((a, b) => a - b), 0.95);
  const kinds = new Map<string, { query: string; cpu: number }[]>();
  typed.forEach((query, at) => {
    const kind = kindOf(query);
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind)!.push({ query, cpu: cpu[at]! });
  });
  return [...kinds]
    .map(([kind, strokes]) => ({ kind, strokes: strokes.sort((a, b) => b.cpu - a.cpu), inTail: strokes.filter((stroke) => stroke.cpu >= tail).length }))
    .sort((a, b) => b.inTail - a.inTail || b.strokes[0]!.cpu - a.strokes[0]!.cpu)
    .map(({ kind, strokes, inTail }) => {
      const sorted = strokes.map((stroke) => stroke.cpu).sort((a, b) => a - b);
      const slowest = strokes.slice(0, 3).map((stroke) => `"${stroke.query}" ${ms(stroke.cpu)}`);
      return `${kind}: ${strokes.length} keystrokes, ${inTail} in the slowest 5%; CPU p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}; slowest ${slowest.join(', ')}`;
    });
}

function memory(): { rss: number; heap: number } {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rss: usage.rss / 1048576, heap: (usage.heapUsed + usage.external + usage.arrayBuffers) / 1048576 };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const mbText = (value: number) => `${value.toFixed(1)} MB`;

function report(label: string, result: Record<string, unknown>): void {
  console.log(JSON.stringify({ label, ...result }));
}

/** The API's read model, as GET /api/search uses it, and the search indexes alone for their memory. */
function benchModel(): void {
  const catalog = generate();
  // Memory first, in a clean heap: the indexes alone over the same names.
  const before = memory();
  let started = performance.now();
  const songIndex = new WordIndex((a, b) => a - b);
  catalog.songs.forEach((song, slot) => songIndex.put(slot, song.title));
  const artistIndex = new WordIndex((a, b) => a - b);
  catalog.artists.forEach((name, number) => artistIndex.put(number, name));
  const albumIndex = new PrefixIndex<number>();
  catalog.albums.forEach((name, number) => albumIndex.put(number, name, String(number)));
  const playlistIndex = new PrefixIndex<number>();
  catalog.playlists.forEach((name, number) => playlistIndex.put(number, name, String(number)));
  const userIndex = new WordIndex((a, b) => a - b);
  catalog.users.forEach((name, number) => userIndex.put(number, name));
  for (const index of [songIndex, artistIndex, albumIndex, playlistIndex, userIndex]) index.compact();
  const buildMs = performance.now() - started;
  const after = memory();
  report('indexes alone', { buildMs, rssAddedMb: after.rss - before.rss, heapAddedMb: after.heap - before.heap });
  const plainTitles = time(queries(catalog, false), (query) => songIndex.search(query, 20));
  const typoTitles = time(queries(catalog, true), (query) => songIndex.search(query, 20));
  report('song titles only', { plain: plainTitles, typos: typoTitles });

  // The whole model, loaded as the API loads it.
  started = performance.now();
  const model = new CatalogModel();
  const id = (kind: number, index: number) => (kind * 0x10000000 + index).toString(16).padStart(24, '0');
  const owner = id(1, 0);
  catalog.users.forEach((name, index) => model.putUser(id(1, index), name));
  catalog.artists.forEach((name, index) => model.putArtist({ id: id(2, index), name, key: artistKey(name) }));
  catalog.albums.forEach((name, index) => model.putAlbum({ id: id(3, index), name, artistId: owner, coverFileId: id(9, 0), createdAt: new Date(0), albumArtistId: id(2, index % ARTISTS) }));
  catalog.songs.forEach((song, index) =>
    model.loadSong({ id: id(4, index), name: song.title, artistId: owner, albumId: id(3, song.album), coverFileId: id(9, 0), audioFileId: id(9, 1), duration: 200, plays: song.plays, createdAt: 0, creditIds: [id(2, song.artist)] }),
  );
  model.finishSongLoad();
  catalog.playlists.forEach((name, index) => model.putPlaylist({ id: id(5, index), name, description: null, isPrivate: index % 10 === 0, creatorId: id(1, index % USERS), coverFileId: null, createdAt: new Date(0) }));
  model.compact();
  const loadMs = performance.now() - started;
  const viewer = id(1, 1);
  const plainTyped = queries(catalog, false);
  const typoTyped = queries(catalog, true);
  const plainCpu: number[] = [];
  const typoCpu: number[] = [];
  const plain = time(plainTyped, (query) => model.search(query, viewer, 20), plainCpu);
  const typos = time(typoTyped, (query) => model.search(query, viewer, 20), typoCpu);
  report('model.search (every group and the top result)', { loadMs, plain, typos, rssMb: memory().rss });
  report('model.search by kind of keystroke, CPU', { 'as typed': kindsOf(plainTyped, plainCpu), 'with typos': kindsOf(typoTyped, typoCpu) });
  // One group paged (the search screen's chips, GET /api/search?type=&offset=): a page ranks everything before it, so
  // the deepest page allowed (offset LIMITS.searchOffsetMax, limit 20, one more to know of a next page) is the dear one.
  const deepest = LIMITS.searchOffsetMax + LIMITS.searchResultsMax + 1;
  report('one group paged, as typed', {
    songsFirstPage: time(queries(catalog, false), (query) => model.searchSongs(query, LIMITS.searchResultsMax + 1)),
    songsDeepestPage: time(queries(catalog, false), (query) => model.searchSongs(query, deepest)),
    playlistsDeepestPage: time(queries(catalog, false), (query) => model.searchPlaylists(query, viewer, deepest)),
  });
}

/** MiniSearch over the same names: one index per kind, as the groups need. */
function benchMiniSearch(): void {
  const catalog = generate();
  const before = memory();
  const started = performance.now();
  const options = { fields: ['name'], storeFields: [] as string[], searchOptions: { prefix: true, fuzzy: (term: string) => typoBudget(term.length), combineWith: 'AND' as const } };
  const build = (names: string[]) => {
    const index = new MiniSearch<{ id: number; name: string }>(options);
    index.addAll(names.map((name, id) => ({ id, name })));
    return index;
  };
  const songs = build(catalog.songs.map((song) => song.title));
  const artists = build(catalog.artists);
  const albums = build(catalog.albums);
  const playlists = build(catalog.playlists);
  const users = build(catalog.users);
  const buildMs = performance.now() - started;
  const after = memory();
  report('minisearch indexes', { buildMs, rssAddedMb: after.rss - before.rss, heapAddedMb: after.heap - before.heap });
  const titles = (query: string) => songs.search(query).slice(0, 20);
  report('minisearch song titles only', { plain: time(queries(catalog, false), titles), typos: time(queries(catalog, true), titles) });
  const all = (query: string) => [songs, artists, albums, playlists, users].map((index) => index.search(query).slice(0, 20));
  report('minisearch every group (titles only for songs)', { plain: time(queries(catalog, false), all), typos: time(queries(catalog, true), all) });
}

if (values.engine === 'model') benchModel();
else if (values.engine === 'minisearch') benchMiniSearch();
else {
  const self = fileURLToPath(import.meta.url);
  const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
  console.log(`Search with typos: ${SONGS.toLocaleString('en')} songs, ${ARTISTS.toLocaleString('en')} artists, ${ALBUMS.toLocaleString('en')} albums, ${PLAYLISTS.toLocaleString('en')} playlists, ${USERS} users; ${QUERIES} queries typed letter by letter`);
  console.log(`load average before: ${load()} (2 cores shared with other engineers' work)`);
  for (const engine of ['model', 'minisearch']) {
    const child = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', self, '--engine', engine, '--songs', String(SONGS)], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (child.status !== 0) throw new Error(`${engine} bench failed: ${child.stderr}`);
    for (const line of child.stdout.trim().split('\n')) {
      const { label, ...figures } = JSON.parse(line) as { label: string } & Record<string, any>;
      const parts: string[] = [];
      for (const [key, value] of Object.entries(figures)) {
        if (Array.isArray(value)) parts.push(`\n  ${key}:${value.map((line) => `\n    ${line}`).join('')}`);
        else if (typeof value === 'number') parts.push(`${key} ${key.endsWith('Mb') ? mbText(value) : key.endsWith('Ms') ? ms(value) : value}`);
        else parts.push(`${key}: p50 ${ms(value.p50)}, p95 ${ms(value.p95)}, max ${ms(value.max)} (CPU p50 ${ms(value.cpuP50)}, p95 ${ms(value.cpuP95)}) over ${value.count} keystrokes`);
      }
      console.log(`${engine} · ${label}: ${parts.join('; ')}`);
    }
  }
  console.log(`load average after: ${load()}`);
}
