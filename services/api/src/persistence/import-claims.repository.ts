import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model } from 'mongoose';
import { insertedFirst, isDuplicateKey } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

/**
 * A claim on a name: "these bytes are this user's song X" (`song_hashes`) or
 * "this user's album called Y is album X" (`album_claims`). The `_id` is the
 * name itself ("<user>:<sha256>", "<user>:<album key>"), so claiming is one
 * insert that the primary key decides: two uploads racing through different
 * API replicas (or the folder import beside the API) cannot both win, without
 * transactions or a unique secondary index, and every look-up is an `_id`
 * look-up, the one filter FerretDB answers from its index.
 *
 * A claim may outlive what it names (the song or album was deleted later, or
 * the process died between claiming and writing): the services then take it
 * over or give it up (release), and those are decided by the primary key too,
 * since FerretDB's guarded updates and deletes are a read, then a write
 * (docs/decisions/0007-primary-key-decides-races.md). Every claim carries a
 * generation (random, new at each claim and take-over); whoever moves or drops
 * generation G first inserts `<kind>:<key>#G` into `import_claim_retirements`,
 * and only that writer may touch the claim. "Done" marks are inserts too
 * (`import_claims_done`, see markDone), so nothing but those writers updates a claim.
 */
interface ClaimDocument {
  _id: string;
  target_id: string;
  claimed_at: Date;
  /** Claims settled before done marks were inserts (markDone) carry it; a take-over clears it. */
  done?: boolean;
  /** Random per claim and take-over (see above); claims written before it existed have none (generationOf). */
  gen?: string;
}

/** "Generation `_id` of a claim was moved or released, by one writer": the primary key lets only one writer do it. */
interface RetirementDocument {
  _id: string;
  at: Date;
}

/** "Target X of claim `<kind>:<key>` was written" (`_id` `<kind>:<key>@<target>`, see markDone): inserted, never changed. */
interface DoneMarkDocument {
  _id: string;
  at: Date;
}

/**
 * A retirement this old whose claim still shows its generation was never carried out (its writer died between the
 * insert and the write) or was undone (see takeOver): the next writer retires the generation again, under the next
 * step of its name. Far longer than a take-over (three commands) takes on a loaded machine.
 */
export const CLAIM_RETIREMENT_SETTLE_MS = 60_000;
/**
 * Retirements only matter while a writer acts on them (CLAIM_RETIREMENT_SETTLE_MS): a retired generation is never a
 * claim's again (generations are random). The janitor drops those older than this (pruneRetirements).
 */
export const CLAIM_RETIREMENT_TTL_MS = 24 * 60 * 60_000;
/** How many times one generation may be retired again (each needs a writer that died or a write undone, minutes apart). */
const RETIRE_STEPS = 5;
/**
 * A take-over whose write a concurrent update of the old generation undid (FerretDB: read, then write) writes again,
 * this often at most: only a replica from before done marks were inserts still updates claims, during an upgrade.
 */
const TAKE_OVER_WRITES = 3;

export interface Claim {
  targetId: string;
  claimedAt: Date;
  /** Settled in the claim itself (claims settled before done marks were inserts); isDone also reads the marks. */
  doneInDocument: boolean;
  /** Which claim this is: a take-over or a release acts on this generation only. */
  generation: string;
}

export type ClaimKind = 'song' | 'album';

const COLLECTIONS: Record<ClaimKind, string> = { song: 'song_hashes', album: 'album_claims' };

function claimSchema(collection: string) {
  return new Schema<ClaimDocument>(
    {
      _id: { type: String, required: true },
      target_id: { type: String, required: true },
      claimed_at: { type: Date, required: true },
      done: { type: Boolean, required: false },
      gen: { type: String, required: false },
    },
    { versionKey: false, collection },
  );
}

