import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaStoreSuite } from '../test/media-store-suite.js';
import { CLAIM_RETIREMENT_SETTLE_MS, ImportClaimsRepository, type Claim, type ClaimKind } from './import-claims.repository.js';

/**
 * The claims against the real engine (FerretDB on SQLite by default), where an update or a delete is a read, then a
 * write by `_id` (docs/import.md, "Claims on FerretDB"): a compare-and-set trusted through its matched count would let
 * several writers win one stale claim. These tests race real commands on one claim, through one connection pool.
 */
const suite = mediaStoreSuite('tunafy-import-claims-');
const newId = () => new mongoose.Types.ObjectId().toHexString();
const RACERS = 12;
let claims: ImportClaimsRepository;

beforeAll(() => {
  claims = new ImportClaimsRepository(suite.connection);
});

/** RACERS take-overs of one claim at once: exactly one wins, and the claim names it afterwards. Returns the winner. */
async function raceTakeOvers(kind: ClaimKind, key: string, claim: Claim): Promise<string> {
  const takers = Array.from({ length: RACERS }, () => newId());
  const won = await Promise.all(takers.map((taker) => claims.takeOver(kind, key, claim, taker)));
  expect(won.filter(Boolean)).toHaveLength(1);
  const winner = takers[won.indexOf(true)]!;
  expect((await claims.find(kind, key))?.targetId).toBe(winner);
  return winner;
}

