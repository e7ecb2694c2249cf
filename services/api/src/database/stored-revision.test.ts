import type { Collection } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { StoredRevision, type RevisionDocument } from './stored-revision.js';

/** A `meta` collection in memory whose bump answers can be delivered out of order. */
function fakeMeta() {
  let rev = 0;
  const held: (() => void)[] = [];
  const collection = {
    findOne: async () => ({ _id: 'k', rev }),
    findOneAndUpdate: () =>
      new Promise((resolve) => {
        rev += 1;
        const answer = { _id: 'k', rev };
        held.push(() => resolve(answer));
      }),
  } as unknown as Collection<RevisionDocument>;
  return {
    collection: () => collection,
    bumpElsewhere: () => void (rev += 1),
    /** Delivers the held bump answers, last first. */
    releaseReversed: () => held.splice(0).reverse().forEach((release) => release()),
  };
}

describe('StoredRevision', () => {
  it('re-reads at most once per interval', async () => {
    const meta = fakeMeta();
    const revision = new StoredRevision(meta.collection, 'k', () => 60_000);
    expect(await revision.current()).toBe(0);
    meta.bumpElsewhere();
    expect(await revision.current()).toBe(0);
    const eager = new StoredRevision(meta.collection, 'k', () => 0);
    expect(await eager.current()).toBe(1);
  });

  it('notices another replica’s bump even after its own bumps were answered out of order', async () => {
    const meta = fakeMeta();
    const revision = new StoredRevision(meta.collection, 'k', () => 0);
    const bumps = [revision.bump(), revision.bump(), revision.bump()];
    meta.releaseReversed();
    await Promise.all(bumps);
    const mine = await revision.current();
    meta.bumpElsewhere();
    expect(await revision.current()).not.toBe(mine);
  });
});