@Injectable()
export class ImportClaimsRepository {
  private readonly models: Record<ClaimKind, Model<ClaimDocument>>;
  private readonly retirements: Model<RetirementDocument>;
  private readonly doneMarks: Model<DoneMarkDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.models = {
      song: connection.model<ClaimDocument>('SongHash', claimSchema(COLLECTIONS.song)),
      album: connection.model<ClaimDocument>('AlbumClaim', claimSchema(COLLECTIONS.album)),
    };
    this.retirements = connection.model<RetirementDocument>(
      'ImportClaimRetirement',
      new Schema<RetirementDocument>(
        { _id: { type: String, required: true }, at: { type: Date, required: true } },
        { versionKey: false, collection: 'import_claim_retirements' },
      ),
    );
    this.doneMarks = connection.model<DoneMarkDocument>(
      'ImportClaimDone',
      new Schema<DoneMarkDocument>({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { versionKey: false, collection: 'import_claims_done' }),
    );
  }

  /** True when this call made the claim; false when someone holds it already. */
  async claim(kind: ClaimKind, key: string, targetId: string): Promise<boolean> {
    return insertedFirst(() => this.models[kind].create({ _id: key, target_id: targetId, claimed_at: new Date(), gen: randomUUID() }));
  }

  async find(kind: ClaimKind, key: string): Promise<Claim | null> {
    const doc = await this.models[kind].findById(key).lean<ClaimDocument>();
    return doc ? toClaim(doc) : null;
  }

  async findMany(kind: ClaimKind, keys: string[]): Promise<Map<string, Claim>> {
    if (keys.length === 0) return new Map();
    const docs = await this.models[kind].find({ _id: { $in: keys } }).lean<ClaimDocument[]>();
    return new Map(docs.map((doc) => [doc._id, toClaim(doc)]));
  }

  /**
   * Marks the claim's target as written: from then on a missing target means it was deleted, not that it is still on
   * its way. An insert named by claim and target, not an update of the claim: on FerretDB an update writes back the
   * whole document it read, so a late mark of a stale target could undo a take-over (docs/import.md). Every take-over
   * moves a claim to a new target, so the pair names one generation; a mark of a target the claim no longer names is inert.
   */
  async markDone(kind: ClaimKind, key: string, targetId: string): Promise<void> {
    await insertedFirst(() => this.doneMarks.create({ _id: doneMarkId(kind, key, targetId), at: new Date() }));
  }

  /** markDone for many claims in one command (the import's batches of "done" marks); marks already there stay. */
  async markManyDone(kind: ClaimKind, marks: { key: string; targetId: string }[]): Promise<void> {
    if (marks.length === 0) return;
    try {
      await this.doneMarks.insertMany(
        marks.map(({ key, targetId }) => ({ _id: doneMarkId(kind, key, targetId), at: new Date() })),
        { ordered: false, lean: true },
      );
    } catch (error) {
      const { writeErrors } = error as { writeErrors?: unknown[] };
      if (!isDuplicateKey(error) || !(writeErrors ?? [error]).every(isDuplicateKey)) throw error;
    }
  }

  /** Whether the claim's target was written (markDone): one `_id` look-up, asked only while the target is missing. */
  async isDone(kind: ClaimKind, key: string, claim: Claim): Promise<boolean> {
    return claim.doneInDocument || (await this.doneMarks.exists({ _id: doneMarkId(kind, key, claim.targetId) })) !== null;
  }

  /** Claims of this kind never marked done and older than `before`: what a crash between claiming and finishing left. */
  async unsettled(kind: ClaimKind, before: Date): Promise<{ key: string; targetId: string }[]> {
    const docs = await this.models[kind].find({ done: { $ne: true }, claimed_at: { $lt: before } }).lean<ClaimDocument[]>();
    if (docs.length === 0) return [];
    const ids = docs.map((doc) => doneMarkId(kind, doc._id, doc.target_id));
    const marked = new Set((await this.doneMarks.find({ _id: { $in: ids } }, { _id: 1 }).lean<{ _id: string }[]>()).map((mark) => mark._id));
    return docs.filter((_, index) => !marked.has(ids[index]!)).map((doc) => ({ key: doc._id, targetId: doc.target_id }));
  }

