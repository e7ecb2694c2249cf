import { performance } from 'node:perf_hooks';
import type { BenchSession } from '../api-session.js';
import type { GrownCatalog } from '../../catalog/grow-catalog.js';
import { median, ms, percentile } from '../stats.js';
import { sampleRss } from './memory.js';

/** One measured call: medians and p95 of sequential requests, after one unmeasured warm-up. */
export interface Timing {
  label: string;
  target?: number;
  p50: number;
  p95: number;
  note?: string;
}

interface Context {
  session: BenchSession;
  me: string;
  catalog: GrownCatalog;
  songCount: number;
  rounds: number;
}

async function timeGet(session: BenchSession, path: string, rounds: number, expectStatus = 200): Promise<{ p50: number; p95: number; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  for (let round = 0; round <= rounds; round++) {
    const started = performance.now();
    const response = await session.send('GET', path);
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== expectStatus) throw new Error(`GET ${path}: ${response.status}, expected ${expectStatus}`);
    bytes = body.byteLength;
    if (round > 0) samples.push(elapsed);
  }
  return { p50: median(samples), p95: percentile(samples, 95), bytes };
}

/** The read calls of the table, each against its target. */
export async function measureReads(context: Context): Promise<Timing[]> {
  const { session, me, catalog, rounds, songCount } = context;
  const rows: Timing[] = [];
  const add = async (label: string, path: string, target?: number, expectStatus = 200) => {
    const timing = await timeGet(session, path, rounds, expectStatus);
    rows.push({ label, target, p50: timing.p50, p95: timing.p95 });
  };
  await add(`search, rare word (${catalog.rareCount} songs)`, `/api/search?q=${encodeURIComponent(catalog.rareWord.toLowerCase())}`, 50);
  await add(`search, common word "${catalog.commonWord}"`, `/api/search?q=${encodeURIComponent(catalog.commonWord.toLowerCase())}`, 50);
  await add('search, one-letter prefix "s"', '/api/search?q=s', 50);
  await add('search, no match', '/api/search?q=zzzqqq', 50);
  await add('GET /api/songs/:id', `/api/songs/${catalog.middleSongId}`, 10);
  await add('GET /api/albums/:id', `/api/albums/${catalog.bigAlbumId ?? catalog.someAlbumId}`, 10);
  await add('GET /api/playlists/:id', `/api/playlists/${catalog.bigPlaylistId ?? catalog.somePlaylistId}`, 10);
  await add('like check', `/api/collection/${me}/liked/${catalog.likedSongId ?? catalog.middleSongId}`, 10, catalog.likedSongId ? 200 : 404);
  const album = catalog.bigAlbumId ?? catalog.someAlbumId;
  await add(`album songs, 50 (${catalog.bigAlbumId ? '10,000-song album' : 'an album'})`, `/api/albums/${album}/songs?limit=50`, 50);
  if (catalog.bigAlbumId) await add('album songs, 50 from the middle', `/api/albums/${album}/songs?limit=50&offset=5000`, 50);
  await add(`playlist songs, 50 (${catalog.bigPlaylistId ? '10,000 entries' : 'a playlist'})`, `/api/playlists/${catalog.bigPlaylistId ?? catalog.somePlaylistId}/songs?limit=50`, 50);
  await add('liked songs, page of 50 (1,000 likes)', `/api/collection/${me}/tracks?limit=50`, 100);
  await add('liked songs, all 1,000 (the spec’s array)', `/api/collection/${me}/tracks`, 100);
  await add('GET /api/songs?limit=50', '/api/songs?limit=50', 50);
  await add('GET /api/songs?limit=50, middle offset', `/api/songs?limit=50&offset=${Math.floor(songCount / 2)}`, 50);
  await add('GET /api/albums?limit=50', '/api/albums?limit=50', 50);
  await add('GET /api/playlists?limit=50', '/api/playlists?limit=50', 50);
  return rows;
}

/** The whole list without paging (streamed when long): time, bytes and the API's memory while it is written. */
export async function measureFullList(session: BenchSession, apiPid: number | undefined): Promise<{ ms: number; bytes: number; maxRssMb: number }> {
  const { result, maxRssMb } = await sampleRss(apiPid, async () => {
    const started = performance.now();
    const response = await session.send('GET', '/api/songs');
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: performance.now() - started, bytes };
  });
  return { ...result, maxRssMb };
}

