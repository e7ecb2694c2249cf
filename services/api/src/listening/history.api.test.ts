import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import type { HistoryResponse, ImportResponse, Playlist, RecentItemsResponse, Song, TopResponse } from '@tunafy/contracts';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { writeAudio } from '../test/test-audio.js';
import { ApiClient, newUser } from '../test/api-client.js';
import { form } from '../test/fixtures.js';
import { apiSuite, type TestUser as User } from '../test/suite.js';
import { DAY_CHUNK, HISTORY_DAYS_KEPT } from '../persistence/listening-history.repository.js';

const apiUrl = inject('apiUrl');
const { db, songs: [formSong] } = await apiSuite({ songs: ['History Form Tune'] });
const dir = mkdtempSync(join(tmpdir(), 'tunafy-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tag = new ObjectId().toHexString().slice(-6);
let tone = 0;

/** A tagged mp3 uploaded like a collection's: credited to `artist`, on `album`. */
async function tagged(client: ApiClient, title: string, artist: string, album: string): Promise<Song> {
  const path = await writeAudio(join(dir, `${++tone}.mp3`), { format: 'mp3', title, artists: [artist], album, seconds: 1, frequency: 500 + tone * 7 });
  const response = await client.post<ImportResponse>('/api/uploads/songs', { form: form({ file: new File([readFileSync(path)], `${tone}.mp3`) }) });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.song;
}

const uploader = await newUser(apiUrl, 'hist');
const alpha = await tagged(uploader, `Alpha ${tag}`, `Histo Band ${tag}`, `Histo Album ${tag}`);
const beta = await tagged(uploader, `Beta ${tag}`, `Histo Band ${tag}`, `Histo Album ${tag}`);
const gamma = await tagged(uploader, `Gamma ${tag}`, `Other Band ${tag}`, `Other Album ${tag}`);

/** Counts a play now (from `context`, the player's queue source), moving the dedupe mark back first so the same song can count again. */
async function play(user: User, song: Song, context?: string): Promise<void> {
  await db.collection<{ _id: string }>('play_marks').updateOne({ _id: `${user.user.id}:${song.id}` }, { $set: { counted_at: new Date(0) } });
  const response = await user.post('/api/plays', { json: { song_id: song.id, context } });
  expect(response.status).toBe(201);
}

describe('GET /api/me/history', () => {
  it('lists every play newest first, a page at a time, with the day each happened', async () => {
    const ann = await newUser(apiUrl, 'ann');
    for (const song of [alpha, beta, alpha, gamma, formSong!]) await play(ann, song);
    const first = await ann.get<HistoryResponse>('/api/me/history?limit=3');

    expect(first.status).toBe(200);
    expect(first.body.plays.map((entry) => entry.song.id)).toEqual([formSong!.id, gamma.id, alpha.id]);
    expect(first.body.paused).toBe(false);
    expect(first.body.plays[0]!.played_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(first.body.next_before).toEqual(expect.any(String));
    const second = await ann.get<HistoryResponse>(`/api/me/history?limit=3&before=${first.body.next_before}`);
    expect(second.body.plays.map((entry) => entry.song.id)).toEqual([beta.id, alpha.id]);
    expect(second.body.next_before).toBeNull();
    // Another listener's history is theirs alone.
    const bob = await newUser(apiUrl, 'bob');
    expect((await bob.get<HistoryResponse>('/api/me/history')).body.plays).toEqual([]);
  });

  it('refuses a garbled cursor or limit with 400 and guests with 401', async () => {
    const ann = await newUser(apiUrl, 'ann');
    expect((await ann.get('/api/me/history?before=garbage')).status).toBe(400);
    expect((await ann.get('/api/me/history?limit=0')).status).toBe(400);
    expect((await ann.get('/api/me/history?limit=101')).status).toBe(400);
    expect((await ann.get(`/api/me/history?before=123_${'z'.repeat(24)}`)).status).toBe(400);
    expect((await new ApiClient(apiUrl).get('/api/me/history')).status).toBe(401);
  });
});

describe('GET /api/me/top', () => {
  it('ranks songs, credited artists and albums by your plays this month, this year and all time', async () => {
    const ann = await newUser(apiUrl, 'ann');
    for (const song of [alpha, alpha, alpha, beta, gamma, gamma]) await play(ann, song);
    for (const period of ['month', 'year', 'all']) {
      const top = await ann.get<TopResponse>(`/api/me/top?period=${period}`);
      expect(top.status).toBe(200);
      expect(top.body.period).toBe(period);
      expect(top.body.songs.map(({ song, plays }) => [song.id, plays])).toEqual([[alpha.id, 3], [gamma.id, 2], [beta.id, 1]]);
      expect(top.body.artists).toEqual([
        { artist: alpha.artists![0], plays: 4 },
        { artist: gamma.artists![0], plays: 2 },
      ]);
      expect(top.body.albums.map(({ album, plays }) => [album.id, plays])).toEqual([[alpha.album_id, 4], [gamma.album_id, 2]]);
    }
    expect((await ann.get<TopResponse>('/api/me/top?period=all&limit=1')).body.songs.map(({ song }) => song.id)).toEqual([alpha.id]);
    expect((await ann.get('/api/me/top?period=decade')).status).toBe(400);
  });
});

describe('GET /api/me/recent-items', () => {
  async function playlistOf(client: User, isPrivate: boolean): Promise<Playlist> {
    const response = await client.post<Playlist>('/api/playlists/new', { form: form({ playlist_name: `Recent ${tag}`, private: isPrivate ? 'true' : undefined }) });
    expect(response.status).toBe(201);
    return response.body;
  }

  it('lists the places you played from, latest first, each once, leaving out what you may no longer see', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    const annsList = await playlistOf(ann, true);
    const bobsSecret = await playlistOf(bob, true);
    await play(ann, alpha, `album:${alpha.album_id}`);
    await play(ann, beta, `album:${alpha.album_id}`);
    await play(ann, gamma, 'liked');
    await play(ann, alpha, `playlist:${annsList.id}`);
    await play(ann, beta, `playlist:${bobsSecret.id}`);
    await play(ann, gamma, `artist:${gamma.artists![0]!.id}`);
    await play(ann, formSong!, 'songs');
    await play(ann, alpha, 'genre:No Such Genre');

    const recent = await ann.get<RecentItemsResponse>('/api/me/recent-items');
    expect(recent.status).toBe(200);
    const shown = recent.body.items.map((item) => {
      if (item.kind === 'album') return `album ${item.album.id}`;
      if (item.kind === 'playlist') return `playlist ${item.playlist.id}`;
      if (item.kind === 'artist') return `artist ${item.artist.name}`;
      if (item.kind === 'song') return `song ${item.song.id}`;
      return item.kind;
    });
    // Bob's private playlist and a genre with no songs are not shown; a place played twice is shown once.
    expect(shown).toEqual([`song ${formSong!.id}`, `artist Other Band ${tag}`, `playlist ${annsList.id}`, 'liked', `album ${alpha.album_id}`]);
    expect(recent.body.items[0]!.played_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await ann.get<RecentItemsResponse>('/api/me/recent-items?limit=2')).body.items).toHaveLength(2);
    expect((await bob.get<RecentItemsResponse>('/api/me/recent-items')).body.items).toEqual([]);
  });

  it('refuses a bad context or limit with 400 and guests with 401', async () => {
    const ann = await newUser(apiUrl, 'ann');
    expect((await ann.post('/api/plays', { json: { song_id: alpha.id, context: 'x'.repeat(201) } })).status).toBe(400);
    expect((await ann.post('/api/plays', { json: { song_id: alpha.id, context: 12 } })).status).toBe(400);
    expect((await ann.get('/api/me/recent-items?limit=21')).status).toBe(400);
    expect((await new ApiClient(apiUrl).get('/api/me/recent-items')).status).toBe(401);
  });
});

describe('pausing and clearing', () => {
  it('keeps plays out of the history and the top lists while paused (the song still counts), and clears everything', async () => {
    const ann = await newUser(apiUrl, 'ann');
    await play(ann, alpha);
    const paused = await ann.put('/api/me/history/settings', { json: { paused: true } });
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual({ paused: true });
    const before = ((await db.collection('songs').findOne({ _id: new ObjectId(beta.id) }))?.plays as number) ?? 0;
    await play(ann, beta);
    expect(((await db.collection('songs').findOne({ _id: new ObjectId(beta.id) }))?.plays as number) ?? 0).toBe(before + 1);
    const history = (await ann.get<HistoryResponse>('/api/me/history')).body;
    expect(history.paused).toBe(true);
    expect(history.plays.map((entry) => entry.song.id)).toEqual([alpha.id]);
    expect((await ann.get<TopResponse>('/api/me/top')).body.songs.map(({ song }) => song.id)).toEqual([alpha.id]);
    expect((await ann.put('/api/me/history/settings', { json: { paused: 'yes' } })).status).toBe(400);

    expect((await ann.put('/api/me/history/settings', { json: { paused: false } })).body).toEqual({ paused: false });
    const cleared = await ann.delete('/api/me/history');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ cleared: true });
    expect((await ann.get<HistoryResponse>('/api/me/history')).body.plays).toEqual([]);
    expect((await ann.get<TopResponse>('/api/me/top?period=all')).body).toEqual({ period: 'all', songs: [], artists: [], albums: [] });
    expect((await ann.get<RecentItemsResponse>('/api/me/recent-items')).body.items).toEqual([]);
    for (const collection of ['play_tallies', 'play_boards', 'listening_days', 'plays']) expect(await db.collection(collection).countDocuments({ user_id: new ObjectId(ann.user.id) })).toBe(0);
  });
});

