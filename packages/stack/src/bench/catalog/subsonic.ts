import { performance } from 'node:perf_hooks';
import { median, percentile } from '../stats.js';
import { sampleRss } from './memory.js';
import type { ScaleContext, Timing } from './scale.js';

export interface SubsonicFigures {
  reads: Timing[];
  /** The whole library paged by an empty-query search3 and by GET /api/songs, 500 a page (issue 26: ≤ 2×). */
  sync: { songs: number; pages: number; subsonicMs: number; webMs: number };
  load: { clients: number; seconds: number; requests: number; errors: number; p50: number; p99: number; apiMaxRssMb: number; failures?: string; perMethod?: string };
}

const SYNC_PAGE = 500;

/** Makes an app password for the bench user (Connected apps) and answers the query that signs Subsonic calls in with it. */
async function signIn(context: ScaleContext): Promise<string> {
  const response = await context.session.send('POST', '/api/me/app-passwords', { json: { name: 'Bench app' } });
  if (response.status !== 201) throw new Error(`app password answered ${response.status}`);
  const { password } = (await response.json()) as { password: string };
  return `apiKey=${encodeURIComponent(password)}&v=1.16.1&c=bench&f=json`;
}

/** A Subsonic call: its answer's `subsonic-response` (failed answers throw) and the time it took. */
async function call(context: ScaleContext, auth: string, method: string, query = ''): Promise<{ ms: number; answer: Record<string, any> }> {
  const started = performance.now();
  const response = await context.session.send('GET', `/rest/${method}?${auth}${query ? `&${query}` : ''}`);
  const bytes = await response.arrayBuffer();
  // Timed to the answer's last byte: parsing a megabyte (10,000 artists) is the app's work, not the API's.
  const ms = performance.now() - started;
  const body = JSON.parse(Buffer.from(bytes).toString('utf8')) as { 'subsonic-response'?: Record<string, any> };
  const answer = body['subsonic-response'];
  if (response.status !== 200 || answer?.status !== 'ok') throw new Error(`${method}: ${response.status} ${JSON.stringify(answer?.error ?? body)}`);
  return { ms, answer };
}

/** A song the writes measured before did not delete. */
function liveSongs(context: ScaleContext): string[] {
  const { catalog } = context;
  const candidates = [catalog.middleSongId, catalog.lastSongId, catalog.likedSongId, ...Array.from({ length: 20 }, (_, n) => catalog.bigAlbumSongId(n))];
  return candidates.filter((id): id is string => typeof id === 'string' && !context.deleted.has(id));
}

async function timeCall(context: ScaleContext, auth: string, label: string, method: string, query: string, note?: (answer: Record<string, any>) => string, target: number | null = 20): Promise<Timing> {
  const samples: number[] = [];
  let failed = 0;
  let failure: string | undefined;
  let last: Record<string, any> | undefined;
  for (let round = 0; round <= context.rounds; round++) {
    try {
      const { ms, answer } = await call(context, auth, method, query);
      if (round > 0) samples.push(ms);
      last = answer;
    } catch (error) {
      failed += 1;
      failure = (error as Error).message.slice(0, 120);
    }
  }
  return { label, target: target ?? undefined, p50: median(samples), p95: percentile(samples, 95), calls: context.rounds + 1, failed, failure, note: last && note?.(last) };
}

const count = (items: unknown) => (Array.isArray(items) ? items.length : 0);

