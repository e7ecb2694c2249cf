import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, startDatabase, throwawayApiEnv, type RunningApi, type RunningDatabase } from '@tunafy/stack';
import { MongoClient, type Db, type ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesizeSongOfSize } from './synth/synth-song.js';
import { ApiClient, newUser } from '../test/api-client.js';
import { coverFile, createSong, songBytes, songForm } from '../test/fixtures.js';

/**
 * The drill of issue 14: the API is killed (SIGKILL) while three ~27 MB uploads are being written into GridFS, which
 * writes a file's chunks first and its `media.files` document last. After a restart the janitor must remove every
 * chunk left without a files document and nothing that was stored before.
 *
 * Its own database, so the janitor (grace lowered to 1 ms) sees only what this drill made.
 */

const UPLOAD_BYTES = 27 * 1024 * 1024;

let database: RunningDatabase;
let client: MongoClient;
let db: Db;
const cacheDirs: string[] = [];
const apis: RunningApi[] = [];

function apiEnv(secret: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'tunafy-upload-crash-'));
  cacheDirs.push(dir);
  // No loudness job: a song it measured after the restart would be a change the "nothing else" check below counts.
  return { ...throwawayApiEnv(dir), LOUDNESS_JOB: 'off', ...secret, ...extra };
}

/** `files_id`s of chunks with no files document: a full scan, fine for a test. */
async function headlessIds(): Promise<string[]> {
  const owners = new Set((await db.collection('media.files').find({}, { projection: { _id: 1 } }).toArray()).map((doc) => String(doc._id)));
  const ids = (await db.collection('media.chunks').distinct('files_id')) as ObjectId[];
  return ids.map(String).filter((id) => !owners.has(id));
}

/** Every stored file with the SHA-256 of its chunks' bytes in order, and every song row: what must survive. */
async function storedState(): Promise<{ files: Record<string, { length: number; chunks: number; sha256: string }>; songs: unknown[] }> {
  const files: Record<string, { length: number; chunks: number; sha256: string }> = {};
  for (const file of await db.collection('media.files').find({}).toArray()) {
    const hash = createHash('sha256');
    let chunks = 0;
    for await (const chunk of db.collection('media.chunks').find({ files_id: file._id }).sort({ n: 1 })) {
      hash.update(chunk.data.buffer);
      chunks += 1;
    }
    files[String(file._id)] = { length: file.length as number, chunks, sha256: hash.digest('hex') };
  }
  const songs = await db.collection('songs').find({}).sort({ _id: 1 }).toArray();
  return { files, songs };
}

beforeAll(async () => {
  database = await startDatabase({ mode: 'test' });
  client = await MongoClient.connect(database.uri);
  db = client.db();
});

afterAll(async () => {
  for (const api of apis) await api.stop().catch(() => undefined);
  await client?.close();
  await database?.stop();
  for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
});

describe('an API killed during three concurrent 27 MB uploads', () => {
  it('leaves headless GridFS chunks, which the janitor of the restarted API removes, and nothing else', async () => {
    // Made before any request: encoding takes seconds on a busy machine, long enough for the API to close an idle
    // keep-alive connection just as the next request is written on it (EPIPE).
    const audio = synthesizeSongOfSize(UPLOAD_BYTES, 7);
    songBytes(2);
    coverFile();
    const firstLines: string[] = [];
    const secret = { SESSION_SECRET: 'upload-crash-drill-secret-upload-crash-drill' };
    const first = await startApi({ mongodbUri: database.uri, env: apiEnv(secret), log: (line) => firstLines.push(line) });
    apis.push(first);
    const user = await newUser(first.url);
    const kept = await createSong(user, { song_name: 'Stored before the crash' }).catch((error: Error) => {
      throw new Error(`${error.message} (${String(error.cause)}); the API's output:\n${firstLines.slice(-20).join('\n')}`);
    });
    const before = await storedState();
    expect(Object.keys(before.files)).toHaveLength(2);

    const chunksBefore = await db.collection('media.chunks').countDocuments();
    const uploads = [1, 2, 3].map((n) =>
      user
        .post('/api/songs/new', { form: songForm(user, { song_name: `Crash ${n}`, audio: new File([audio], `crash-${n}.mp3`, { type: 'audio/mpeg' }) }) })
        .then((response) => response.status)
        .catch(() => 'connection cut'),
    );
    // Kill once GridFS writing is well under way (about 5 MB of chunks) but cannot have finished all three files.
    const deadline = Date.now() + 60_000;
    let written = 0;
    while (Date.now() < deadline) {
      written = (await db.collection('media.chunks').countDocuments()) - chunksBefore;
      if (written >= 20) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    console.info(`${written} new chunks after ${Math.round(Date.now() - deadline + 60_000)} ms`);
    first.child.kill('SIGKILL');
    const outcomes = await Promise.all(uploads);
    // Inserts the process had already sent still land after its death: count once the engine has settled.
    let settled = -1;
    for (let count = await db.collection('media.chunks').countDocuments(); count !== settled; count = await db.collection('media.chunks').countDocuments()) {
      settled = count;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(written).toBeGreaterThanOrEqual(20);
    const leaked = await headlessIds();
    console.info(`killed after ${written} new chunks; uploads answered ${JSON.stringify(outcomes)}; ${leaked.length} uploads left headless chunks`);
    // The defect this drill reproduces: without a files document no read or delete reaches these chunks.
    expect(leaked.length).toBeGreaterThanOrEqual(1);

    const lines: string[] = [];
    const second = await startApi({
      mongodbUri: database.uri,
      env: apiEnv(secret, { JANITOR_INTERVAL_MS: '200', JANITOR_GRACE_MS: '1', LOG_LEVEL: 'info' }),
      log: (line) => lines.push(line),
    });
    apis.push(second);
    const sweepDeadline = Date.now() + 60_000;
    while (Date.now() < sweepDeadline && !lines.some((line) => line.includes('unfinished uploads'))) await new Promise((resolve) => setTimeout(resolve, 100));
    const report = lines.find((line) => line.includes('unfinished uploads'));
    expect(report).toMatch(new RegExp(`\\b${leaked.length} unfinished uploads \\(\\d+ chunks without a file\\)`));
    await second.stop();

    expect(await headlessIds()).toEqual([]);
    // Nothing stored before the crash went: every file with all its bytes, every song row.
    const after = await storedState();
    for (const [id, facts] of Object.entries(before.files)) expect(after.files[id]).toEqual(facts);
    expect(after.songs.filter((song) => before.songs.some((old) => String((old as { _id: unknown })._id) === String((song as { _id: unknown })._id)))).toEqual(before.songs);

    // And the song stored before the crash still plays.
    const third = await startApi({ mongodbUri: database.uri, env: apiEnv(secret) });
    apis.push(third);
    const listener = user.withBaseUrl(third.url) as ApiClient;
    const audioPath = new URL(kept.song_file_url, 'http://x').pathname;
    const ranged = await listener.get(audioPath, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.raw.length).toBe(100);
  }, 240_000);
});
