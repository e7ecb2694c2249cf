import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { deleteByIds } from '../database/delete-by-ids.js';
import { isDuplicateKey } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

export interface LikeRecord {
  id: string;
  userId: string;
  songId: string;
  likedAt: Date;
}

interface LikeDocument {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  song_id: Types.ObjectId;
  liked_at: Date;
}

const likeSchema = new Schema<LikeDocument>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    song_id: { type: Schema.Types.ObjectId, required: true, index: true },
    liked_at: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false, collection: 'likes' },
);
// One like per user and song; liking twice is a no-op.
likeSchema.index({ user_id: 1, song_id: 1 }, { unique: true });

function toRecord(doc: LikeDocument): LikeRecord {
  return { id: hexId(doc._id), userId: hexId(doc.user_id), songId: hexId(doc.song_id), likedAt: doc.liked_at };
}

@Injectable()
export class LikesRepository {
  private readonly model: Model<LikeDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<LikeDocument>('Like', likeSchema);
  }

  async like(userId: string, songId: string): Promise<LikeRecord | null> {
    return (await this.likeOnce(userId, songId))?.like ?? null;
  }

  /** Idempotent like that also says whether this call made the record (the API answers 201 vs 200). */
  /** Null when a racing song delete removed the like between the insert and the read back. */
  async likeOnce(userId: string, songId: string): Promise<{ like: LikeRecord; created: boolean } | null> {
    // Insert first, the unique index decides (a look-up first reads the whole collection on the embedded engine).
    const key = { user_id: toObjectId(userId), song_id: toObjectId(songId) };
    try {
      return { like: toRecord((await this.model.create(key)).toObject()), created: true };
    } catch (error) {
      // A concurrent like won the unique index; its record is the answer.
      if (!isDuplicateKey(error)) throw error;
      const existing = await this.model.findOne(key).lean<LikeDocument>();
      return existing ? { like: toRecord(existing), created: false } : null;
    }
  }

  /**
   * By user and song: for a like whose id the caller does not know. The embedded engine answers this by reading the
   * whole collection; deleteById is the fast way.
   */
  async unlike(userId: string, songId: string): Promise<boolean> {
    const result = await this.model.deleteOne({ user_id: toObjectId(userId), song_id: toObjectId(songId) });
    return result.deletedCount > 0;
  }

  /** False when no like has this id (any more). */
  async deleteById(id: string): Promise<boolean> {
    return (await deleteByIds(this.model, [toObjectId(id)])) > 0;
  }

  async deleteByIds(ids: readonly string[]): Promise<number> {
    return deleteByIds(this.model, ids.map(toObjectId));
  }

  async find(userId: string, songId: string): Promise<LikeRecord | null> {
    const doc = await this.model.findOne({ user_id: toObjectId(userId), song_id: toObjectId(songId) }).lean<LikeDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Every like, streamed in batches, for loading the catalog read model (memory stays bounded by the batch). */
  async *all(): AsyncIterable<LikeRecord> {
    for await (const doc of this.model.find({}).lean<LikeDocument>().cursor({ batchSize: 2000 })) yield toRecord(doc as LikeDocument);
  }

  /** Most recently liked first, like every music app's collection. */
  async listByUser(userId: string): Promise<LikeRecord[]> {
    const docs = await this.model.find({ user_id: toObjectId(userId) }).sort({ liked_at: -1, _id: -1 }).lean<LikeDocument[]>();
    return docs.map(toRecord);
  }

  /** Likes of songs that are gone (a crash mid-delete); the janitor removes them. */
  async deleteDangling(existingSongIds: Set<string>): Promise<number> {
    const docs = await this.model.find({}, { song_id: 1 }).lean<LikeDocument[]>();
    const dangling = docs.filter((doc) => !existingSongIds.has(hexId(doc.song_id)));
    return deleteByIds(this.model, dangling.map((doc) => doc._id));
  }

  async distinctSongIds(): Promise<string[]> {
    const docs = await this.model.find({}, { song_id: 1 }).lean<LikeDocument[]>();
    return [...new Set(docs.map((doc) => hexId(doc.song_id)))];
  }
}
