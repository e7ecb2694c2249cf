import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ObjectId, type Db } from 'mongodb';
import type { ImportResponse, Song } from '@tunafy/contracts';
import { startApi, throwawayApiEnv, type RunningApi } from '@tunafy/stack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser, type ApiClient } from '../test/api-client.js';
import { connectDb, createSong, form } from '../test/fixtures.js';
import { writeAudio, type AudioFixture } from '../test/test-audio.js';
import { appPassword, callOk, subsonicClient } from '../subsonic/subsonic-testing.js';

// Loudness (issue 27, docs/streaming.md "Loudness"): real API processes, real ffmpeg, on a database of their own (the
// suite's shared API runs its own loudness job, which would measure these songs before the job under test could).

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tunafy-loudness-'));
const mongodbUri = inject('mongodbUri').replace(/\/([^/?]*)(\?|$)/u, `/loudness-${randomBytes(4).toString('hex')}$2`);
const running: RunningApi[] = [];
// One secret for every API here, so a session made on one is good on the next (they stand for one deployment's restarts).
const SESSION_SECRET = randomBytes(32).toString('hex');
let db: Db;
let closeDb: () => Promise<void>;

/** An API on the test's database; its log lines (LOG_LEVEL=info) are kept for the job's progress. */
async function api(env: Record<string, string>): Promise<RunningApi & { logs: string[] }> {
  const logs: string[] = [];
  const started = await startApi({ mongodbUri, env: throwawayApiEnv(join(dir, `cache-${running.length}`), { SESSION_SECRET, CATALOG_RECHECK_MS: '0', LOG_LEVEL: 'info', LOUDNESS_IDLE_MS: '200', LOUDNESS_PROGRESS_MS: '10', ...env }), log: (line) => logs.push(line) });
  running.push(started);
  return Object.assign(started, { logs });
}

async function stop(instance: RunningApi): Promise<void> {
  await instance.stop();
  running.splice(running.indexOf(instance), 1);
}

/** What ffmpeg's other loudness filter (loudnorm's analysis pass) says of the file: the reference the API must meet. */
async function reference(path: string): Promise<{ lufs: number; peakDb: number }> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', path, '-map', '0:a:0', '-af', 'loudnorm=print_format=json', '-f', 'null', '-']);
  const json = JSON.parse(stderr.slice(stderr.lastIndexOf('{'))) as { input_i: string; input_tp: string };
  return { lufs: Number(json.input_i), peakDb: Number(json.input_tp) };
}

let count = 0;
async function fixture(spec: AudioFixture): Promise<string> {
  const name = `${++count}.${spec.format === 'mp3' ? 'mp3' : 'flac'}`;
  return writeAudio(join(dir, name), { frequency: 300 + count * 7, seconds: 20, ...spec });
}

async function upload(client: ApiClient, path: string, fields: Record<string, string> = {}): Promise<Song> {
  const name = path.split('/').at(-1)!;
  const response = await client.post<ImportResponse>('/api/uploads/songs', { form: form({ ...fields, file: new File([readFileSync(path)], name) }) });
  if (response.status !== 201 || response.body.status !== 'imported') throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.song;
}