  /**
   * Moves a stale claim (as the caller read it) to a new target; false when another writer moved or released that
   * generation first. Exactly one of any number of concurrent calls on one generation wins, on every engine: the
   * retirement insert decides, the update only carries the winner's decision out.
   */
  async takeOver(kind: ClaimKind, key: string, stale: Claim, targetId: string): Promise<boolean> {
    if (!(await this.retire(kind, key, stale.generation))) return false;
    const gen = randomUUID();
    const model = this.models[kind];
    for (let write = 0; write < TAKE_OVER_WRITES; write++) {
      // Nobody else moves or drops this generation now; the filter keeps a claim that is no longer it (on MongoDB too).
      await model.updateOne({ _id: key, target_id: stale.targetId }, { $set: { target_id: targetId, claimed_at: new Date(), done: false, gen } });
      const now = await model.findById(key).lean<ClaimDocument>();
      if (now?.gen === gen) return true;
      // Nothing but this writer updates the claim now (done marks are inserts); an older replica's update-based mark
      // can still write the stale generation back while an upgrade runs: then write again (TAKE_OVER_WRITES).
      if (!now || generationOf(now) !== stale.generation) return false;
    }
    return false;
  }

  /**
   * Gives a claim up, only while it still names this target (a failed upload must not drop someone else's claim).
   * Through the claim's retirement, so it never drops a claim that a take-over moved meanwhile: FerretDB deletes by
   * `_id` what it read before, whatever the document holds by then.
   */
  async release(kind: ClaimKind, key: string, targetId: string): Promise<void> {
    const model = this.models[kind];
    const doc = await model.findById(key).lean<ClaimDocument>();
    if (doc?.target_id !== targetId) return;
    if (!(await this.retire(kind, key, generationOf(doc)))) return;
    // Only a take-over or a release of this generation could change the document now, and both need its retirement.
    await model.deleteOne({ _id: key, target_id: targetId });
  }

  /** The janitor's part: retirements older than `before` (see CLAIM_RETIREMENT_TTL_MS). */
  async pruneRetirements(before: Date): Promise<number> {
    return (await this.retirements.deleteMany({ at: { $lt: before } })).deletedCount;
  }

  /**
   * True when this call retired the generation: it is then the only writer that may move or drop it. A retirement of
   * it that is older than CLAIM_RETIREMENT_SETTLE_MS while the claim still shows it is stepped past (the next name,
   * `…#G.1`, is again decided by the primary key), so a writer that died between its two commands cannot wedge a name.
   */
  private async retire(kind: ClaimKind, key: string, generation: string): Promise<boolean> {
    for (let step = 0; step < RETIRE_STEPS; step++) {
      const id = `${kind}:${key}#${generation}${step > 0 ? `.${step}` : ''}`;
      if (await insertedFirst(() => this.retirements.create({ _id: id, at: new Date() }))) return true;
      const held = await this.retirements.findById(id).lean<RetirementDocument>();
      if (!held || Date.now() - held.at.getTime() < CLAIM_RETIREMENT_SETTLE_MS) return false;
      const doc = await this.models[kind].findById(key).lean<ClaimDocument>();
      if (!doc || generationOf(doc) !== generation) return false;
    }
    return false;
  }
}

/** Claims written before generations existed: their target and claim time name them (both change at every take-over). */
function generationOf(doc: ClaimDocument): string {
  return doc.gen ?? `${doc.target_id}@${doc.claimed_at.getTime()}`;
}

function toClaim(doc: ClaimDocument): Claim {
  return { targetId: doc.target_id, claimedAt: doc.claimed_at, doneInDocument: doc.done === true, generation: generationOf(doc) };
}

function doneMarkId(kind: ClaimKind, key: string, targetId: string): string {
  return `${kind}:${key}@${targetId}`;
}