describe('plays made offline (played_at)', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  it('counts a play sent late on the day it happened, once however often it is sent, in history and Your top', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const playedAt = daysAgo(3);
    const first = await ann.post('/api/plays', { json: { song_id: beta.id, context: 'liked', played_at: playedAt } });
    expect(first.status).toBe(201);
    // The player sends it again when the first answer was lost: not counted twice.
    const replay = await ann.post('/api/plays', { json: { song_id: beta.id, context: 'liked', played_at: playedAt } });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ counted: false });
    // A play of the same song now is another play, and the dedupe window of "now" is not the offline one's.
    await play(ann, beta);

    const history = await ann.get<HistoryResponse>('/api/me/history');
    expect(history.body.plays.map((entry) => [entry.song.id, entry.played_at])).toEqual([
      [beta.id, expect.any(String)],
      [beta.id, playedAt],
    ]);
    const top = await ann.get<TopResponse>('/api/me/top?period=all');
    expect(top.body.songs.map(({ song, plays }) => [song.id, plays])).toEqual([[beta.id, 2]]);
  });

  it('refuses a time in the future or older than 14 days (400 on played_at), and takes a clock a little fast as now', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const future = await ann.post('/api/plays', { json: { song_id: gamma.id, played_at: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ played_at: 'The time of a play cannot be in the future.' });
    const old = await ann.post('/api/plays', { json: { song_id: gamma.id, played_at: daysAgo(15) } });
    expect(old.status).toBe(400);
    expect(old.body.errors).toEqual({ played_at: 'A play older than 14 days cannot be counted.' });
    const garbled = await ann.post('/api/plays', { json: { song_id: gamma.id, played_at: 'yesterday' } });
    expect(garbled.status).toBe(400);
    expect(Object.keys(garbled.body.errors)).toEqual(['played_at']);
    expect((await ann.get<HistoryResponse>('/api/me/history')).body.plays).toEqual([]);

    const fast = await ann.post('/api/plays', { json: { song_id: gamma.id, played_at: new Date(Date.now() + 60_000).toISOString() } });
    expect(fast.status).toBe(201);
    const [entry] = (await ann.get<HistoryResponse>('/api/me/history')).body.plays;
    expect(Date.parse(entry!.played_at)).toBeLessThanOrEqual(Date.now());
  });
});

