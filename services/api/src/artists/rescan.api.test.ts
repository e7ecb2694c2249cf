import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AlbumDetail, ImportResponse, Lyrics, RescanStatus, SessionUser, Song } from '@tunafy/contracts';
import { ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RESCAN_ADMIN_EMAIL } from '../test/global-setup.js';
import { ApiClient, newUser } from '../test/api-client.js';
import { announceDirectWrite, connectDb, eventually, form } from '../test/fixtures.js';
import { FIXTURE_EXTENSIONS, writeAudio, type AudioFixture } from '../test/test-audio.js';

// `npm run rescan` and POST /api/admin/rescan (issue 25, docs/artists.md "Existing libraries"): songs imported before
// credited artists existed are made here by importing tagged files and then removing what the import credited, as
// the database of an older Tunafy holds them.

const apiUrl = inject('apiUrl');
const entry = fileURLToPath(new URL('../../dist/rescan-cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tunafy-rescan-'));
let db: Db;
let closeDb: () => Promise<void>;
let count = 0;

beforeAll(async () => {
  ({ db, close: closeDb } = await connectDb(inject('mongodbUri')));
});
afterAll(async () => {
  await closeDb?.();
  rmSync(dir, { recursive: true, force: true });
});

async function imported(client: ApiClient, fixture: AudioFixture): Promise<Song> {
  const name = `${++count}.${FIXTURE_EXTENSIONS[fixture.format]}`;
  const path = await writeAudio(join(dir, name), { frequency: 500 + count, seconds: 1, ...fixture });
  const response = await client.post<ImportResponse>('/api/uploads/songs', { form: form({ file: new File([readFileSync(path)], name) }) });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.song;
}

/** What an older Tunafy stored: no credits on the songs, no album artist on their albums. */
async function forgetCredits(songs: Song[]): Promise<void> {
  await db.collection('songs').updateMany({ _id: { $in: songs.map((song) => new ObjectId(song.id)) } }, { $unset: { credit_ids: '' } });
  const albums = [...new Set(songs.flatMap((song) => song.album_id ?? []))];
  if (albums.length > 0) await db.collection('albums').updateMany({ _id: { $in: albums.map((id) => new ObjectId(id)) } }, { $unset: { album_artist_id: '' } });
  await announceDirectWrite(db);
}

