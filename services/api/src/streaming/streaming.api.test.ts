import { existsSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Song } from '@tunafy/contracts';
import { startApi, type RunningApi } from '@tunafy/stack';
import SubsonicAPI from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appPassword } from '../subsonic/subsonic-testing.js';
import { newUser } from '../test/api-client.js';
import { createSong, fileId } from '../test/fixtures.js';
import { declaredLength } from '../media/transcoding/stream-plan.js';
import { eventually, ffmpegsNaming, makeAudio, metric, probe, scratch, sessionCookie, uploadSong } from './streaming-testing.js';

// GET /api/songs/{id}/stream (issue 27, docs/streaming.md "Transcoding") against its own API process, so the caps,
// the cache folder and the log lines are this file's: real ffmpeg, real FerretDB, files uploaded as users upload them.

const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');
const dir = scratch();
const cacheDir = join(dir, 'transcodes');
const PER_USER = 2;

let api: RunningApi;
const logs: string[] = [];
let listener: Awaited<ReturnType<typeof newUser>>;
/** 6 minutes of a tone, FLAC (mono, ~96 kbit/s). */
let sixMinutes: Song;
/** 20 s of stereo noise, FLAC (~1,400 kbit/s: above every quality). */
let noisy: Song;
let alac: Song;
/** 20 s of a six-channel FLAC. */
let surround: Song;
/** 30 minutes of silence, FLAC: a transcode that takes seconds, for the caps and a client that leaves. */
let silent: Song;
let corrupt: Song;
/** The mp3 the song form makes (lamejs, low bitrate). */
let mp3: Song;

const url = (song: Song, query = '') => `/api/songs/${song.id}/stream${query ? `?${query}` : ''}`;

/** A request whose body is read only as far as the test wants; `leave` closes it as a player skipping would. */
async function open(path: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(api.url + path, { headers: { cookie: sessionCookie(listener), ...headers }, signal: controller.signal });
  const reader = response.body!.getReader();
  return {
    response,
    async first(): Promise<Buffer> {
      const { value } = await reader.read();
      return Buffer.from(value ?? []);
    },
    leave: () => controller.abort(),
  };
}

beforeAll(async () => {
  api = await startApi({
    mongodbUri,
    env: { ...apiEnv, TRANSCODE_CACHE_DIR: cacheDir, TRANSCODE_MAX_PER_USER: String(PER_USER), TRANSCODE_MAX_PER_PROCESS: '8' },
    log: (line) => logs.push(line),
  });
  listener = await newUser(api.url, 'streamer');
  const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];
  const files = await Promise.all([
    makeAudio(join(dir, 'six.flac'), lavfi('sine=frequency=440:duration=360'), ['-c:a', 'flac', '-metadata', 'title=Six Minutes']),
    makeAudio(join(dir, 'noisy.flac'), lavfi('anoisesrc=d=20:c=white:a=0.5'), ['-ac', '2', '-c:a', 'flac', '-metadata', 'title=Noise']),
    makeAudio(join(dir, 'alac.m4a'), lavfi('sine=frequency=330:duration=20'), ['-c:a', 'alac', '-f', 'ipod', '-metadata', 'title=Apple']),
    makeAudio(join(dir, 'surround.flac'), lavfi('sine=frequency=550:duration=20'), ['-af', 'pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0', '-c:a', 'flac', '-metadata', 'title=Surround']),
    makeAudio(join(dir, 'silent.flac'), lavfi('anullsrc=r=44100:cl=stereo'), ['-t', '1800', '-c:a', 'flac', '-metadata', 'title=Silence']),
    makeAudio(join(dir, 'short.flac'), lavfi('sine=frequency=300:duration=60'), ['-c:a', 'flac', '-metadata', 'title=Damaged']),
  ]);
  // A valid FLAC header (its STREAMINFO says 60 s) followed by noise where the frames should be.
  const short = readFileSync(files[5]!);
  const firstFrame = short.indexOf(Buffer.from([0xff, 0xf8]), 4);
  writeFileSync(join(dir, 'corrupt.flac'), Buffer.concat([short.subarray(0, firstFrame), randomBytes(short.length - firstFrame)]));
  sixMinutes = await uploadSong(listener, files[0]!);
  noisy = await uploadSong(listener, files[1]!);
  alac = await uploadSong(listener, files[2]!);
  surround = await uploadSong(listener, files[3]!);
  silent = await uploadSong(listener, files[4]!);
  corrupt = await uploadSong(listener, join(dir, 'corrupt.flac'));
  mp3 = await createSong(listener, { song_name: 'Form mp3', seconds: 3 });
});

