import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from 'mongodb';
import { startApi, throwawayApiEnv, type RunningApi } from '@tunafy/stack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser } from '../test/api-client.js';
import { connectDb, createSong, fileId } from '../test/fixtures.js';
import { photo } from './cover-test-pictures.js';

// The cover job (docs/covers.md, "The job"): real API processes on a database of their own, so the job walks only
// these covers.

const dir = mkdtempSync(join(tmpdir(), 'tunafy-cover-job-'));
const mongodbUri = inject('mongodbUri').replace(/\/([^/?]*)(\?|$)/u, `/covers-${randomBytes(4).toString('hex')}$2`);
const running: RunningApi[] = [];
let db: Db;
let closeDb: () => Promise<void>;

async function api(env: Record<string, string>): Promise<RunningApi & { logs: string[] }> {
  const logs: string[] = [];
  const started = await startApi({
    mongodbUri,
    env: throwawayApiEnv(join(dir, `cache-${running.length}`), { CATALOG_RECHECK_MS: '0', LOG_LEVEL: 'info', LOUDNESS_JOB: 'off', COVER_IDLE_MS: '200', ...env }),
    log: (line) => logs.push(line),
  });
  running.push(started);
  return Object.assign(started, { logs });
}

const setOf = (id: string) => db.collection<{ _id: string; variants: unknown[] }>('cover_variants').findOne({ _id: id });

async function until(check: () => Promise<boolean>, timeoutMs = 90_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

beforeAll(async () => {
  ({ db, close: closeDb } = await connectDb(mongodbUri));
});

afterAll(async () => {
  for (const instance of running) await instance.stop();
  await db?.dropDatabase();
  await closeDb?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('the cover job', () => {
  // Two API starts, three uploads and two derivations: minutes on a loaded machine.
  it('derives covers stored without their sizes, resuming after the cursor a stopped walk saved', { timeout: 240_000 }, async () => {
    // Covers stored while nothing derives them (as before the pipeline).
    const quiet = await api({ COVER_JOB: 'off', COVER_UPLOADS: 'off' });
    const artist = await newUser(quiet.url, 'jobartist');
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      const song = await createSong(artist, { song_name: `Job ${index}`, cover: new File([await photo('jpeg', 400 + index * 10, 400)], 'c.jpg', { type: 'image/jpeg' }) });
      ids.push(fileId(song.song_cover_url));
    }
    ids.sort();
    await quiet.stop();
    running.splice(running.indexOf(quiet), 1);
    for (const id of ids) expect(await setOf(id)).toBeNull();

    // A walk that stopped after the first cover; its full pass is not due (started now).
    await db.collection('cover_jobs').insertOne({ _id: 'cursor' as never, after: ids[0], pass_started_at: new Date() });
    const worker = await api({});
    expect(await until(async () => (await setOf(ids[1]!)) !== null && (await setOf(ids[2]!)) !== null)).toBe(true);
    expect((await setOf(ids[2]!))?.variants).toHaveLength(12);
    // Resumed, not restarted: the cover before the cursor waits for the next full pass (or its first request).
    expect(await setOf(ids[0]!)).toBeNull();
    expect(await until(async () => ((await db.collection('cover_jobs').findOne({ _id: 'cursor' as never })) as { after?: string } | null)?.after === ids[2])).toBe(true);
    // Its line comes once the walk looks again after saving that cursor.
    expect(await until(async () => worker.logs.some((line) => /cover job/u.test(line)))).toBe(true);
    // One lease holder, taken by this process.
    expect(await db.collection('cover_jobs').countDocuments({ _id: { $regex: '^term:' } as never })).toBe(1);
  });
});