/** The Subsonic reads of issue 26's table at this size, each against its 20 ms target. */
async function measureReads(context: ScaleContext, auth: string): Promise<Timing[]> {
  const { catalog } = context;
  const rows: Timing[] = [];
  const add = async (...args: Parameters<typeof timeCall> extends [unknown, unknown, ...infer Rest] ? Rest : never) => rows.push(await timeCall(context, auth, ...args));
  const artistWord = catalog.topArtist.name.split(' ')[0]!.toLowerCase();
  const found = (answer: Record<string, any>) => `${count(answer.searchResult3?.artist)} artists, ${count(answer.searchResult3?.album)} albums, ${count(answer.searchResult3?.song)} songs`;
  await add(`search3 "${artistWord}" (20 of each kind)`, 'search3', `query=${encodeURIComponent(artistWord)}`, found);
  await add(`search3 "${catalog.commonWord.toLowerCase()}"`, 'search3', `query=${encodeURIComponent(catalog.commonWord.toLowerCase())}`, found);
  // A sync page: its target is the whole sync's (≤ 2× the web's paging), below.
  await add('search3 "" (sync), songs 500 from the middle', 'search3', `query=&artistCount=0&albumCount=0&songCount=500&songOffset=${Math.floor(context.songCount / 2)}`, found, null);
  const albums = (answer: Record<string, any>) => `${count(answer.albumList2?.album)} albums`;
  for (const type of ['random', 'newest', 'frequent', 'recent', 'starred', 'alphabeticalByName', 'alphabeticalByArtist']) await add(`getAlbumList2 ${type}, 50`, 'getAlbumList2', `type=${type}&size=50&offset=50`, albums);
  await add('getAlbumList2 byYear 1990–2000, 50', 'getAlbumList2', 'type=byYear&fromYear=1990&toYear=2000&size=50', albums);
  await add(`getAlbumList2 byGenre "${catalog.someGenre}", 50`, 'getAlbumList2', `type=byGenre&genre=${encodeURIComponent(catalog.someGenre)}&size=50`, albums);
  await add(`getArtists (${catalog.artists.toLocaleString('en')} credited)`, 'getArtists', '', (answer) => `${(answer.artists?.index ?? []).reduce((sum: number, entry: { artist?: unknown[] }) => sum + count(entry.artist), 0)} artists listed`);
  const artistNote = (answer: Record<string, any>) => `${count(answer.artist?.album)} albums`;
  await add('getArtist, the most credited artist', 'getArtist', `id=${catalog.topArtist.id}`, artistNote);
  await add('getArtist, an artist of middling rank', 'getArtist', `id=${catalog.someArtist.id}`, artistNote);
  const album = catalog.bigAlbumId ?? catalog.someAlbumId;
  await add(`getAlbum (${catalog.bigAlbumId ? `the big album, ${catalog.bigAlbumSongs.toLocaleString('en')} songs` : 'an album'})`, 'getAlbum', `id=${album}`, (answer) => `${count(answer.album?.song)} songs`);
  await add('getAlbum, an ordinary album', 'getAlbum', `id=${catalog.someAlbumId}`, (answer) => `${count(answer.album?.song)} songs`);
  await add('getSong', 'getSong', `id=${liveSongs(context)[0]}`);
  await add(`getPlaylists (${catalog.playlists.toLocaleString('en')} playlists)`, 'getPlaylists', '', (answer) => `${count(answer.playlists?.playlist)} listed`);
  return rows;
}

/** Pages the whole library both ways, one after the other (the web's cursor pages, then search3's offsets). */
async function measureSync(context: ScaleContext, auth: string): Promise<SubsonicFigures['sync']> {
  let started = performance.now();
  let cursor: string | null = null;
  let webSongs = 0;
  do {
    const response = await context.session.send('GET', `/api/songs?limit=${SYNC_PAGE}${cursor ? `&cursor=${cursor}` : ''}`);
    const page = (await response.json()) as { songs: unknown[]; next_cursor: string | null };
    webSongs += page.songs.length;
    cursor = page.next_cursor;
  } while (cursor);
  const webMs = performance.now() - started;
  started = performance.now();
  let songs = 0;
  let pages = 0;
  for (;;) {
    const { answer } = await call(context, auth, 'search3', `query=&artistCount=0&albumCount=0&songCount=${SYNC_PAGE}&songOffset=${songs}`);
    const got = count(answer.searchResult3?.song);
    pages += 1;
    songs += got;
    if (got < SYNC_PAGE) break;
  }
  if (songs !== webSongs) throw new Error(`search3 synced ${songs} songs, /api/songs listed ${webSongs}`);
  return { songs, pages, subsonicMs: performance.now() - started, webMs };
}

