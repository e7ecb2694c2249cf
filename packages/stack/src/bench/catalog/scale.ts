import { performance } from 'node:perf_hooks';
import type { BenchSession } from '../api-session.js';
import type { GrownCatalog } from '../../catalog/grow-catalog.js';
import { median, ms, percentile } from '../stats.js';
import { sampleRss } from './memory.js';

/** One measured call: median and p95 of sequential requests (after one unmeasured warm-up for reads). */
export interface Timing {
  label: string;
  /** The issue's target for the median, in ms. */
  target?: number;
  p50: number;
  p95: number;
  calls: number;
  /** Calls that did not answer as expected (status or network error), with what happened. */
  failed: number;
  failure?: string;
  /** Writes only: whether the read right after every write showed it. */
  shows?: boolean;
  note?: string;
}

export interface ScaleContext {
  session: BenchSession;
  me: string;
  catalog: GrownCatalog;
  /** Songs the API lists (its `total`; the collection's count on an API that does not page). */
  songCount: number;
  rounds: number;
  /** Songs uploaded by the write measurements (later rows reuse them), and catalog songs already deleted. */
  uploaded: string[];
  deleted: Set<string>;
  upload: (name: string) => Promise<string>;
  /** Creates an album of the bench user (with a cover) and answers its id. */
  newAlbum?: (name: string) => Promise<string>;
}

interface Answer {
  status: number;
  body: Buffer;
  ms: number;
}

async function timed(session: BenchSession, method: string, path: string, json?: unknown): Promise<Answer> {
  const started = performance.now();
  const response = await session.send(method, path, json === undefined ? {} : { json });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body, ms: performance.now() - started };
}