/** A write, then the read a person makes next: how long until it answers, and whether it shows the write. */
export async function measureAfterWrites(context: Context, upload: (name: string) => Promise<string>): Promise<Timing[]> {
  const { session, me, catalog } = context;
  const rows: Timing[] = [];
  const time = async (label: string, write: () => Promise<void>, read: () => Promise<boolean>) => {
    const samples: number[] = [];
    const writes: number[] = [];
    let shown = true;
    for (let round = 0; round < Math.max(3, Math.min(context.rounds, 7)); round++) {
      const writeStarted = performance.now();
      await write();
      writes.push(performance.now() - writeStarted);
      const started = performance.now();
      shown = (await read()) && shown;
      samples.push(performance.now() - started);
    }
    const writeNote = `the write itself ${ms(median(writes))}`;
    rows.push({ label, target: 100, p50: median(samples), p95: percentile(samples, 95), note: `${shown ? 'shows the write' : 'MISSES the write'}; ${writeNote}` });
  };
  const json = async (path: string) => (await (await session.send('GET', path)).json()) as Record<string, unknown>;
  let uploadedId = '';
  let name = '';
  await time(
    'upload, then the last page of /api/songs',
    async () => {
      name = `Fresh Upload ${Math.random().toString(36).slice(2, 8)}`;
      uploadedId = await upload(name);
    },
    async () => {
      const first = await json('/api/songs?limit=1');
      const last = await json(`/api/songs?limit=50&offset=${Math.max(0, (first.total as number) - 50)}`);
      return (last.songs as { id: string }[]).some((song) => song.id === uploadedId);
    },
  );
  await time(
    'upload, then search for it',
    async () => {
      name = `Brandnew ${Math.random().toString(36).slice(2, 8)}`;
      uploadedId = await upload(name);
    },
    async () => ((await json(`/api/search?q=${encodeURIComponent(name.toLowerCase())}`)).songs as { id: string }[]).some((song) => song.id === uploadedId),
  );
  let liked = '';
  await time(
    'like, then the liked songs page',
    async () => {
      liked = catalog.middleSongId;
      await session.send('DELETE', `/api/collection/${me}/delete`, { json: { song_id: liked } });
      await session.send('POST', `/api/collection/${me}/new`, { json: { song_id: liked } });
    },
    async () => ((await json(`/api/collection/${me}/tracks?limit=50`)).tracks as { song_id: string }[])[0]?.song_id === liked,
  );
  const playlist = (await (await session.send('POST', '/api/playlists/new', { form: formOf({ playlist_name: 'Bench Playlist' }) })).json()) as { id: string };
  let added = '';
  await time(
    'playlist add, then the playlist’s last page',
    async () => {
      added = await upload(`For The Playlist ${Math.random().toString(36).slice(2, 6)}`);
      await session.send('PUT', `/api/playlists/${playlist.id}/add`, { json: { song_id: added } });
    },
    async () => {
      const page = await json(`/api/playlists/${playlist.id}/songs?limit=50&offset=0`);
      return (page.playlist_songs as { song_id: string }[]).some((entry) => entry.song_id === added);
    },
  );
  await time(
    'delete, then the song list page it was on',
    async () => {
      uploadedId = await upload(`Doomed ${Math.random().toString(36).slice(2, 6)}`);
      await session.send('DELETE', `/api/songs/${uploadedId}`);
    },
    async () => {
      const first = await json('/api/songs?limit=1');
      const last = await json(`/api/songs?limit=50&offset=${Math.max(0, (first.total as number) - 50)}`);
      return !(last.songs as { id: string }[]).some((song) => song.id === uploadedId);
    },
  );
  return rows;
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

/**
 * A bounded mixed load: `connections` clients, each issuing one request at a
 * time for `seconds`, over the reads above plus a like toggle; answers the
 * request count, errors and the API's highest resident memory.
 */
export async function mixedLoad(context: Context, apiPid: number | undefined, connections: number, seconds: number): Promise<{ requests: number; errors: number; maxRssMb: number; p50: number; p99: number }> {
  const { session, me, catalog, songCount } = context;
  const paths = [
    () => `/api/songs?limit=50&offset=${Math.floor(Math.random() * songCount)}`,
    () => `/api/songs/${catalog.middleSongId}`,
    () => `/api/search?q=${encodeURIComponent(['lo', 'night', catalog.commonWord, 'ka', 'mir'][Math.floor(Math.random() * 5)]!)}`,
    () => `/api/albums?limit=50&offset=${Math.floor(Math.random() * catalog.albums)}`,
    () => `/api/playlists?limit=50`,
    () => `/api/collection/${me}/tracks?limit=50`,
    () => `/api/collection/${me}/liked/${catalog.middleSongId}`,
    () => `/api/albums/${catalog.bigAlbumId ?? catalog.someAlbumId}/songs?limit=50&offset=${Math.floor(Math.random() * 100)}`,
  ];
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const client = async (index: number) => {
    let toggle = false;
    while (Date.now() < deadline && latencies.length < 200_000) {
      const started = performance.now();
      try {
        let status: number;
        if (index === 0 && Math.random() < 0.3) {
          toggle = !toggle;
          status = (await session.send(toggle ? 'DELETE' : 'POST', `/api/collection/${me}/${toggle ? 'delete' : 'new'}`, { json: { song_id: catalog.lastSongId } })).status;
        } else {
          const response = await session.send('GET', paths[Math.floor(Math.random() * paths.length)]!());
          await response.arrayBuffer();
          status = response.status;
        }
        if (status >= 400 && status !== 404) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const { maxRssMb } = await sampleRss(apiPid, () => Promise.all(Array.from({ length: connections }, (_, index) => client(index))));
  return { requests: latencies.length, errors, maxRssMb, p50: median(latencies), p99: percentile(latencies, 99) };
}