afterAll(async () => {
  await api?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the plan', () => {
  it('sends the original, byte for byte as /api/files, without parameters or when the limit is over its bitrate', async () => {
    const original = (await listener.get(noisy.song_file_url)).raw;
    const plain = await listener.get(url(noisy));
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-transcode')).toBeNull();
    expect(plain.raw.equals(original)).toBe(true);
    const small = (await listener.get(mp3.song_file_url)).raw;
    const capped = await listener.get(url(mp3, 'maxBitRate=320'));
    expect(capped.headers.get('content-type')).toBe('audio/mpeg');
    expect(capped.headers.get('x-transcode')).toBeNull();
    expect(capped.raw.equals(small)).toBe(true);
  });

  it('transcodes to mp3 at the limit when the original is above it', async () => {
    const response = await listener.get(url(noisy, 'maxBitRate=128'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('x-transcode')).toBe('start');
    expect(response.raw.length).toBe(declaredLength(noisy.duration, 128));
    const decoded = await probe(response.raw, dir);
    expect(decoded).toMatchObject({ codec: 'mp3', channels: 2, sampleRate: 44100 });
    expect(Math.abs(decoded.seconds - 20)).toBeLessThan(0.2);
  });

  it('refuses malformed parameters and unknown songs', async () => {
    const bad = await listener.get(url(noisy, 'maxBitRate=fast&format=flac'));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['format', 'maxBitRate']);
    expect((await listener.get('/api/songs/0123456789abcdef01234567/stream')).status).toBe(404);
  });

  it('is for logged-in users only', async () => {
    const guest = await fetch(`${api.url}${url(noisy, 'format=mp3')}`);
    expect(guest.status).toBe(401);
  });
});