describe('ImportClaimsRepository', () => {
  it('lets exactly one of many concurrent take-overs of one stale claim win, and the claim names the winner', async () => {
    // Bounded: a few rounds, each a fresh stale claim raced by RACERS takers at once.
    for (let round = 0; round < 4; round++) {
      const key = `${newId()}:race-${round}`;
      const stale = newId();
      expect(await claims.claim('song', key, stale)).toBe(true);
      await raceTakeOvers('song', key, (await claims.find('song', key))!);
    }
  });

  it('lets exactly one take-over win while late "done" marks of the stale target race it; no loser ever writes', async () => {
    for (let round = 0; round < 4; round++) {
      const key = `${newId()}:done-race-${round}`;
      const stale = newId();
      await claims.claim('song', key, stale);
      const claim = (await claims.find('song', key))!;
      const takers = Array.from({ length: RACERS }, () => newId());
      // On FerretDB each mark writes back the document it read, which can undo a take-over's write: the take-over
      // reads its claim back and writes again; a mark landing after that read-back is the documented residue.
      const [won] = await Promise.all([
        Promise.all(takers.map((taker) => claims.takeOver('song', key, claim, taker))),
        Promise.all([1, 2, 3].map(() => claims.markDone('song', key, stale))),
      ]);
      const winners = takers.filter((_, index) => won[index]);
      expect(winners).toHaveLength(1);
      expect([winners[0], stale]).toContain((await claims.find('song', key))?.targetId);
    }
  });

  it('never lets a late "done" mark of the stale target write it back over a take-over', async () => {
    // Marks keep coming while the take-overs run and after their read-backs: before done marks were inserts (an update
    // on FerretDB is a read, then a write of the whole document), some rounds ended naming the stale target again.
    const ROUNDS = 8;
    let staleWritten = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const key = `${newId()}:late-done-${round}`;
      const stale = newId();
      await claims.claim('song', key, stale);
      const claim = (await claims.find('song', key))!;
      const takers = Array.from({ length: RACERS }, () => newId());
      const marking = async () => {
        for (let mark = 0; mark < 6; mark++) await claims.markDone('song', key, stale);
      };
      const [won] = await Promise.all([Promise.all(takers.map((taker) => claims.takeOver('song', key, claim, taker))), marking(), marking(), marking()]);
      const winners = takers.filter((_, index) => won[index]);
      expect(winners).toHaveLength(1);
      const now = (await claims.find('song', key))!;
      if (now.targetId !== winners[0]) staleWritten++;
      else {
        // The winner's song is not stored yet: the stale target's marks do not make its claim "done".
        expect(await claims.isDone('song', key, now)).toBe(false);
        await claims.markDone('song', key, winners[0]!);
        expect(await claims.isDone('song', key, (await claims.find('song', key))!)).toBe(true);
        // Marks written again (a batch retried, a second settle) are no error.
        await expect(claims.markManyDone('song', [{ key, targetId: winners[0]! }, { key, targetId: stale }])).resolves.toBeUndefined();
      }
    }
    console.log(`late "done" marks: ${staleWritten} of ${ROUNDS} rounds ended naming the stale target`);
    expect(staleWritten).toBe(0);
  });

  it('steps past a retirement whose writer died before its write, once, and not past a fresh one', async () => {
    const key = `${newId()}:crashed`;
    const stale = newId();
    await claims.claim('album', key, stale);
    const claim = (await claims.find('album', key))!;
    const retirements = suite.connection.db!.collection<{ _id: string; at: Date }>('import_claim_retirements');
    // A taker that retired this generation a moment ago is still at work: nobody else may move it.
    await retirements.insertOne({ _id: `album:${key}#${claim.generation}`, at: new Date() });
    expect(await claims.takeOver('album', key, claim, newId())).toBe(false);
    // Long ago, and the claim still shows that generation: its taker died. Exactly one of many takes the name.
    await retirements.updateOne({ _id: `album:${key}#${claim.generation}` }, { $set: { at: new Date(Date.now() - CLAIM_RETIREMENT_SETTLE_MS - 1000) } });
    await raceTakeOvers('album', key, claim);
  });

  it('lets one album take-over win against many, and a later take-over of the new target still works', async () => {
    const key = `${newId()}:album`;
    const first = newId();
    await claims.claim('album', key, first);
    const claim = (await claims.find('album', key))!;
    await raceTakeOvers('album', key, claim);
    const second = (await claims.find('album', key))!;
    // A take-over of a claim that was moved already fails, on every engine.
    expect(await claims.takeOver('album', key, claim, newId())).toBe(false);
    // The new target can go stale in its turn and be taken over once.
    const third = newId();
    expect(await claims.takeOver('album', key, second, third)).toBe(true);
    expect(await claims.find('album', key)).toMatchObject({ targetId: third, doneInDocument: false });
  });

  it('never lets a release and a take-over of the same stale target both act: the claim ends named by the taker or gone, never taken twice', async () => {
    for (let round = 0; round < 4; round++) {
      const key = `${newId()}:release-${round}`;
      const stale = newId();
      await claims.claim('song', key, stale);
      const claim = (await claims.find('song', key))!;
      const taker = newId();
      // The janitor's release of a claim whose target is gone, at the same time as an upload taking it over; a
      // fresh claim right after the release must not coexist with a winning take-over.
      const [tookOver] = await Promise.all([claims.takeOver('song', key, claim, taker), claims.release('song', key, stale)]);
      const fresh = newId();
      const claimedFresh = await claims.claim('song', key, fresh);
      expect(tookOver && claimedFresh).toBe(false);
      const now = await claims.find('song', key);
      expect(now?.targetId).toBe(tookOver ? taker : fresh);
    }
  });

  it('takes over a claim written before claims had generations exactly once', async () => {
    const key = `${newId()}:legacy`;
    const stale = newId();
    await suite.connection.db!.collection<{ _id: string; target_id: string; claimed_at: Date; done: boolean }>('song_hashes').insertOne({ _id: key, target_id: stale, claimed_at: new Date(Date.now() - 3_600_000), done: true });
    const claim = (await claims.find('song', key))!;
    expect(claim).toMatchObject({ targetId: stale, doneInDocument: true });
    expect(await claims.isDone('song', key, claim)).toBe(true);
    await raceTakeOvers('song', key, claim);
  });

  it('keeps retirements until the janitor drops the old ones', async () => {
    const key = `${newId()}:prune`;
    const stale = newId();
    await claims.claim('album', key, stale);
    expect(await claims.takeOver('album', key, (await claims.find('album', key))!, newId())).toBe(true);
    const retirements = suite.connection.db!.collection<{ _id: string; at: Date }>('import_claim_retirements');
    expect(await retirements.countDocuments({ _id: { $regex: `^album:${key}#` } })).toBe(1);
    expect(await claims.pruneRetirements(new Date(Date.now() - 3_600_000))).toBe(0);
    await claims.pruneRetirements(new Date(Date.now() + 1000));
    expect(await retirements.countDocuments({ _id: { $regex: `^album:${key}#` } })).toBe(0);
  });
});