async function admin(): Promise<ApiClient> {
  const client = new ApiClient(apiUrl);
  const account = { email: RESCAN_ADMIN_EMAIL, username: 'rescanadmin', password: 'correct-horse' };
  const signup = await client.post<SessionUser>('/api/auth/signup', { json: account });
  if (signup.status !== 201) expect((await client.post('/api/auth/login', { json: { email: account.email, password: account.password } })).status).toBe(200);
  return client;
}

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { env: { ...process.env, MONGODB_URI: inject('mongodbUri'), MEDIA_CACHE_DIR: join(dir, 'cli-cache'), LOG_LEVEL: 'error', SEED_ON_EMPTY: 'false' }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('rescan of songs imported before credited artists', () => {
  it('credits artists and a compilation’s album artist from the stored files, for administrators only, and a second run changes nothing', async () => {
    const owner = await newUser(apiUrl, 'oldlib');
    const album = `Old Compilation ${count}`;
    const songs = [
      await imported(owner, { format: 'flac', title: 'A', album, track: 1, artists: ['Rescan Alpha'] }),
      await imported(owner, { format: 'mp3', title: 'B', album, track: 2, artists: ['Rescan Beta'] }),
      await imported(owner, { format: 'flac', title: 'No Artist Tag' }),
    ];
    await forgetCredits(songs);
    expect((await owner.get<Song>(`/api/songs/${songs[0]!.id}`)).body.artists).toEqual([]);

    expect((await owner.post('/api/admin/rescan')).status).toBe(403);
    expect((await new ApiClient(apiUrl).get('/api/admin/rescan')).status).toBe(401);
    const operator = await admin();
    const started = await operator.post<RescanStatus>('/api/admin/rescan');
    expect(started.status).toBe(202);
    const finished = await eventually(
      async () => (await operator.get<RescanStatus>('/api/admin/rescan')).body,
      (status) => !status.running && status.started_at !== null,
      60_000,
    );
    expect(finished).toMatchObject({ running: false, done: finished.total });
    expect(finished.credited).toBeGreaterThanOrEqual(2);

    const [a, b, untagged] = await Promise.all(songs.map(async (song) => (await owner.get<Song>(`/api/songs/${song.id}`)).body));
    expect(a!.artists?.map((artist) => artist.name)).toEqual(['Rescan Alpha']);
    expect(b!.artists?.map((artist) => artist.name)).toEqual(['Rescan Beta']);
    expect(untagged!.artists).toEqual([]);
    const detail = (await owner.get<AlbumDetail>(`/api/albums/${a!.album_id}`)).body;
    expect(detail.album_artist?.name).toBe('Various Artists');

    await operator.post('/api/admin/rescan');
    const again = await eventually(
      async () => (await operator.get<RescanStatus>('/api/admin/rescan')).body,
      (status) => !status.running && status.started_at !== started.body.started_at,
      60_000,
    );
    expect(again, JSON.stringify([finished, again])).toMatchObject({ credited: 0 });
    expect(again.already_credited).toBeGreaterThanOrEqual(2);
  });

  it('npm run rescan goes on from where a stopped run was, prints its progress, and starts over with --restart', async () => {
    const owner = await newUser(apiUrl, 'resume');
    const first = await imported(owner, { format: 'flac', title: 'First', artists: ['Resume One'] });
    const second = await imported(owner, { format: 'flac', title: 'Second', artists: ['Resume Two'] });
    await forgetCredits([first, second]);
    // A run stopped after the first song: the mark says everything up to it is done.
    await db.collection('rescan_marks').updateOne({ _id: 'artists' as unknown as ObjectId }, { $set: { after: first.id, updated_at: new Date() } }, { upsert: true });

    const resumed = await runCli([]);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/rescan: \d+\/\d+ songs, [\d.]+ files\/s, \d+ credited, .*Done in/);
    const artistsOf = async (song: Song) => (await owner.get<Song>(`/api/songs/${song.id}`)).body.artists?.map((artist) => artist.name);
    expect(await eventually(() => artistsOf(second), (names) => names?.length === 1)).toEqual(['Resume Two']);
    expect(await artistsOf(first)).toEqual([]);
    expect(await db.collection('rescan_marks').countDocuments()).toBe(0);

    expect((await runCli(['--restart'])).code).toBe(0);
    expect(await eventually(() => artistsOf(first), (names) => names?.length === 1)).toEqual(['Resume One']);

    // Credits its owner cleared by hand stay cleared: a rescan does not take the file's tags over the owner's word.
    expect((await owner.put(`/api/songs/${second.id}/tags`, { json: { artists: [] } })).status).toBe(200);
    expect((await runCli(['--restart'])).code).toBe(0);
    expect(await artistsOf(second)).toEqual([]);
    expect((await runCli(['--concurrency', '99'])).code).toBe(2);
    // Four runs of the CLI, each booting the API's modules: well past the default 30 s on a loaded machine.
  }, 180_000);

  it('npm run rescan gives songs stored before lyrics the lyrics of their tags, and never replaces the owner’s', async () => {
    const owner = await newUser(apiUrl, 'oldlyrics');
    const tagged = await imported(owner, { format: 'flac', title: 'Sung Long Ago', lyrics: 'First line of the file\nSecond line of the file' });
    const edited = await imported(owner, { format: 'flac', title: 'Sung And Edited', lyrics: 'The file says this' });
    expect((await owner.put(`/api/songs/${edited.id}/lyrics`, { json: { text: 'The owner wrote this' } })).status).toBe(200);
    const removed = await imported(owner, { format: 'flac', title: 'Sung And Removed', lyrics: 'The owner did not want this' });
    expect((await owner.delete(`/api/songs/${removed.id}/lyrics`)).status).toBe(200);
    // What an older Tunafy stored: no lyrics document and no lyrics time on the song. The edited song keeps its owner's.
    await db.collection('lyrics').deleteOne({ _id: new ObjectId(tagged.id) });
    await db.collection('songs').updateOne({ _id: new ObjectId(tagged.id) }, { $unset: { lyrics_at: '' } });
    await announceDirectWrite(db);
    await eventually(async () => (await owner.get<Song>(`/api/songs/${tagged.id}`)).body.has_lyrics, (has) => has === false);
    expect((await owner.get(`/api/songs/${tagged.id}/lyrics`)).status).toBe(404);

    const run = await runCli(['--restart']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/[1-9]\d* given their file's lyrics/);
    const lyricsOf = async (song: Song) => (await owner.get<Lyrics>(`/api/songs/${song.id}/lyrics`)).body;
    const restored = await eventually(() => lyricsOf(tagged), (lyrics) => lyrics.source === 'embedded');
    expect(restored.plain).toBe('First line of the file\nSecond line of the file');
    expect((await owner.get<Song>(`/api/songs/${tagged.id}`)).body.has_lyrics).toBe(true);
    expect(await lyricsOf(edited)).toMatchObject({ source: 'user', plain: 'The owner wrote this' });
    expect((await owner.get(`/api/songs/${removed.id}/lyrics`)).status).toBe(404);

    // A second run finds nothing to change.
    const again = await runCli(['--restart']);
    expect(again.stdout).toMatch(/ 0 given their file's lyrics/);
    expect(await lyricsOf(edited)).toMatchObject({ source: 'user', plain: 'The owner wrote this' });
  }, 180_000);
});
