import type { ArtistsResponse } from '@tunafy/contracts';
import { growCatalog, startApi, startDatabase, type RunningApi, type RunningDatabase } from '@tunafy/stack';
import { ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artistSortKey } from '../persistence/artist-sort-key.js';
import { newUser, type ApiClient } from '../test/api-client.js';
import { connectDb } from '../test/fixtures.js';

const apiEnv = inject('apiEnv');
/** 1,200 songs credit 121 artists: more than one update command of FerretDB's could hold (decision 0025). */
const SONGS = 1_200;

let database: RunningDatabase;
let apis: RunningApi[] = [];
let db: Db;
let closeDb: () => Promise<void>;

/** Every A–Z page by cursor, 50 at a time. */
async function wholeList(client: ApiClient, letter?: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const query = `limit=50${letter ? `&letter=${encodeURIComponent(letter)}` : ''}${cursor ? `&cursor=${cursor}` : ''}`;
    const page: { status: number; body: ArtistsResponse } = await client.get<ArtistsResponse>(`/api/artists?${query}`);
    expect(page.status).toBe(200);
    names.push(...page.body.artists.map((artist) => artist.name));
    cursor = page.body.next_cursor;
  } while (cursor);
  return names;
}

/**
 * A catalog grown by the catalog bench's grow step, its artists then stripped of their sort keys as data from before
 * the key (or a tool) leaves them, on its own engine; two API replicas start on it at once.
 */
beforeAll(async () => {
  database = await startDatabase({ mode: 'test' });
  ({ db, close: closeDb } = await connectDb(database.uri));
  const file = () => new ObjectId().toHexString();
  await growCatalog(db, { songs: SONGS, template: { coverFileId: file(), audioFileId: file() }, mainUserId: file(), passwordHash: 'unused' });
}, 120_000);

afterAll(async () => {
  await closeDb?.();
  await Promise.all(apis.map((api) => api.stop()));
  await database?.stop();
});

describe('artists stored without an A–Z sort key', () => {
  it('get the key the API would write from the catalog bench’s grow step', async () => {
    const grown = await db.collection('artists').find({}).toArray();
    expect(grown.length).toBeGreaterThan(100);
    for (const doc of grown) expect(doc.sort_key, doc.name).toBe(artistSortKey({ name: doc.name }));
  });

  it('are filled in after two replicas’ start, which both listen, and the A–Z list matches the in-memory one', async () => {
    const artists = db.collection('artists');
    const grown = await artists.find({}, { sort: { _id: 1 } }).toArray();
    // One under '#', one listed by its sort name, as tags give them; then no artist has a key.
    await artists.updateOne({ _id: grown[3]!._id }, { $set: { name: '2Pac', key: '2pac' } });
    await artists.updateOne({ _id: grown[4]!._id }, { $set: { name: 'The Beatles', key: 'the beatles', sort_name: 'Beatles, The' } });
    await artists.updateMany({}, { $unset: { sort_key: '' } });
    expect(await artists.countDocuments({ sort_key: null })).toBe(grown.length);

    // Both replicas fill keys at once; the MongoDB adapter pages by them, the in-memory model is the reference.
    apis = await Promise.all([
      startApi({ mongodbUri: database.uri, env: { ...apiEnv, CATALOG_READS: 'mongodb' } }),
      startApi({ mongodbUri: database.uri, env: { ...apiEnv, CATALOG_READS: 'memory' } }),
    ]);
    const deadline = Date.now() + 60_000;
    while ((await artists.countDocuments({ sort_key: null })) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await artists.countDocuments({ sort_key: null })).toBe(0);
    for (const doc of await artists.find({}).toArray()) {
      expect(doc.sort_key, doc.name).toBe(artistSortKey({ name: doc.name, ...(doc.sort_name ? { sortName: doc.sort_name } : {}) }));
    }

    const mongo = await newUser(apis[0]!.url, 'sortkeys');
    const memory = await newUser(apis[1]!.url, 'sortkeys');
    const reference = await wholeList(memory);
    expect(reference.length).toBeGreaterThan(50);
    expect(reference[0]).toBe('2Pac');
    expect(await wholeList(mongo)).toEqual(reference);
    for (const letter of ['#', 'B', 'K']) expect(await wholeList(mongo, letter), letter).toEqual(await wholeList(memory, letter));
    expect(await wholeList(mongo, 'B')).toContain('The Beatles');
  }, 180_000);
});
