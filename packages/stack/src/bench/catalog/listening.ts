import { performance } from 'node:perf_hooks';
import type { Db } from 'mongodb';
import { ObjectId } from 'mongodb';
import { median, percentile } from '../stats.js';
import type { ScaleContext, Timing } from './scale.js';

/** Plays per catalog song the bench user is given: 1,000,000 at 100,000 songs (issue 28's "1,000,000 plays"). */
const PLAYS_PER_SONG = 10;
const BATCH = 5_000;
/** The API's chunk of a day's plays (DAY_CHUNK in services/api/src/listening/listening-history.repository.ts). */
const DAY_CHUNK = 250;

export interface ListeningFigures {
  plays: number;
  tallies: number;
  seedSeconds: number;
  reads: Timing[];
}

interface SongRow {
  _id: ObjectId;
  album_id: ObjectId | null;
  credit_ids?: ObjectId[] | null;
}

/**
 * Gives the bench user a long history straight into the database, as the API's counting would have left it
 * (docs/listening.md): plays over the last year in day documents, a Zipf-like spread over the catalog (a few songs
 * played a lot, most rarely), the tallies those plays make and each period's top boards. Answers how many went in.
 */
async function seedHistory(db: Db, userId: string, songCount: number): Promise<{ plays: number; tallies: number }> {
  const user = new ObjectId(userId);
  for (const collection of ['listening_days', 'play_tallies', 'play_boards']) await db.collection(collection).deleteMany({ user_id: user });
  const songs = await db.collection<SongRow>('songs').find({}, { projection: { _id: 1, album_id: 1, credit_ids: 1 } }).limit(songCount).toArray();
  const total = songs.length * PLAYS_PER_SONG;
  const counts = new Map<string, number>();
  const days = new Map<string, { s: string; t: number }[]>();
  const now = Date.now();
  const year = new Date(now).getUTCFullYear();
  const month = `m${year}-${String(new Date(now).getUTCMonth() + 1).padStart(2, '0')}`;
  for (let n = 0; n < total; n++) {
    // Zipf-like: the k-th most played song is played about 1/k as often as the first.
    const song = songs[Math.min(songs.length - 1, Math.floor(Math.exp(Math.random() * Math.log(songs.length + 1))) - 1)]!;
    const at = now - Math.floor(Math.random() * 365 * 86_400_000);
    const day = new Date(at).toISOString().slice(0, 10);
    let plays = days.get(day);
    if (!plays) days.set(day, (plays = []));
    plays.push({ s: song._id.toHexString(), t: at });
    const periods = ['all'];
    if (new Date(at).getUTCFullYear() === year) periods.push(`y${year}`);
    if (new Date(at).toISOString().slice(0, 7) === new Date(now).toISOString().slice(0, 7)) periods.push(month);
    const items = [`song:${song._id.toHexString()}`, ...(song.credit_ids ?? []).map((id) => `artist:${id.toHexString()}`), ...(song.album_id ? [`album:${song.album_id.toHexString()}`] : [])];
    for (const period of periods) for (const item of items) counts.set(`${period}:${item}`, (counts.get(`${period}:${item}`) ?? 0) + 1);
  }
  const insert = async (collection: string, docs: object[]) => {
    for (let at = 0; at < docs.length; at += BATCH) await db.collection(collection).insertMany(docs.slice(at, at + BATCH) as never[], { ordered: false });
  };
  // As the API stores them (listening-history.repository.ts): per day a head with the count and each chunk's span, the
  // chunks of DAY_CHUNK plays as "<song id>:<epoch ms>" in the order counted, and the list of days.
  const dayDocs: object[] = [];
  for (const [day, plays] of days) {
    plays.sort((a, b) => a.t - b.t);
    const spans: Record<string, number> = {};
    for (let chunk = 0; chunk * DAY_CHUNK < plays.length; chunk++) {
      const part = plays.slice(chunk * DAY_CHUNK, (chunk + 1) * DAY_CHUNK);
      spans[`lo${chunk}`] = part[0]!.t;
      spans[`hi${chunk}`] = part.at(-1)!.t;
      dayDocs.push({ _id: `${userId}:d:${day}:${chunk}`, user_id: user, plays: part.map((play) => `${play.s}:${play.t}`) });
    }
    dayDocs.push({ _id: `${userId}:d:${day}`, user_id: user, n: plays.length, b: spans });
  }
  await insert('listening_days', [...dayDocs, { _id: `${userId}:days`, user_id: user, days: [...days.keys()] }]);
  const boards = new Map<string, { id: string; n: number }[]>();
  await insert(
    'play_tallies',
    [...counts].map(([key, count]) => {
      const [period, kind, itemId] = key.split(':') as [string, string, string];
      let board = boards.get(`${period}:${kind}`);
      if (!board) boards.set(`${period}:${kind}`, (board = []));
      board.push({ id: itemId, n: count });
      return { _id: `${userId}:${key}`, user_id: user, count };
    }),
  );
  await insert(
    'play_boards',
    [...boards].map(([key, entries]) => ({ _id: `${userId}:${key}`, user_id: user, entries: entries.sort((a, b) => b.n - a.n || (a.id < b.id ? -1 : 1)).slice(0, 100).map((entry) => `${entry.id}:${entry.n}`), version: 1 })),
  );
  return { plays: total, tallies: counts.size };
}