describe('a day stored in chunks of DAY_CHUNK plays', () => {
  // Two days ago at 10:00 UTC: a whole day within the 14 days a play made offline may be sent late.
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const at = (seconds: number) => Date.parse(`${day}T10:00:00.000Z`) + seconds * 1000;
  const songOf = (n: number) => [alpha, beta, gamma][n % 3]!;

  async function playAt(user: User, song: Song, time: number): Promise<void> {
    const response = await user.post('/api/plays', { json: { song_id: song.id, played_at: new Date(time).toISOString() } });
    expect(response.status).toBe(201);
  }

  /** Every play of the history, a page of `limit` at a time, as `<ms>-<song>` ids. */
  async function wholeHistory(user: User, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let before: string | null = null;
    do {
      const page: HistoryResponse = (await user.get<HistoryResponse>(`/api/me/history?limit=${limit}${before ? `&before=${before}` : ''}`)).body;
      expect(page.plays.length).toBeLessThanOrEqual(limit);
      ids.push(...page.plays.map((entry) => entry.id));
      before = page.next_before;
    } while (before !== null);
    return ids;
  }

  const chunkDocs = (user: User) => db.collection<{ _id: string; plays?: string[] }>('listening_days').find({ _id: { $regex: `^${user.user.id}:d:${day}:` } }).toArray();

  it('fills a chunk to exactly DAY_CHUNK plays, starts the next with one more, and pages across both, a late play made earlier included', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const played: { time: number; song: Song }[] = [];
    for (let n = 0; n < DAY_CHUNK; n++) played.push({ time: at(60 + n), song: songOf(n) });
    for (const { time, song } of played) await playAt(ann, song, time);
    const expected = () => [...played].sort((a, b) => b.time - a.time).map(({ time, song }) => `${time}-${song.id}`);

    // Exactly one chunk, full.
    expect((await chunkDocs(ann)).map((doc) => [doc._id.split(':').at(-1), doc.plays!.length])).toEqual([['0', DAY_CHUNK]]);
    expect(await wholeHistory(ann, 100)).toEqual(expected());

    // Ten plays later in the day go to a second chunk; a page of 20 just before the fifth of them reads both chunks.
    const later = Array.from({ length: 10 }, (_, n) => ({ time: at(60 + DAY_CHUNK + n), song: songOf(n) }));
    for (const { time, song } of later) await playAt(ann, song, time);
    played.push(...later);
    const spanning = await ann.get<HistoryResponse>(`/api/me/history?limit=20&before=${later[5]!.time}`);
    expect(spanning.body.plays.map((entry) => entry.id)).toEqual(expected().slice(5, 25));
    expect(spanning.body.next_before).toBe(String(played[DAY_CHUNK - 15]!.time));

    // A play made offline earlier that morning and sent now lands in the second chunk; paging still finds it last.
    const early = { time: at(0), song: gamma };
    await playAt(ann, early.song, early.time);
    played.push(early);
    expect((await chunkDocs(ann)).map((doc) => [doc._id.split(':').at(-1), doc.plays!.length]).sort()).toEqual([['0', DAY_CHUNK], ['1', 11]]);
    const oldest = await ann.get<HistoryResponse>(`/api/me/history?limit=5&before=${at(63)}`);
    expect(oldest.body.plays.map((entry) => entry.id)).toEqual(expected().slice(-4));
    expect(oldest.body.next_before).toBeNull();
    expect(await wholeHistory(ann, 100)).toEqual(expected());
    expect(await wholeHistory(ann, 7)).toEqual(expected());
  }, 300_000);

  it('still reads a day stored whole before chunks (plays as strings or {s, t} objects) and adds to it', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const user = new ObjectId(ann.user.id);
    const older = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const olderAt = Date.parse(`${older}T08:00:00.000Z`);
    const days = db.collection<{ _id: string; user_id: ObjectId; plays?: unknown[]; days?: string[] }>('listening_days');
    await days.insertMany([
      { _id: `${ann.user.id}:d:${day}`, user_id: user, plays: [`${alpha.id}:${at(1)}`, `${beta.id}:${at(3)}`] },
      { _id: `${ann.user.id}:d:${older}`, user_id: user, plays: [{ s: gamma.id, t: olderAt }] },
      { _id: `${ann.user.id}:days`, user_id: user, days: [older, day] },
    ]);
    await playAt(ann, gamma, at(2));
    expect(await wholeHistory(ann, 2)).toEqual([`${at(3)}-${beta.id}`, `${at(2)}-${gamma.id}`, `${at(1)}-${alpha.id}`, `${olderAt}-${gamma.id}`]);

    // Clearing takes the old shape and the new alike.
    expect((await ann.delete('/api/me/history')).status).toBe(200);
    expect(await days.countDocuments({ user_id: user })).toBe(0);
  });

  it('shows every stored play of plays counted at the same moment, however the day head was overwritten', async () => {
    const ann = await newUser(apiUrl, 'ann');
    // One play of each song first: the day, the list of days and the tallies exist, so the burst below only updates.
    for (const [n, song] of [alpha, beta, gamma].entries()) await playAt(ann, song, at(1000 + n));
    const times = Array.from({ length: 12 }, (_, n) => at(100 + n));
    const answers = await Promise.all(times.map((time, n) => ann.post('/api/plays', { json: { song_id: songOf(n).id, played_at: new Date(time).toISOString() } })));
    expect(answers.map((response) => response.status)).toEqual(times.map(() => 201));

    // The engine may lose a concurrent push (decision 0006); whatever the chunks hold, a page must show it all.
    const stored = (await chunkDocs(ann)).flatMap((doc) => doc.plays!).map((play) => Number(play.split(':')[1])).sort((a, b) => b - a);
    expect(stored.length).toBeGreaterThan(3);
    for (const before of [times[1]!, times[6]!, at(1000)]) {
      const page = await ann.get<HistoryResponse>(`/api/me/history?limit=100&before=${before}`);
      expect(page.body.plays.map((entry) => Date.parse(entry.played_at))).toEqual(stored.filter((time) => time < before));
    }
  });

  it('drops the oldest day with its chunks when a new day passes HISTORY_DAYS_KEPT', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const user = new ObjectId(ann.user.id);
    const days = db.collection<{ _id: string; user_id: ObjectId; plays?: string[]; n?: number; b?: Record<string, number>; days?: string[] }>('listening_days');
    // Days long gone, as many as are kept, the oldest in two chunks.
    const kept = Array.from({ length: HISTORY_DAYS_KEPT }, (_, n) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const first = Date.UTC(2020, 0, 1, 12);
    await days.insertMany([
      { _id: `${ann.user.id}:d:${kept[0]}`, user_id: user, n: DAY_CHUNK + 1, b: { lo0: first, hi0: first, lo1: first + 1, hi1: first + 1 } },
      { _id: `${ann.user.id}:d:${kept[0]}:0`, user_id: user, plays: [`${alpha.id}:${first}`] },
      { _id: `${ann.user.id}:d:${kept[0]}:1`, user_id: user, plays: [`${beta.id}:${first + 1}`] },
      { _id: `${ann.user.id}:d:${kept[1]}`, user_id: user, plays: [`${gamma.id}:${first + 86_400_000}`] },
      { _id: `${ann.user.id}:days`, user_id: user, days: kept },
    ]);
    await play(ann, alpha);

    const today = new Date().toISOString().slice(0, 10);
    const stored = await days.find({ user_id: user }, { projection: { _id: 1 } }).toArray();
    expect(stored.map((doc) => doc._id.slice(ann.user.id.length + 1)).sort()).toEqual(['days', `d:${kept[1]}`, `d:${today}`, `d:${today}:0`].sort());
    const history = (await ann.get<HistoryResponse>(`/api/me/history?limit=3`)).body.plays.map((entry) => entry.song.id);
    expect(history).toEqual([alpha.id, gamma.id]);
  });
});
