import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '../database/mongo-errors.js';
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
 * the process died between claiming and writing): the services check the
 * target and take a stale claim over with a compare-and-set on its target.
 */
interface ClaimDocument {
  _id: string;
  target_id: string;
  claimed_at: Date;
  /** Set once the target was written: from then on a missing target means it was deleted, not that it is still on its way. */
  done?: boolean;
}

export interface Claim {
  targetId: string;
  claimedAt: Date;
  done: boolean;
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
    },
    { versionKey: false, collection },
  );
}

@Injectable()
export class ImportClaimsRepository {
  private readonly models: Record<ClaimKind, Model<ClaimDocument>>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.models = {
      song: connection.model<ClaimDocument>('SongHash', claimSchema(COLLECTIONS.song)),
      album: connection.model<ClaimDocument>('AlbumClaim', claimSchema(COLLECTIONS.album)),
    };
  }

  /** True when this call made the claim; false when someone holds it already. */
  async claim(kind: ClaimKind, key: string, targetId: string): Promise<boolean> {
    try {
      await this.models[kind].create({ _id: key, target_id: targetId, claimed_at: new Date() });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
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

  /** Marks the claim's target as written (see ClaimDocument.done). */
  async markDone(kind: ClaimKind, key: string, targetId: string): Promise<void> {
    await this.models[kind].updateOne({ _id: key, target_id: targetId }, { $set: { done: true } });
  }

  /** markDone for many claims in one command (the import's batches of "done" marks). */
  async markManyDone(kind: ClaimKind, marks: { key: string; targetId: string }[]): Promise<void> {
    if (marks.length === 0) return;
    // One statement per claim, each by `_id` (answered from FerretDB's index; an `$in` would read the whole collection).
    await this.models[kind].bulkWrite(
      marks.map(({ key, targetId }) => ({ updateOne: { filter: { _id: key, target_id: targetId }, update: { $set: { done: true } } } })),
      { ordered: false },
    );
  }

  /** Claims of this kind never marked done and older than `before`: what a crash between claiming and finishing left. */
  async unsettled(kind: ClaimKind, before: Date): Promise<{ key: string; targetId: string }[]> {
    const docs = await this.models[kind].find({ done: { $ne: true }, claimed_at: { $lt: before } }).lean<ClaimDocument[]>();
    return docs.map((doc) => ({ key: doc._id, targetId: doc.target_id }));
  }

  /** Moves a stale claim to a new target, only if it still names the stale one; false when another writer moved it first. */
  async takeOver(kind: ClaimKind, key: string, staleTargetId: string, targetId: string): Promise<boolean> {
    const result = await this.models[kind].updateOne({ _id: key, target_id: staleTargetId }, { $set: { target_id: targetId, claimed_at: new Date(), done: false } });
    return result.matchedCount > 0;
  }

  /** Gives a claim up, only while it still names this target (a failed upload must not drop someone else's claim). */
  async release(kind: ClaimKind, key: string, targetId: string): Promise<void> {
    await this.models[kind].deleteOne({ _id: key, target_id: targetId });
  }
}

function toClaim(doc: ClaimDocument): Claim {
  return { targetId: doc.target_id, claimedAt: doc.claimed_at, done: doc.done === true };
}