async function time(context: ScaleContext, label: string, path: () => string, target: number | undefined, check: (body: Record<string, unknown>) => string): Promise<Timing> {
  const samples: number[] = [];
  let failed = 0;
  let failure: string | undefined;
  let note: string | undefined;
  for (let round = 0; round <= context.rounds; round++) {
    const started = performance.now();
    const response = await context.session.send('GET', path());
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const ms = performance.now() - started;
    if (response.status !== 200) {
      failed += 1;
      failure = `${response.status} ${JSON.stringify(body).slice(0, 100)}`;
      continue;
    }
    note = check(body);
    if (round > 0) samples.push(ms);
  }
  return { label, target, p50: median(samples), p95: percentile(samples, 95), calls: context.rounds + 1, failed, failure, note };
}

/**
 * Issue 28's listening reads at this scale: the bench user's top lists of each period and pages of their history,
 * over 10 plays per catalog song (1,000,000 at 100,000 songs). Target ≤ 50 ms.
 */
export async function measureListening(context: ScaleContext, db: Db, progress: (line: string) => void): Promise<ListeningFigures> {
  const seeded = performance.now();
  const { plays, tallies } = await seedHistory(db, context.me, context.songCount);
  const seedSeconds = (performance.now() - seeded) / 1000;
  progress(`  seeded ${plays.toLocaleString('en')} plays and ${tallies.toLocaleString('en')} tallies in ${seedSeconds.toFixed(0)} s`);
  const topNote = (body: Record<string, unknown>) => `${(body.songs as unknown[]).length} songs, ${(body.artists as unknown[]).length} artists, ${(body.albums as unknown[]).length} albums`;
  const reads: Timing[] = [];
  // The floor: a signed-in request that reads no listening data (the session's own look-up), to read the others against.
  reads.push(await time(context, 'GET /api/auth/session (floor: no listening data)', () => '/api/auth/session', undefined, () => ''));
  for (const period of ['month', 'year', 'all']) reads.push(await time(context, `GET /api/me/top?period=${period}`, () => `/api/me/top?period=${period}`, 50, topNote));
  reads.push(await time(context, 'GET /api/me/history (newest page of 50)', () => '/api/me/history', 50, (body) => `${(body.plays as unknown[]).length} plays`));
  // A page deep in the history: the cursor of the 20th page.
  let before: string | null = null;
  for (let page = 0; page < 20; page++) {
    const response = await context.session.send('GET', `/api/me/history?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`);
    before = ((await response.json()) as { next_before: string | null }).next_before;
  }
  const deep = before;
  reads.push(await time(context, 'GET /api/me/history (a page 2,000 plays back)', () => `/api/me/history${deep ? `?before=${encodeURIComponent(deep)}` : ''}`, 50, (body) => `${(body.plays as unknown[]).length} plays`));
  // Half a year back (the cursor is a play's time in epoch ms: opaque to the app, known to the bench).
  const halfYear = String(Date.now() - 182 * 86_400_000);
  reads.push(await time(context, 'GET /api/me/history (a page half a year back)', () => `/api/me/history?before=${halfYear}`, 50, (body) => `${(body.plays as unknown[]).length} plays`));
  return { plays, tallies, seedSeconds, reads };
}
