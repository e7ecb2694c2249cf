import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile } from './media-store.js';
import { spareChunkCount, STREAM_CHUNK_BYTES } from './chunk-buffers.js';
import { sendMedia, type SendFailure } from './send-media.js';

// A file of several chunks plus a bit, so every stream reuses its two buffers and ends on a short read.
const bytes = randomBytes(STREAM_CHUNK_BYTES * 5 + 12_345);
const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

let dir: string;
let server: Server;
let base: string;
/** What sendMedia answered for /big (the first test's /file streams may still be finishing on the server side). */
const failures: (SendFailure | null)[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'send-media-'));
  const path = join(dir, 'song.mp3');
  await writeFile(path, bytes);
  const file: MediaFile = { id: 'a'.repeat(24), kind: 'audio', contentType: 'audio/mpeg', length: bytes.length, path, uploadedAt: new Date(), etag: '"song"' };
  // Bigger than what the loopback's socket buffers take at once, so a listener that goes away leaves bytes unsent.
  const bigPath = join(dir, 'long.flac');
  await writeFile(bigPath, randomBytes(32 * 1024 * 1024));
  const big: MediaFile = { ...file, id: 'b'.repeat(24), contentType: 'audio/flac', length: 32 * 1024 * 1024, path: bigPath, etag: '"long"' };
  const app = express();
  app.get('/file', async (req, res) => {
    await sendMedia(req, res, file);
  });
  app.get('/big', async (req, res) => {
    failures.push(await sendMedia(req, res, big));
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('sendMedia streaming with reused chunk buffers', () => {
  it('sends every byte of many concurrent streams and ranges exactly', async () => {
    const ranges: [number, number][] = [
      [0, bytes.length - 1],
      [1, STREAM_CHUNK_BYTES],
      [STREAM_CHUNK_BYTES - 1, STREAM_CHUNK_BYTES * 3 + 7],
      [Math.floor(bytes.length / 2), bytes.length - 1],
      [bytes.length - 10, bytes.length - 1],
    ];
    // Several rounds of all of them at once: buffers given back by one stream are taken by the next.
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        [...ranges, ...ranges].map(async ([start, end]) => {
          const response = await fetch(`${base}/file`, { headers: { range: `bytes=${start}-${end}` } });
          return { status: response.status, body: Buffer.from(await response.arrayBuffer()), start, end };
        }),
      );
      for (const { status, body, start, end } of answers) {
        expect(status).toBe(206);
        expect(body.length).toBe(end - start + 1);
        expect(sha1(body)).toBe(sha1(bytes.subarray(start, end + 1)));
      }
    }
    const whole = await fetch(`${base}/file`);
    expect(sha1(Buffer.from(await whole.arrayBuffer()))).toBe(sha1(bytes));
    expect(spareChunkCount()).toBeGreaterThanOrEqual(2);
  });

  it('stops when the listener goes away mid-stream, reports it as aborted, and keeps serving correct bytes', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${base}/big`, (res) => {
        res.once('data', () => {
          // The first bytes arrived; the listener skips to the next song.
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      req.end();
    });
    // The server notices the closed connection and gives up the stream.
    for (let waited = 0; failures.length === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ aborted: true, headersSent: true });

    const after = await fetch(`${base}/file`, { headers: { range: `bytes=100-${STREAM_CHUNK_BYTES * 2}` } });
    expect(sha1(Buffer.from(await after.arrayBuffer()))).toBe(sha1(bytes.subarray(100, STREAM_CHUNK_BYTES * 2 + 1)));
  });
});
