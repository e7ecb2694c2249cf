import { join } from 'node:path';
import { rmSync } from 'node:fs';
import type { Song } from '@tunafy/contracts';
import SubsonicAPI from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser } from '../test/api-client.js';
import { appPassword } from '../subsonic/subsonic-testing.js';
import { declaredLength } from '../media/transcoding/stream-plan.js';
import { makeAudio, probe, scratch, uploadSong } from './streaming-testing.js';

// Subsonic's stream with maxBitRate, format and timeOffset (issue 27) through npm's subsonic-api client: the web
// route's plan and sending (docs/streaming.md), answered to an app.

const apiUrl = inject('apiUrl');
const dir = scratch();
let app: SubsonicAPI;
/** 30 s of stereo noise, FLAC: ~1,400 kbit/s, above any limit an app sends. */
let noisy: Song;

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

beforeAll(async () => {
  const listener = await newUser(apiUrl, 'subsonic-stream');
  app = new SubsonicAPI({ url: apiUrl, auth: { username: listener.user.username, password: (await appPassword(listener)).password } });
  noisy = await uploadSong(listener, await makeAudio(join(dir, 'noisy.flac'), ['-f', 'lavfi', '-i', 'anoisesrc=d=30:c=pink:a=0.5'], ['-ac', '2', '-c:a', 'flac']));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Subsonic stream with transcoding', () => {
  it('sends MP3 at maxBitRate=96 when the file is above it, with the declared length', async () => {
    const response = await app.stream({ id: noisy.id, maxBitRate: 96 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('content-length')).toBe(String(declaredLength(noisy.duration, 96)));
    const decoded = await probe(await bytesOf(response), dir);
    expect(decoded).toMatchObject({ codec: 'mp3', channels: 2 });
    expect(Math.abs(decoded.seconds - 30)).toBeLessThan(0.2);
  });

  it('sends Ogg Opus for format=opus (or ogg), chunked while it is made, and from the cache with Range after', async () => {
    const first = await app.custom('stream.view', { id: noisy.id, format: 'opus', maxBitRate: 128 });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/ogg');
    const body = await bytesOf(first);
    const decoded = await probe(body, dir);
    expect(decoded).toMatchObject({ codec: 'opus', channels: 2 });
    expect(Math.abs(decoded.seconds - 30)).toBeLessThan(0.5);
    // Once finished it is a plain file: its real length, and Range.
    let cached: Response | undefined;
    for (let attempt = 0; attempt < 50 && cached?.headers.get('x-transcode') !== 'hit'; attempt++) {
      cached = await app.stream({ id: noisy.id, format: 'ogg', maxBitRate: 128 });
      await cached.arrayBuffer();
    }
    expect(cached!.headers.get('content-length')).toBe(String(body.length));
    const range = await fetch(cached!.url, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await bytesOf(range)).equals(body.subarray(0, 100))).toBe(true);
  });

  it('declares an estimated length for AAC when asked (estimateContentLength)', async () => {
    const response = await app.stream({ id: noisy.id, format: 'aac', maxBitRate: 96, estimateContentLength: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/aac');
    expect(response.headers.get('content-length')).toBe(String(declaredLength(noisy.duration, 96)));
    const body = await bytesOf(response);
    expect(body.length).toBe(declaredLength(noisy.duration, 96));
    expect((await probe(body, dir)).codec).toBe('aac');
  });

  it('starts at timeOffset seconds', async () => {
    const response = await app.stream({ id: noisy.id, format: 'mp3', maxBitRate: 128, timeOffset: 20 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(declaredLength(noisy.duration, 128, 20)));
    const decoded = await probe(await bytesOf(response), dir);
    expect(decoded.codec).toBe('mp3');
    expect(Math.abs(decoded.seconds - 10)).toBeLessThan(0.2);
  });
});
