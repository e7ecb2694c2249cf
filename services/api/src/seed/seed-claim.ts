import type { Collection, Db } from 'mongodb';
import { insertedFirst } from '../database/mongo-errors.js';

/** A seed claim older than this is taken to be from a seeder that died (a first seed takes about a minute). */
export const SEED_CLAIM_STALE_MS = 10 * 60_000;
/** How many dead seeders in a row one claim outlives before this gives up (each is SEED_CLAIM_STALE_MS apart). */
const TAKE_OVER_STEPS = 50;

/**
 * `meta` documents: `seed` says whether the first seed is running or done; `seed#<at>.<step>` says "the seed claimed
 * at <at> was taken over", one per take-over.
 */
interface SeedMetaDocument {
  _id: string;
  state?: 'running' | 'done';
  at: Date;
}

export type SeedState = { state: 'running' | 'done'; at: Date } | null;

/**
 * Which replica loads the demo catalog into a new database: exactly one, also when several start at once, on every
 * engine. Every decision is an insert the primary key decides: the first seed inserts `seed`; taking over the claim
 * of a seeder that died inserts `seed#<its claim time>`. An update's matched count would not do: FerretDB 1.x runs
 * an update as a read, then a write by `_id`, so two replicas' `updateOne({_id: 'seed', at: stale})` both report a
 * match (docs/import.md, "Claims on FerretDB"). A take-over does not rewrite `seed` at all; its own document's time
 * is the claim's from then on, and one older than SEED_CLAIM_STALE_MS is stepped past (`…#<at>.1`, again by the
 * primary key) when that taker died too. The take-over documents stay: one per seeder that died, a few bytes each.
 */
export class SeedClaim {
  constructor(private readonly db: Db) {}

  private get meta(): Collection<SeedMetaDocument> {
    return this.db.collection<SeedMetaDocument>('meta');
  }

  async state(): Promise<SeedState> {
    const doc = await this.meta.findOne({ _id: 'seed' });
    return doc?.state ? { state: doc.state, at: doc.at } : null;
  }

  /**
   * True when this call may seed: it made the first claim (`state` null: nobody has), or took over a running one
   * older than SEED_CLAIM_STALE_MS. False when another replica seeds or has seeded.
   */
  async take(state: SeedState): Promise<boolean> {
    if (state?.state === 'done') return false;
    if (!state) return this.insert({ _id: 'seed', state: 'running', at: new Date() });
    if (Date.now() - state.at.getTime() < SEED_CLAIM_STALE_MS) return false;
    for (let step = 0; step < TAKE_OVER_STEPS; step++) {
      const id = `seed#${state.at.getTime()}.${step}`;
      if (await this.insert({ _id: id, at: new Date() })) return true;
      const taken = await this.meta.findOne({ _id: id });
      // Taken over lately: that replica seeds now. Long ago: it died too, unless the seed got done meanwhile.
      if (!taken || Date.now() - taken.at.getTime() < SEED_CLAIM_STALE_MS) return false;
      if ((await this.state())?.state === 'done') return false;
    }
    return false;
  }

  /** The demo catalog is loaded: no replica seeds this database again. */
  async finish(): Promise<void> {
    await this.meta.updateOne({ _id: 'seed' }, { $set: { state: 'done', at: new Date() } });
  }

  private insert(doc: SeedMetaDocument): Promise<boolean> {
    return insertedFirst(() => this.meta.insertOne(doc));
  }
}