function parse(answer: Answer): Record<string, unknown> {
  try {
    const value = JSON.parse(answer.body.toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Counts what went wrong, by kind ("404 ×3, ECONNRESET ×1"). */
class Failures {
  private readonly kinds = new Map<string, number>();
  count = 0;

  add(kind: string): void {
    this.count += 1;
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
  }

  toString(): string | undefined {
    return this.count === 0 ? undefined : [...this.kinds].map(([kind, count]) => `${kind} ×${count}`).join(', ');
  }
}

const errorKind = (error: unknown) => (error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message.slice(0, 60)) : String(error));

/** `rounds` timed GETs after one warm-up; `check` reads the last answer and may add a note. */
async function timeGet(context: ScaleContext, label: string, path: string, target?: number, expect = 200, check?: (body: Record<string, unknown>) => string): Promise<Timing> {
  const samples: number[] = [];
  const failures = new Failures();
  let last: Answer | undefined;
  for (let round = 0; round <= context.rounds; round++) {
    try {
      const answer = await timed(context.session, 'GET', path);
      if (answer.status !== expect) failures.add(String(answer.status));
      else if (round > 0) samples.push(answer.ms);
      last = answer;
    } catch (error) {
      failures.add(errorKind(error));
    }
  }
  const note = check && last?.status === expect ? check(parse(last)) : undefined;
  return { label, target, p50: median(samples), p95: percentile(samples, 95), calls: context.rounds + 1, failed: failures.count, failure: failures.toString(), note };
}

const list = (body: Record<string, unknown>, key: string) => (Array.isArray(body[key]) ? (body[key] as Record<string, unknown>[]) : Array.isArray(body) ? (body as unknown as Record<string, unknown>[]) : []);
const total = (body: Record<string, unknown>) => (typeof body.total === 'number' ? body.total : undefined);

/** The read calls of the issue's table, each against its target. */
export async function measureReads(context: ScaleContext): Promise<Timing[]> {
  const { me, catalog, songCount } = context;
  const rows: Timing[] = [];
  const add = async (...args: Parameters<typeof timeGet> extends [unknown, ...infer Rest] ? Rest : never) => rows.push(await timeGet(context, ...args));
  const found = (expected?: number) => (body: Record<string, unknown>) => `finds ${list(body, 'songs').length}${expected === undefined ? '' : ` of ${expected}`} songs`;
  await add(`search, rare word "${catalog.rareWord.toLowerCase()}"`, `/api/search?q=${encodeURIComponent(catalog.rareWord.toLowerCase())}`, 50, 200, found(catalog.rareCount));
  await add(`search, common word "${catalog.commonWord.toLowerCase()}"`, `/api/search?q=${encodeURIComponent(catalog.commonWord.toLowerCase())}`, 50, 200, found());
  await add('search, one-letter prefix "s"', '/api/search?q=s', 50, 200, found());
  await add('search, no match', '/api/search?q=zzzqqq', 50, 200, found(0));
  await add('GET /api/songs/:id', `/api/songs/${catalog.middleSongId}`, 10);
  const album = catalog.bigAlbumId ?? catalog.someAlbumId;
  const playlist = catalog.bigPlaylistId ?? catalog.somePlaylistId;
  const counts = (body: Record<string, unknown>) => (typeof body.song_count === 'number' ? `song_count ${body.song_count}` : 'no song_count');
  await add('GET /api/albums/:id (the big album)', `/api/albums/${album}`, 10, 200, counts);
  await add('GET /api/playlists/:id (the big playlist)', `/api/playlists/${playlist}`, 10, 200, counts);
  await add('like check, GET /api/collection/:me/liked/:song', `/api/collection/${me}/liked/${catalog.likedSongId ?? catalog.middleSongId}`, 10, catalog.likedSongId ? 200 : 404);
  const pageNote = (key: string) => (body: Record<string, unknown>) => `${list(body, key).length} rows${total(body) === undefined ? ', no total (not paged)' : ` of ${total(body)}`}`;
  const albumSize = catalog.bigAlbumId ? catalog.bigAlbumSongs : undefined;
  await add(`songs of the ${albumSize?.toLocaleString('en') ?? ''}-song album, first 50`, `/api/albums/${album}/songs?limit=50`, 50, 200, pageNote('songs'));
  if (albumSize) await add('  the same, 50 from the middle (offset)', `/api/albums/${album}/songs?limit=50&offset=${Math.floor(albumSize / 2)}`, 50, 200, pageNote('songs'));
  const entries = catalog.bigPlaylistId ? catalog.bigPlaylistEntries : undefined;
  await add(`songs of the ${entries?.toLocaleString('en') ?? ''}-entry playlist, first 50`, `/api/playlists/${playlist}/songs?limit=50`, 50, 200, pageNote('playlist_songs'));
  if (entries) await add('  the same, 50 from the middle (offset)', `/api/playlists/${playlist}/songs?limit=50&offset=${Math.floor(entries / 2)}`, 50, 200, pageNote('playlist_songs'));
  await add(`liked songs (${catalog.mainLikes.toLocaleString('en')} likes), page of 50`, `/api/collection/${me}/tracks?limit=50`, 100, 200, pageNote('tracks'));
  await add(`liked songs, all ${catalog.mainLikes.toLocaleString('en')} (the spec's bare array)`, `/api/collection/${me}/tracks`, 100, 200, (body) => `${list(body, 'tracks').length} rows`);
  await add('GET /api/songs?limit=50', '/api/songs?limit=50', 50, 200, pageNote('songs'));
  await add('GET /api/songs?limit=50, middle offset', `/api/songs?limit=50&offset=${Math.floor(songCount / 2)}`, 50, 200, pageNote('songs'));
  await add('GET /api/albums?limit=50', '/api/albums?limit=50', 50, 200, pageNote('albums'));
  await add('GET /api/playlists?limit=50', '/api/playlists?limit=50', 50, 200, pageNote('playlists'));
  // Credited artists and genres (docs/artists.md; issue 25's targets: 20 ms each).
  await add(`GET /api/artists?limit=100 (${catalog.artists.toLocaleString('en')} artists)`, '/api/artists?limit=100', 20, 200, pageNote('artists'));
  await add('  the same, letter M', '/api/artists?limit=100&letter=M', 20, 200, pageNote('artists'));
  await add('  the same, 100 from the middle (offset)', `/api/artists?limit=100&offset=${Math.floor(catalog.artists / 2)}`, 20, 200, pageNote('artists'));
  const artistNote = (body: Record<string, unknown>) => `${String((body.artist as Record<string, unknown> | undefined)?.song_count ?? '?')} songs, ${list(body, 'albums').length} albums, ${list(body, 'appears_on').length} appears-on`;
  await add('artist page, the most credited artist', `/api/artists/${catalog.topArtist.id}`, 20, 200, artistNote);
  await add('artist page, an artist of middling rank', `/api/artists/${catalog.someArtist.id}`, 20, 200, artistNote);
  await add('GET /api/genres', '/api/genres', 20, 200, (body) => `${list(body, 'genres').length} genres`);
  await add(`genre page, "${catalog.someGenre}", first 100`, `/api/genres/${encodeURIComponent(catalog.someGenre)}/songs?limit=100`, 20, 200, pageNote('songs'));
  const artistWord = catalog.someArtist.name.split(' ')[0]!.toLowerCase();
  await add(`search matching an artist, "${artistWord}"`, `/api/search?q=${encodeURIComponent(artistWord)}`, 20, 200, (body) => `finds ${list(body, 'artists').length} artists`);
  return rows;
}

/** The whole list without paging (streamed when long): time, bytes, and the API's memory before, at its highest during, and after. */
export async function measureFullList(session: BenchSession, apiPid: number | undefined, rssNow: () => number | undefined): Promise<{ ms: number; bytes: number; status: number; rssBefore?: number; rssHighest: number; rssAfter?: number }> {
  const rssBefore = rssNow();
  const { result, maxRssMb } = await sampleRss([apiPid], async () => {
    const started = performance.now();
    try {
      const response = await session.send('GET', '/api/songs');
      let bytes = 0;
      // Count the bytes as they come rather than holding a list of up to a million songs.
      for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
      return { ms: performance.now() - started, bytes, status: response.status };
    } catch {
      return { ms: NaN, bytes: 0, status: 0 };
    }
  });
  return { ...result, rssBefore, rssHighest: maxRssMb[0]!, rssAfter: rssNow() };
}

/**
 * A write, then the read a person makes next (one request, timed): how long
 * it takes and whether it already shows the write. `prepare` runs untimed
 * before each write (finding the page the write will land on).
 */
async function afterWrite<P>(context: ScaleContext, label: string, prepare: () => Promise<P>, write: (prepared: P) => Promise<void>, read: (prepared: P) => Promise<{ answer: Answer; shows: boolean }>): Promise<Timing> {
  const samples: number[] = [];
  const writes: number[] = [];
  const failures = new Failures();
  let shows = true;
  const rounds = Math.max(3, Math.min(context.rounds, 7));
  for (let round = 0; round < rounds; round++) {
    try {
      const prepared = await prepare();
      const writeStarted = performance.now();
      await write(prepared);
      writes.push(performance.now() - writeStarted);
      const { answer, shows: shown } = await read(prepared);
      if (answer.status !== 200) failures.add(`read ${answer.status}`);
      else samples.push(answer.ms);
      shows &&= shown;
    } catch (error) {
      failures.add(errorKind(error));
      shows = false;
    }
  }
  const note = `the write itself ${ms(median(writes))} (p95 ${ms(percentile(writes, 95))})`;
  return { label, target: 100, p50: median(samples), p95: percentile(samples, 95), calls: rounds, failed: failures.count, failure: failures.toString(), shows, note };
}

async function createPlaylist(session: BenchSession): Promise<string> {
  const form = new FormData();
  form.append('playlist_name', 'Bench Playlist');
  const response = await session.send('POST', '/api/playlists/new', { form });
  if (response.status !== 201) throw new Error(`playlist create answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

async function expectStatus(answer: Promise<Answer>, ...expected: number[]): Promise<Answer> {
  const result = await answer;
  if (!expected.includes(result.status)) throw new Error(`write answered ${result.status}`);
  return result;
}

/** Upload, like, playlist add and delete, each followed by the list page or search that must show it. */
export async function measureAfterWrites(context: ScaleContext): Promise<Timing[]> {
  const { session, me, catalog } = context;
  const get = (path: string) => timed(session, 'GET', path);
  const ids = (answer: Answer, key: string, field = 'id') => list(parse(answer), key).map((row) => row[field]);
  const token = () => Math.random().toString(36).slice(2, 8);
  const rows: Timing[] = [];

  rows.push(
    await afterWrite(
      context,
      'upload a song, then the last page of /api/songs',
      async () => ({ before: total(parse(await get('/api/songs?limit=1'))) ?? context.songCount, id: '' }),
      async (state) => {
        state.id = await context.upload(`Fresh Upload ${token()}`);
        context.uploaded.push(state.id);
      },
      async ({ before, id }) => {
        const answer = await get(`/api/songs?limit=50&offset=${Math.max(0, before + 1 - 50)}`);
        return { answer, shows: ids(answer, 'songs').includes(id) };
      },
    ),
  );
  rows.push(
    await afterWrite(
      context,
      'upload a song, then search for its name',
      async () => ({ word: `brandnew${token()}`, id: '' }),
      async (state) => {
        state.id = await context.upload(`Brand New ${state.word}`);
        context.uploaded.push(state.id);
      },
      async ({ word, id }) => {
        const answer = await get(`/api/search?q=${word}`);
        return { answer, shows: ids(answer, 'songs').includes(id) };
      },
    ),
  );
  rows.push(
    await afterWrite(
      context,
      'like a song, then the liked songs page',
      async () => {
        await expectStatus(timed(session, 'DELETE', `/api/collection/${me}/delete`, { song_id: catalog.middleSongId }), 200);
        return catalog.middleSongId;
      },
      async (song) => void (await expectStatus(timed(session, 'POST', `/api/collection/${me}/new`, { song_id: song }), 200, 201)),
      async (song) => {
        const answer = await get(`/api/collection/${me}/tracks?limit=50`);
        return { answer, shows: ids(answer, 'tracks', 'song_id')[0] === song };
      },
    ),
  );
  let ownPlaylist = catalog.bigPlaylistId;
  let nextToAdd = 0;
  rows.push(
    await afterWrite(
      context,
      `add to the ${catalog.bigPlaylistId ? `${catalog.bigPlaylistEntries.toLocaleString('en')}-entry ` : ''}playlist, then its last page`,
      async () => {
        ownPlaylist ??= await createPlaylist(session);
        const song = context.uploaded[nextToAdd++] ?? (await context.upload(`For The Playlist ${token()}`));
        return { song, before: total(parse(await get(`/api/playlists/${ownPlaylist}/songs?limit=1`))) ?? 0 };
      },
      async ({ song }) => void (await expectStatus(timed(session, 'PUT', `/api/playlists/${ownPlaylist}/add`, { song_id: song }), 200, 201)),
      async ({ song, before }) => {
        const answer = await get(`/api/playlists/${ownPlaylist}/songs?limit=50&offset=${Math.max(0, before + 1 - 50)}`);
        return { answer, shows: ids(answer, 'playlist_songs', 'song_id').includes(song) };
      },
    ),
  );
  rows.push(...(await measureOtherWrites(context, ownPlaylist)));
  rows.push(await measureDelete(context));
  return rows;
}

/** The single-record writes that remove or rename: unlike, playlist remove, rename, album remove, playlist and album delete. */
async function measureOtherWrites(context: ScaleContext, playlist: string | null): Promise<Timing[]> {
  const { session, me, catalog } = context;
  const get = (path: string) => timed(session, 'GET', path);
  const rows = (answer: Answer, key: string) => list(parse(answer), key);
  const has = (answer: Answer, key: string, id: string, field = 'id') => rows(answer, key).some((row) => row[field] === id);
  const token = () => Math.random().toString(36).slice(2, 8);
  const ownSong = async (position: number) => context.uploaded[position] ?? (await context.upload(`Bench Own ${token()}`));
  const result: Timing[] = [];
  result.push(
    await afterWrite(
      context,
      'unlike a song, then the liked songs page',
      async () => {
        await expectStatus(timed(session, 'POST', `/api/collection/${me}/new`, { song_id: catalog.middleSongId }), 200, 201);
        return catalog.middleSongId;
      },
      async (song) => void (await expectStatus(timed(session, 'DELETE', `/api/collection/${me}/delete`, { song_id: song }), 200)),
      async (song) => {
        const answer = await get(`/api/collection/${me}/tracks?limit=50`);
        return { answer, shows: !has(answer, 'tracks', song, 'song_id') };
      },
    ),
  );
  if (playlist) {
    let next = 0;
    result.push(
      await afterWrite(
        context,
        `remove from the ${catalog.bigPlaylistId === playlist ? `${catalog.bigPlaylistEntries.toLocaleString('en')}-entry ` : ''}playlist, then its last page`,
        async () => {
          const song = await ownSong(next++);
          await expectStatus(timed(session, 'PUT', `/api/playlists/${playlist}/add`, { song_id: song }), 200, 201);
          return { song, entries: total(parse(await get(`/api/playlists/${playlist}/songs?limit=1`))) ?? 0 };
        },
        async ({ song }) => void (await expectStatus(timed(session, 'DELETE', `/api/playlists/${playlist}/remove`, { song_id: song }), 200)),
        async ({ song, entries }) => {
          const answer = await get(`/api/playlists/${playlist}/songs?limit=50&offset=${Math.max(0, entries - 50)}`);
          return { answer, shows: !has(answer, 'playlist_songs', song, 'song_id') };
        },
      ),
    );
  }
  result.push(
    await afterWrite(
      context,
      'rename a song, then its detail',
      async () => ({ song: await ownSong(0), name: `Renamed ${token()}` }),
      async ({ song, name }) => {
        const form = new FormData();
        form.append('song_name', name);
        const answer = await session.send('PUT', `/api/songs/${song}/update`, { form });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`write answered ${answer.status}`);
      },
      async ({ song, name }) => {
        const answer = await get(`/api/songs/${song}`);
        return { answer, shows: parse(answer).song_name === name };
      },
    ),
  );
  if (catalog.bigAlbumId) {
    let position = 0;
    result.push(
      await afterWrite(
        context,
        `take a song out of the ${catalog.bigAlbumSongs.toLocaleString('en')}-song album, then the album's first page`,
        async () => catalog.bigAlbumSongId(position++),
        async (song) => void (await expectStatus(timed(session, 'PUT', `/api/albums/${catalog.bigAlbumId}/remove`, { song_id: song }), 200)),
        async (song) => {
          const answer = await get(`/api/albums/${catalog.bigAlbumId}/songs?limit=50`);
          return { answer, shows: !has(answer, 'songs', song) };
        },
      ),
    );
  }
  result.push(
    await afterWrite(
      context,
      'delete a playlist of 2 songs, then the own playlists',
      async () => {
        const id = await createPlaylist(session);
        for (const position of [0, 1]) await expectStatus(timed(session, 'PUT', `/api/playlists/${id}/add`, { song_id: await ownSong(position) }), 200, 201);
        return id;
      },
      async (id) => void (await expectStatus(timed(session, 'DELETE', `/api/playlists/${id}`), 200)),
      async (id) => {
        const answer = await get(`/api/playlists/${me}/manage`);
        return { answer, shows: !has(answer, 'playlists', id) };
      },
    ),
  );
  const newAlbum = context.newAlbum;
  if (!newAlbum) return result;
  result.push(
    await afterWrite(
      context,
      'delete an album of 1 song, then the own albums',
      async () => {
        const id = await newAlbum(`Bench Album ${token()}`);
        await expectStatus(timed(session, 'PUT', `/api/albums/${id}/add`, { song_id: await ownSong(0) }), 200);
        return id;
      },
      async (id) => void (await expectStatus(timed(session, 'DELETE', `/api/albums/${id}`), 200)),
      async (id) => {
        const answer = await get(`/api/albums/current/${me}`);
        const albums = Array.isArray(parse(answer)) ? (parse(answer) as unknown as Record<string, unknown>[]) : rows(answer, 'albums');
        return { answer, shows: !albums.some((album) => album.id === id) };
      },
    ),
  );
  return result;
}