describe('MP3 for the web player', () => {
  it('plays ALAC and six-channel FLAC as stereo MP3 of the right length, declaring duration × bitrate × 125 bytes', async () => {
    for (const song of [alac, surround]) {
      const response = await listener.get(url(song, 'format=mp3&maxBitRate=160'));
      expect(response.status).toBe(200);
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('content-length')).toBe(String(declaredLength(song.duration, 160)));
      expect(response.raw.length).toBe(declaredLength(song.duration, 160));
      const decoded = await probe(response.raw, dir);
      expect(decoded).toMatchObject({ codec: 'mp3', channels: 2, sampleRate: 44100 });
      expect(Math.abs(decoded.seconds - song.duration)).toBeLessThan(0.2);
    }
  });

  it('answers a Range at the byte of 3:00 while the song is being transcoded with 206 and decodable frames from there', async () => {
    const length = declaredLength(sixMinutes.duration, 128);
    const whole = await open(url(sixMinutes, 'format=mp3&maxBitRate=128'), { range: 'bytes=0-' });
    expect(whole.response.status).toBe(206);
    expect(whole.response.headers.get('content-range')).toBe(`bytes 0-${length - 1}/${length}`);
    expect((await whole.first()).length).toBeGreaterThan(0);
    const at = 180 * 128 * 125;
    const seek = await fetch(api.url + url(sixMinutes, 'format=mp3&maxBitRate=128'), { headers: { cookie: sessionCookie(listener), range: `bytes=${at}-` } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get('content-range')).toBe(`bytes ${at}-${length - 1}/${length}`);
    expect(seek.headers.get('content-length')).toBe(String(length - at));
    // The running job has not written 3:00 yet (its own ffmpeg answers) or just has (the job answers).
    expect(['seek', 'join']).toContain(seek.headers.get('x-transcode'));
    const body = Buffer.from(await seek.arrayBuffer());
    expect(body.length).toBe(length - at);
    const decoded = await probe(body, dir);
    expect(decoded.codec).toBe('mp3');
    expect(Math.abs(decoded.seconds - 180)).toBeLessThan(1);
    whole.leave();
  });

  it('answers a Range from the finished file, padded to the declared length, and 416 past it', async () => {
    const length = declaredLength(sixMinutes.duration, 96);
    expect((await listener.get(url(sixMinutes, 'format=mp3&maxBitRate=96'))).raw.length).toBe(length);
    // The last byte reaches us a moment before the server renames its .part into the cache (a loaded machine shows it).
    const tailOf = () => listener.get(url(sixMinutes, 'format=mp3&maxBitRate=96'), { headers: { range: `bytes=${length - 1000}-` } });
    let tail = await tailOf();
    for (let tries = 0; tail.headers.get('x-transcode') !== 'hit' && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      tail = await tailOf();
    }
    expect(tail.status).toBe(206);
    expect(tail.headers.get('x-transcode')).toBe('hit');
    expect(tail.raw.length).toBe(1000);
    const past = await listener.get(url(sixMinutes, 'format=mp3&maxBitRate=96'), { headers: { range: `bytes=${length + 10}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${length}`);
  });
});

describe('the cache', () => {
  it('serves the same request twice from one transcode', async () => {
    const started = await metric(api.url, 'tunafy_transcodes_total{result="started"}');
    const first = await listener.get(url(surround, 'format=mp3&maxBitRate=96'));
    expect(first.headers.get('x-transcode')).toBe('start');
    // The first answer ends at the declared length, maybe before ffmpeg exits: then the second shares its job.
    const second = await listener.get(url(surround, 'format=mp3&maxBitRate=96'));
    expect(['hit', 'join']).toContain(second.headers.get('x-transcode'));
    expect(second.raw.equals(first.raw)).toBe(true);
    const key = `${fileId(surround.song_file_url)}-mp3-96`;
    await eventually('the transcode is in the cache', async () => readdirSync(cacheDir).includes(key));
    const third = await listener.get(url(surround, 'format=mp3&maxBitRate=96'));
    expect(third.headers.get('x-transcode')).toBe('hit');
    expect(third.raw.equals(first.raw)).toBe(true);
    expect(await metric(api.url, 'tunafy_transcodes_total{result="started"}')).toBe(started + 1);
  });

  it('shares one ffmpeg between concurrent requests for the same result', async () => {
    const started = await metric(api.url, 'tunafy_transcodes_total{result="started"}');
    const [a, b] = await Promise.all([listener.get(url(noisy, 'format=mp3&maxBitRate=192')), listener.get(url(noisy, 'format=mp3&maxBitRate=192'))]);
    expect([a.headers.get('x-transcode'), b.headers.get('x-transcode')].sort()).toEqual(['join', 'start']);
    expect(a.raw.equals(b.raw)).toBe(true);
    expect(await metric(api.url, 'tunafy_transcodes_total{result="started"}')).toBe(started + 1);
  });
});

describe('replicas sharing the cache folder', () => {
  it('lets a second API process follow the first one\'s .part instead of transcoding again', async () => {
    const replica = await startApi({ mongodbUri, env: { ...apiEnv, TRANSCODE_CACHE_DIR: cacheDir } });
    try {
      const path = url(sixMinutes, 'format=mp3&maxBitRate=320');
      const first = await open(path);
      const head = await first.first();
      const second = await fetch(replica.url + path, { headers: { cookie: sessionCookie(listener) } });
      expect(second.headers.get('x-transcode')).toBe('follow');
      const followed = Buffer.from(await second.arrayBuffer());
      expect(followed.length).toBe(declaredLength(sixMinutes.duration, 320));
      expect(followed.subarray(0, head.length).equals(head)).toBe(true);
      first.leave();
      const key = `${fileId(sixMinutes.song_file_url)}-mp3-320`;
      await eventually('the finished transcode is in the shared folder', async () => readdirSync(cacheDir).includes(key));
      const cached = await listener.get(path);
      expect(cached.headers.get('x-transcode')).toBe('hit');
      expect(cached.raw.equals(followed)).toBe(true);
    } finally {
      await replica.stop();
    }
  });
});

describe('caps and clients that leave', () => {
  it(`answers 429 with Retry-After past ${PER_USER} running transcodes of one user, and serves another user`, async () => {
    const held = [await open(url(silent, 'format=mp3&maxBitRate=96')), await open(url(silent, 'format=mp3&maxBitRate=112'))];
    try {
      await checkRefusedPastTheCap(held);
    } finally {
      for (const request of held) request.leave();
    }
    await eventually('the held transcodes end', async () => (await metric(api.url, 'tunafy_transcodes_running')) === 0);
  });

  async function checkRefusedPastTheCap(held: Awaited<ReturnType<typeof open>>[]): Promise<void> {
    for (const request of held) expect((await request.first()).length).toBeGreaterThan(0);
    const refused = await listener.get(url(silent, 'format=mp3&maxBitRate=128'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ statusCode: 429, code: 'TOO_MANY_TRANSCODES', message: expect.stringContaining('Too many songs') });
    // A Subsonic app of the same user gets HTTP 429 with Retry-After too, as Navidrome answers.
    const app = new SubsonicAPI({ url: api.url, auth: { username: listener.user.username, password: (await appPassword(listener)).password } });
    const refusedApp = await app.stream({ id: silent.id, format: 'mp3', maxBitRate: 128 });
    expect(refusedApp.status).toBe(429);
    expect(Number(refusedApp.headers.get('retry-after'))).toBeGreaterThan(0);
    // A cache hit costs nothing.
    expect((await listener.get(url(surround, 'format=mp3&maxBitRate=96'))).status).toBe(200);
    const other = await newUser(api.url, 'other');
    expect((await other.get(url(alac, 'format=mp3&maxBitRate=96'))).status).toBe(200);
  }

  it('kills ffmpeg and removes its .part when the only client leaves', async () => {
    const id = fileId(silent.song_file_url);
    const key = `${id}-mp3-320`;
    const request = await open(url(silent, 'format=mp3&maxBitRate=320'));
    expect((await request.first()).length).toBeGreaterThan(0);
    expect(await ffmpegsNaming(id)).toHaveLength(1);
    expect(existsSync(join(cacheDir, `${key}.part`))).toBe(true);
    request.leave();
    await eventually('ffmpeg is gone', async () => (await ffmpegsNaming(id)).length === 0);
    await eventually('the .part is removed', async () => !existsSync(join(cacheDir, `${key}.part`)));
    expect(existsSync(join(cacheDir, key))).toBe(false);
  });

  it('answers a Range that comes while the transcode its last client left is still stopping from a fresh ffmpeg, not with its end', async () => {
    // Chromium cancels a request and asks again with a Range (a seek, a full buffer). This ffmpeg writes 4 KB, then
    // ignores SIGTERM, so the job the first client left stays "stopping" for the 2 s before its SIGKILL.
    const slow = join(dir, 'slow-to-stop-ffmpeg.sh');
    writeFileSync(slow, "#!/bin/sh\ntrap '' TERM\nhead -c 4096 /dev/zero\nexec sleep 30\n", { mode: 0o755 });
    const replica = await startApi({ mongodbUri, env: { ...apiEnv, TRANSCODE_CACHE_DIR: join(dir, 'slow-to-stop'), FFMPEG_PATH: slow } });
    const client = await newUser(replica.url, 'rerange');
    const path = replica.url + url(noisy, 'format=mp3&maxBitRate=96');
    const first = new AbortController();
    const started = await fetch(path, { headers: { cookie: sessionCookie(client) }, signal: first.signal });
    expect(started.headers.get('x-transcode')).toBe('start');
    await started.body!.getReader().read();
    first.abort();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = new AbortController();
    try {
      // 10,000 bytes is within a second of what the stopping job wrote: before, the request joined it and got its end (422).
      const ranged = await fetch(path, { headers: { cookie: sessionCookie(client), range: 'bytes=10000-' }, signal: again.signal });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('x-transcode')).toBe('seek');
      expect(ranged.headers.get('content-range')).toMatch(/^bytes 10000-/);
    } finally {
      again.abort();
      await replica.stop();
    }
    // Its own API process starts in 10-20 s on a busy machine.
  }, 90_000);
});

describe('failures', () => {
  it('answers 422 with a clear message for a file ffmpeg cannot decode, logs why, and caches nothing', async () => {
    const response = await listener.get(url(corrupt, 'format=mp3'));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      statusCode: 422,
      code: 'TRANSCODE_FAILED',
      message: 'This song could not be converted for streaming: its file could not be decoded.',
    });
    const id = fileId(corrupt.song_file_url);
    await eventually('the failure is logged', async () => logs.some((line) => line.includes(`transcoding file ${id} failed`)));
    expect(readdirSync(cacheDir).filter((name) => name.startsWith(id))).toEqual([]);
  });

  it('kills an ffmpeg that hangs (no output for TRANSCODE_STALL_MS) and answers 422 with the reason logged', async () => {
    // Stands in for an ffmpeg stuck on a network mount or a pathological file: it starts and never writes.
    const hung = join(dir, 'hung-ffmpeg.sh');
    writeFileSync(hung, '#!/bin/sh\nexec sleep 60\n', { mode: 0o755 });
    const lines: string[] = [];
    const stuck = await startApi({ mongodbUri, env: { ...apiEnv, TRANSCODE_CACHE_DIR: join(dir, 'stuck'), FFMPEG_PATH: hung, TRANSCODE_STALL_MS: '1500' }, log: (line) => lines.push(line) });
    try {
      const client = await newUser(stuck.url, 'hung');
      const response = await client.get(url(noisy, 'format=mp3'));
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('TRANSCODE_FAILED');
      await eventually('the stall is logged', async () => lines.some((line) => line.includes('wrote nothing for 1500 ms')));
      expect(readdirSync(join(dir, 'stuck'))).toEqual([]);
    } finally {
      await stuck.stop();
    }
  });

  it('answers 503 with a clear message and one log line when ffmpeg is missing', async () => {
    const lines: string[] = [];
    const broken = await startApi({ mongodbUri, env: { ...apiEnv, TRANSCODE_CACHE_DIR: join(dir, 'broken'), FFMPEG_PATH: '/nonexistent/ffmpeg' }, log: (line) => lines.push(line) });
    try {
      const client = await newUser(broken.url, 'noffmpeg');
      const response = await client.get(url(noisy, 'format=mp3'));
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ statusCode: 503, code: 'TRANSCODING_UNAVAILABLE', message: 'Transcoding is unavailable: ffmpeg was not found on this server.' });
      // The original still plays.
      expect((await client.get(url(noisy))).status).toBe(200);
      await eventually('the log says so', async () => lines.some((line) => line.includes('transcoding is unavailable')));
      expect(lines.filter((line) => line.includes('transcoding is unavailable'))).toHaveLength(1);
    } finally {
      await broken.stop();
    }
  });
});