/**
 * Issue 26's load: `clients` apps starting up over and over for `seconds` (ping, getArtists, getAlbumList2,
 * getPlaylists, then a 64 KiB Range read of a song through stream), at most 100,000 requests; the API's RSS sampled.
 */
async function startupLoad(context: ScaleContext, auth: string, apiPid: number | undefined, clients: number, seconds: number): Promise<SubsonicFigures['load']> {
  // Songs the bench uploaded have files of their own: the generated ones share one, which the write measurements'
  // song deletes remove with the song they delete.
  const songs = context.uploaded.filter((id) => !context.deleted.has(id)).slice(-2);
  if (songs.length === 0) throw new Error('no uploaded song left to stream');
  const types = ['random', 'newest', 'frequent', 'alphabeticalByName'];
  const sequence = [
    () => `/rest/ping.view?${auth}`,
    () => `/rest/getArtists.view?${auth}`,
    () => `/rest/getAlbumList2.view?${auth}&type=${types[Math.floor(Math.random() * types.length)]}&size=20`,
    () => `/rest/getPlaylists.view?${auth}`,
    () => `/rest/stream.view?${auth}&id=${songs[Math.floor(Math.random() * songs.length)]}`,
  ];
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const failures = new Map<string, number>();
  const byMethod = new Map<string, number[]>();
  const failed = (kind: string) => {
    errors += 1;
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
  };
  const app = async () => {
    while (Date.now() < deadline && latencies.length < 100_000) {
      for (const [step, path] of sequence.entries()) {
        const started = performance.now();
        const url = path();
        const method = url.slice('/rest/'.length, url.indexOf('.view'));
        try {
          const streams = step === sequence.length - 1;
          const response = await fetch(context.session.baseUrl + url, streams ? { headers: { range: 'bytes=0-65535' } } : {});
          if (streams) {
            const type = response.headers.get('content-type') ?? '';
            const body = Buffer.from(await response.arrayBuffer());
            if (response.status !== 206 || !type.startsWith('audio/')) {
              const error = type.includes('json') ? (JSON.parse(body.toString('utf8')) as { 'subsonic-response'?: { error?: { code: number; message: string } } })['subsonic-response']?.error : undefined;
              failed(`${method} ${response.status}${error ? ` ${error.code} ${error.message}` : ''}`);
            }
          } else {
            // The envelope starts with the status: a phone parses the answer, the bench (on the server's cores) need not.
            const text = await response.text();
            if (!text.startsWith('{"subsonic-response":{"status":"ok"')) failed(`${method} ${response.status} ${text.slice(0, 120)}`);
          }
        } catch (error) {
          failed(`${method} ${(error as Error).message.slice(0, 40)}`);
        }
        const took = performance.now() - started;
        latencies.push(took);
        byMethod.set(method, [...(byMethod.get(method) ?? []), took].slice(-5000));
      }
    }
  };
  const { maxRssMb } = await sampleRss([apiPid], () => Promise.all(Array.from({ length: clients }, app)));
  const kinds = [...failures].map(([kind, count]) => `${kind} ×${count}`).join('; ');
  const perMethod = [...byMethod].map(([method, times]) => `${method} ${median(times).toFixed(0)}`).join(', ');
  return { clients, seconds, requests: latencies.length, errors, p50: median(latencies), p99: percentile(latencies, 99), apiMaxRssMb: maxRssMb[0]!, failures: kinds || undefined, perMethod: `p50 ms: ${perMethod}` };
}

export async function measureSubsonic(context: ScaleContext, apiPid: number | undefined, loadSeconds: number): Promise<SubsonicFigures> {
  const auth = await signIn(context);
  const reads = await measureReads(context, auth);
  const sync = await measureSync(context, auth);
  const load = await startupLoad(context, auth, apiPid, 50, loadSeconds);
  return { reads, sync, load };
}