/**
 * Deletes songs of the big album from its end (each also sits in playlists
 * and likes, as real songs do), then reads the album page it was on. Without
 * a big album, deletes uploads and reads the last page of the song list.
 */
async function measureDelete(context: ScaleContext): Promise<Timing> {
  const { session, catalog } = context;
  const get = (path: string) => timed(session, 'GET', path);
  const holds = (answer: Answer, key: string, id: string) => list(parse(answer), key).some((row) => row.id === id);
  if (!catalog.bigAlbumId) {
    return afterWrite(
      context,
      'delete an uploaded song, then the last page of /api/songs',
      async () => ({ id: await context.upload(`Doomed ${Math.random().toString(36).slice(2, 6)}`), before: total(parse(await get('/api/songs?limit=1'))) ?? context.songCount }),
      async ({ id }) => void (await expectStatus(timed(session, 'DELETE', `/api/songs/${id}`), 200)),
      async ({ id, before }) => {
        const answer = await get(`/api/songs?limit=50&offset=${Math.max(0, before - 50)}`);
        return { answer, shows: !holds(answer, 'songs', id) };
      },
    );
  }
  let position = catalog.bigAlbumSongs;
  let missingBefore = 0;
  const timing = await afterWrite(
    context,
    `delete a song of the ${catalog.bigAlbumSongs.toLocaleString('en')}-song album, then the album page it was on`,
    async () => {
      do position -= 1;
      while (context.deleted.has(catalog.bigAlbumSongId(position)));
      const id = catalog.bigAlbumSongId(position);
      // Songs after it are gone already, so it sits at its own position in the album.
      const page = `/api/albums/${catalog.bigAlbumId}/songs?limit=50&offset=${Math.max(0, position - 25)}`;
      if (!holds(await get(page), 'songs', id)) missingBefore += 1;
      return { id, page };
    },
    async ({ id }) => {
      await expectStatus(timed(session, 'DELETE', `/api/songs/${id}`), 200);
      context.deleted.add(id);
    },
    async ({ id, page }) => {
      const answer = await get(page);
      return { answer, shows: !holds(answer, 'songs', id) };
    },
  );
  if (missingBefore > 0) timing.note += `; ${missingBefore} not on that page before the delete (the check proves nothing for them)`;
  return timing;
}