/** Polls the song until its loudness is in (or the time is up: then the assertions after it say what is missing). */
async function measured(client: ApiClient, id: string, timeoutMs = 90_000): Promise<Song> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const song = (await client.get<Song>(`/api/songs/${id}`)).body;
    if (song.loudness || Date.now() > until) return song;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits for a log line (the job logs a song's count after its write is answered, a moment after the song shows it). */
async function logged(instance: { logs: string[] }, pattern: RegExp, timeoutMs = 30_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!instance.logs.some((line) => pattern.test(line))) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

async function stored(id: string): Promise<{ loudness?: Record<string, unknown>; loudness_error?: string } | null> {
  return db.collection<{ _id: ObjectId; loudness?: Record<string, unknown>; loudness_error?: string }>('songs').findOne({ _id: new ObjectId(id) }, { projection: { loudness: 1, loudness_error: 1 } });
}

let loudPath: string;
let quietPath: string;

beforeAll(async () => {
  ({ db, close: closeDb } = await connectDb(mongodbUri));
  // Two files 12 dB apart, of formats the measurement reads differently.
  loudPath = await fixture({ format: 'flac', title: 'Loud', album: 'Twelve Apart', track: 1, volumeDb: 6 });
  quietPath = await fixture({ format: 'mp3', title: 'Quiet', album: 'Twelve Apart', track: 2, volumeDb: -6 });
}, 60_000);

afterAll(async () => {
  for (const instance of [...running]) await instance.stop();
  await db?.dropDatabase().catch(() => undefined);
  await closeDb?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('loudness of songs', () => {
  it('measures uploaded songs in the background and serves them on the song, the album and Subsonic', async () => {
    const server = await api({});
    const ann = await newUser(server.url, 'ann');
    const loud = await upload(ann, loudPath);
    const quiet = await upload(ann, quietPath);
    // The upload's answer does not wait for the measurement.
    expect(loud).toHaveProperty('loudness');

    const [loudSong, quietSong] = [await measured(ann, loud.id), await measured(ann, quiet.id)];
    const [loudRef, quietRef] = [await reference(loudPath), await reference(quietPath)];
    expect(loudSong.loudness!.track_lufs).toBeCloseTo(loudRef.lufs, 0);
    expect(Math.abs(loudSong.loudness!.track_lufs - loudRef.lufs)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(loudSong.loudness!.track_peak_db - loudRef.peakDb)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(quietSong.loudness!.track_lufs - quietRef.lufs)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(quietSong.loudness!.track_peak_db - quietRef.peakDb)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(loudSong.loudness!.track_lufs - quietSong.loudness!.track_lufs - 12)).toBeLessThanOrEqual(0.5);

    // One album of two equally long tracks: the energy mean of the two, the louder peak.
    const album = (await measured(ann, loud.id)).loudness!;
    const energy = (10 ** (loudSong.loudness!.track_lufs / 10) + 10 ** (quietSong.loudness!.track_lufs / 10)) / 2;
    expect(album.album_lufs).toBeCloseTo(10 * Math.log10(energy), 1);
    expect(album.album_peak_db).toBe(loudSong.loudness!.track_peak_db);
    expect((await ann.get<Song>(`/api/songs/${quiet.id}`)).body.loudness!.album_lufs).toBe(album.album_lufs);
    expect((await stored(loud.id))?.loudness).toMatchObject({ source: 'ebur128' });

    // Subsonic: gains toward -18 LUFS, peaks as ratios (every answer is checked against the OpenSubsonic schema).
    const { password } = await appPassword(ann);
    const app = subsonicClient(server.url, { username: ann.user.username, password });
    const child = (await callOk(app, 'getSong', { id: loud.id })).song;
    expect(child.replayGain.trackGain).toBeCloseTo(-18 - loudSong.loudness!.track_lufs, 2);
    expect(child.replayGain.trackPeak).toBeCloseTo(10 ** (loudSong.loudness!.track_peak_db / 20), 4);
    expect(child.replayGain.albumGain).toBeCloseTo(-18 - album.album_lufs!, 2);

    // The single-song form too.
    const formSong = await createSong(ann);
    expect((await measured(ann, formSong.id)).loudness).toEqual({ track_lufs: expect.any(Number), track_peak_db: expect.any(Number), album_lufs: null, album_peak_db: null });
    await stop(server);
  }, 300_000);

  it('takes ReplayGain tags instead of measuring', async () => {
    const server = await api({ LOUDNESS_JOB: 'off' });
    const bob = await newUser(server.url, 'bob');
    const path = await fixture({ format: 'mp3', title: 'Tagged', album: 'Tagged Album', seconds: 3, replayGain: { trackGain: -3.5, trackPeak: 0.5, albumGain: -2, albumPeak: 0.9 } });
    const song = await upload(bob, path);
    expect(song.loudness).toEqual({ track_lufs: -14.5, track_peak_db: -6.02, album_lufs: -16, album_peak_db: -0.92 });
    expect((await bob.get<Song>(`/api/songs/${song.id}`)).body.loudness).toEqual(song.loudness);
    expect((await stored(song.id))?.loudness).toMatchObject({ source: 'replaygain', track_lufs: -14.5 });
    await stop(server);
  }, 60_000);

  it('measures songs stored before the job ran, skips a corrupt file, and resumes from its cursor after a restart', async () => {
    // A replica that does not measure: its songs wait for the job.
    const quietServer = await api({ LOUDNESS_JOB: 'off' });
    const cat = await newUser(quietServer.url, 'cat');
    const first = await upload(cat, await fixture({ format: 'flac', volumeDb: -3, seconds: 5 }));
    // A FLAC whose header and length are real and whose frames are zeros: the upload takes it, ffmpeg decodes nothing.
    const good = readFileSync(await fixture({ format: 'flac', seconds: 5 }));
    const corruptPath = join(dir, 'corrupt.flac');
    const frames = good.indexOf(Buffer.from([0xff, 0xf8]), 42);
    writeFileSync(corruptPath, Buffer.concat([good.subarray(0, frames), Buffer.alloc(good.length - frames)]));
    const corrupt = await upload(cat, corruptPath);
    const second = await upload(cat, await fixture({ format: 'mp3', volumeDb: -9, seconds: 5 }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await cat.get<Song>(`/api/songs/${first.id}`)).body.loudness).toBeNull();
    await stop(quietServer);

    const worker = await api({});
    const onWorker = cat.withBaseUrl(worker.url);
    expect((await measured(onWorker, first.id)).loudness).not.toBeNull();
    expect((await measured(onWorker, second.id)).loudness).not.toBeNull();
    expect((await onWorker.get<Song>(`/api/songs/${corrupt.id}`)).body.loudness).toBeNull();
    expect((await stored(corrupt.id))?.loudness_error).toMatch(/decoded no audio/u);
    await stop(worker);

    // Stored while no replica measures; the next job starts after the last song it walked, not from the first.
    const again = await api({ LOUDNESS_JOB: 'off' });
    const third = await upload(cat.withBaseUrl(again.url), await fixture({ format: 'flac', volumeDb: -12, seconds: 5 }));
    await stop(again);
    const restarted = await api({});
    expect((await measured(cat.withBaseUrl(restarted.url), third.id)).loudness).not.toBeNull();
    const started = restarted.logs.find((line) => line.includes('walking songs'));
    expect(started).toContain('(resumed)');
    // The corrupt file is not tried again (its error is stored): only the new song was measured.
    expect(restarted.logs.some((line) => line.includes(`song ${corrupt.id} has no loudness`))).toBe(false);
    expect(await logged(restarted, /measured 1 of 2 /u)).toBe(true);
    await stop(restarted);
  }, 400_000);
});
