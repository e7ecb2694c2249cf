import mongoose from 'mongoose';
import type { Db } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaStoreSuite } from '../test/media-store-suite.js';
import { SEED_CLAIM_STALE_MS, SeedClaim } from './seed-claim.js';

/**
 * Replicas starting at once against the real engine (FerretDB on SQLite by default), each with its own SeedClaim:
 * exactly one may seed, also when they take over the claim of a seeder that died (an update's matched count would
 * let several: docs/import.md, "Claims on FerretDB").
 */
const suite = mediaStoreSuite('tunafy-seed-claim-');
const REPLICAS = 12;
let db: Db;

beforeEach(() => {
  // A database of its own per test: the shared test database has users and a `meta` of its own.
  db = suite.connection.useDb(`seedclaim${new mongoose.Types.ObjectId().toHexString()}`).db!;
});

async function race(): Promise<boolean[]> {
  const replicas = Array.from({ length: REPLICAS }, () => new SeedClaim(db));
  return Promise.all(replicas.map(async (replica) => replica.take(await replica.state())));
}

const meta = () => db.collection<{ _id: string; state?: string; at: Date }>('meta');
const longAgo = () => new Date(Date.now() - SEED_CLAIM_STALE_MS - 60_000);

describe('SeedClaim', () => {
  it('lets exactly one of many replicas starting on an empty database seed, and none once it is done', async () => {
    expect((await race()).filter(Boolean)).toHaveLength(1);
    // Still running and fresh: nobody takes it over.
    expect((await race()).filter(Boolean)).toHaveLength(0);
    await new SeedClaim(db).finish();
    expect(await new SeedClaim(db).state()).toMatchObject({ state: 'done' });
    expect((await race()).filter(Boolean)).toHaveLength(0);
  });

  it("lets exactly one of many replicas take over a dead seeder's claim", async () => {
    for (let round = 0; round < 3; round++) {
      await meta().deleteMany({});
      await meta().insertOne({ _id: 'seed', state: 'running', at: longAgo() });
      expect((await race()).filter(Boolean)).toHaveLength(1);
      // The taker is alive: the others keep off.
      expect((await race()).filter(Boolean)).toHaveLength(0);
    }
  });

  it('lets exactly one replica take over again when the taker died too, and none after the seed is done', async () => {
    const at = longAgo();
    await meta().insertOne({ _id: 'seed', state: 'running', at });
    await meta().insertOne({ _id: `seed#${at.getTime()}.0`, at: longAgo() });
    expect((await race()).filter(Boolean)).toHaveLength(1);
    expect(await meta().findOne({ _id: `seed#${at.getTime()}.1` })).not.toBeNull();
    await meta().updateOne({ _id: `seed#${at.getTime()}.1` }, { $set: { at: longAgo() } });
    await new SeedClaim(db).finish();
    expect((await race()).filter(Boolean)).toHaveLength(0);
  });
});
