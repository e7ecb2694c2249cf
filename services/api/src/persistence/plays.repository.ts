import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { isDuplicateKey } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

interface PlayDocument {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  song_id: Types.ObjectId;
  played_at: Date;
}

/**
 * When a user's play of a song was last counted. The `_id` is "<user>:<song>",
 * so claiming a count is a single atomic upsert on the primary key: no
 * transactions or unique secondary indexes needed, on MongoDB and FerretDB alike.
 */
interface PlayMarkDocument {
  _id: string;
  user_id: Types.ObjectId;
  counted_at: Date;
}

const playSchema = new Schema<PlayDocument>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    song_id: { type: Schema.Types.ObjectId, required: true },
    played_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'plays' },
);
// A user's history, newest first.
playSchema.index({ user_id: 1, played_at: -1 });

const playMarkSchema = new Schema<PlayMarkDocument>(
  {
    _id: { type: String, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true, index: true },
    counted_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'play_marks' },
);

/** Play events (`plays`) and the per user-and-song marks that keep them from being counted twice. */
@Injectable()
export class PlaysRepository {
  private readonly plays: Model<PlayDocument>;
  private readonly marks: Model<PlayMarkDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.plays = connection.model<PlayDocument>('Play', playSchema);
    this.marks = connection.model<PlayMarkDocument>('PlayMark', playMarkSchema);
  }

  /**
   * Marks the song as counted for the user at `now`, unless it already was
   * after `notAfter`; true when this call made the mark. Concurrent claims race
   * on the `_id`, so exactly one of them wins.
   */
  async claimCount(userId: string, songId: string, now: Date, notAfter: Date): Promise<boolean> {
    try {
      // Matches an expired mark (and moves it), or finds none and inserts; a
      // fresh mark is not matched, so the upsert's insert collides with it.
      await this.marks.updateOne(
        { _id: `${userId}:${songId}`, counted_at: { $lte: notAfter } },
        { $set: { counted_at: now, user_id: toObjectId(userId) } },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /**
   * Marks a play made offline at `playedAt` as counted, unless it already was (the same play sent twice); true when
   * this call made the mark. The mark lives until `keepUntil` (the expired-marks cleanup keeps it until then).
   */
  async claimReplay(userId: string, songId: string, playedAt: Date, keepUntil: Date): Promise<boolean> {
    try {
      await this.marks.create({ _id: `${userId}:${songId}@${playedAt.toISOString()}`, user_id: toObjectId(userId), counted_at: keepUntil });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async record(userId: string, songId: string, playedAt: Date): Promise<void> {
    await this.plays.create({ user_id: toObjectId(userId), song_id: toObjectId(songId), played_at: playedAt });
  }

  /** Song ids of the user's newest play events, newest first, repeats included. */
  async recentSongIds(userId: string, limit: number): Promise<string[]> {
    const docs = await this.plays
      .find({ user_id: toObjectId(userId) }, { song_id: 1 })
      .sort({ played_at: -1, _id: -1 })
      .limit(limit)
      .lean<Pick<PlayDocument, '_id' | 'song_id'>[]>();
    return docs.map((doc) => hexId(doc.song_id));
  }

  /** Every play event and count mark of the user (clearing the history). */
  async deleteAll(userId: string): Promise<void> {
    const user = toObjectId(userId);
    await this.plays.deleteMany({ user_id: user });
    await this.marks.deleteMany({ user_id: user });
  }

  /** Deletes the user's play events beyond the newest `keep`; answers how many went. */
  async trimHistory(userId: string, keep: number): Promise<number> {
    const surplus = await this.plays
      .find({ user_id: toObjectId(userId) }, { _id: 1 })
      .sort({ played_at: -1, _id: -1 })
      .skip(keep)
      .lean<Pick<PlayDocument, '_id'>[]>();
    if (surplus.length === 0) return 0;
    const result = await this.plays.deleteMany({ _id: { $in: surplus.map((doc) => doc._id) } });
    return result.deletedCount;
  }

  /** Marks older than `before` no longer block anything. */
  async deleteExpiredMarks(userId: string, before: Date): Promise<number> {
    const result = await this.marks.deleteMany({ user_id: toObjectId(userId), counted_at: { $lt: before } });
    return result.deletedCount;
  }
}
