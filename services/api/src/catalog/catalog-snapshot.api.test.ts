import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from 'mongodb';
import type { Song } from '@tunafy/contracts';
import { startApi, type RunningApi } from '@tunafy/stack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser, uniqueName } from '../test/api-client.js';
import { connectDb, createSong, form } from '../test/fixtures.js';

const apiUrl = inject('apiUrl');
const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');

let db: Db;
let closeDb: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ db, close: closeDb } = await connectDb(mongodbUri));
  dir = mkdtempSync(join(tmpdir(), 'tunafy-snapshot-api-'));
});

afterAll(async () => {
  await closeDb?.();
  rmSync(dir, { recursive: true, force: true });
});

/** A replica with its own media folder (where its snapshot lives), logging at `info` level so its start says how it loaded. */
async function replica(lines: string[]): Promise<RunningApi> {
  return startApi({ mongodbUri, env: { ...apiEnv, MEDIA_CACHE_DIR: dir, LOG_LEVEL: 'info' }, log: (line) => lines.push(line) });
}

describe('catalog snapshot across a restart', () => {
  it('starts from its snapshot plus the changes logged while it was down, and loads from the database when the log cannot vouch for it', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const before = await createSong(ann, { song_name: uniqueName('Before Stop') });

    const firstLines: string[] = [];
    const first = await replica(firstLines);
    expect((await ann.withBaseUrl(first.url).get<Song>(`/api/songs/${before.id}`)).status).toBe(200);
    await first.stop();
    expect(firstLines.some((line) => line.includes('catalog snapshot of revision') && line.includes('written'))).toBe(true);
    expect(existsSync(join(dir, 'catalog-snapshot.ndjson.gz'))).toBe(true);

    // Written while it was down, through the other replica: the restarted one must show them at once.
    const during = await createSong(ann, { song_name: uniqueName('While Down') });
    expect((await ann.put(`/api/songs/${before.id}/update`, { form: form({ song_name: 'Renamed While Down' }) })).status).toBe(200);

    const secondLines: string[] = [];
    const second = await replica(secondLines);
    try {
      expect(secondLines.some((line) => /catalog restored from its snapshot of revision \d+ \(\d+ songs\) and [1-9]\d* later changes/.test(line))).toBe(true);
      const onSecond = ann.withBaseUrl(second.url);
      expect((await onSecond.get<Song>(`/api/songs/${during.id}`)).status).toBe(200);
      expect((await onSecond.get<Song>(`/api/songs/${before.id}`)).body.song_name).toBe('Renamed While Down');
      // Every song, as the database has them (not as the suite's long-running replica shows them: an earlier file's
      // engine outage may have left it a change behind, the known gap of a log write that failed as the engine went).
      expect((await onSecond.get<{ total: number }>('/api/songs?limit=1')).body.total).toBe(await db.collection('songs').countDocuments());
    } finally {
      await second.stop();
    }

    // The log's entry for the snapshot's revision is another one (a restored or replaced database with its own
    // history): a full load, same answers. The other replicas only read entries' changes, not their times.
    const newest = await db.collection<{ _id: number }>('catalog_changes').find().sort({ _id: -1 }).limit(1).next();
    await db.collection<{ _id: number }>('catalog_changes').updateOne({ _id: newest!._id }, { $set: { at: new Date(0) } });
    const thirdLines: string[] = [];
    const third = await replica(thirdLines);
    try {
      expect(thirdLines.some((line) => line.includes('not used (the change log does not hold its revision'))).toBe(true);
      expect((await ann.withBaseUrl(third.url).get<Song>(`/api/songs/${during.id}`)).status).toBe(200);
    } finally {
      await third.stop();
    }
    // Three API processes start in this test: each start waits for the catalog's load, slow on a busy machine.
  }, 180_000);
});
