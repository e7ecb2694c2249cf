import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { containsPattern } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

export interface PlaylistRecord {
  id: string;
  name: string;
  description: string | null;
  isPrivate: boolean;
  creatorId: string;
  coverFileId: string | null;
  createdAt: Date;
}

interface PlaylistDocument {
  _id: Types.ObjectId;
  playlist_name: string;
  description: string | null;
  private: boolean;
  creator_id: Types.ObjectId;
  cover_file_id: Types.ObjectId | null;
  created_at: Date;
}

const playlistSchema = new Schema<PlaylistDocument>(
  {
    playlist_name: { type: String, required: true },
    description: { type: String, default: null },
    private: { type: Boolean, required: true, default: false },
    creator_id: { type: Schema.Types.ObjectId, required: true, index: true },
    cover_file_id: { type: Schema.Types.ObjectId, default: null },
    created_at: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false, collection: 'playlists' },
);

function toRecord(doc: PlaylistDocument): PlaylistRecord {
  return {
    id: hexId(doc._id),
    name: doc.playlist_name,
    description: doc.description ?? null,
    isPrivate: doc.private === true,
    creatorId: hexId(doc.creator_id),
    coverFileId: doc.cover_file_id ? hexId(doc.cover_file_id) : null,
    createdAt: doc.created_at,
  };
}

/** Private playlists are only ever read back for their creator: the filter lives here so no caller can forget it. */
function visibleTo(viewerId: string | null) {
  return viewerId ? { $or: [{ private: false }, { creator_id: toObjectId(viewerId) }] } : { private: false };
}

@Injectable()
export class PlaylistsRepository {
  private readonly model: Model<PlaylistDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<PlaylistDocument>('Playlist', playlistSchema);
  }

  async create(input: { name: string; description: string | null; isPrivate: boolean; creatorId: string; coverFileId: string | null }): Promise<PlaylistRecord> {
    const doc = await this.model.create({
      playlist_name: input.name,
      description: input.description,
      private: input.isPrivate,
      creator_id: toObjectId(input.creatorId),
      cover_file_id: input.coverFileId ? toObjectId(input.coverFileId) : null,
    });
    return toRecord(doc.toObject());
  }

  /** Any playlist, private or not: only for the catalog read model, which applies visibility itself. */
  async findById(id: string): Promise<PlaylistRecord | null> {
    const doc = await this.model.findById(toObjectId(id)).lean<PlaylistDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Every playlist, streamed in batches, for loading the catalog read model (memory stays bounded by the batch). */
  async *all(): AsyncIterable<PlaylistRecord> {
    for await (const doc of this.model.find({}).lean<PlaylistDocument>().cursor({ batchSize: 1000 })) yield toRecord(doc as PlaylistDocument);
  }

  /** A playlist the viewer may see; a private one of somebody else is reported as missing. */
  async findVisible(id: string, viewerId: string | null): Promise<PlaylistRecord | null> {
    const doc = await this.model.findOne({ $and: [{ _id: toObjectId(id) }, visibleTo(viewerId)] }).lean<PlaylistDocument>();
    return doc ? toRecord(doc) : null;
  }

  async listVisible(viewerId: string | null, page: { limit?: number; afterId?: string }): Promise<PlaylistRecord[]> {
    const conditions: object[] = [visibleTo(viewerId)];
    if (page.afterId) conditions.push({ _id: { $gt: toObjectId(page.afterId) } });
    let query = this.model.find({ $and: conditions }).sort({ _id: 1 });
    if (page.limit) query = query.limit(page.limit);
    return (await query.lean<PlaylistDocument[]>()).map(toRecord);
  }

  async listByCreator(creatorId: string): Promise<PlaylistRecord[]> {
    const docs = await this.model.find({ creator_id: toObjectId(creatorId) }).sort({ _id: 1 }).lean<PlaylistDocument[]>();
    return docs.map(toRecord);
  }

  async searchVisible(text: string, viewerId: string | null, limit: number): Promise<PlaylistRecord[]> {
    const docs = await this.model
      .find({ $and: [{ playlist_name: containsPattern(text) }, visibleTo(viewerId)] })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<PlaylistDocument[]>();
    return docs.map(toRecord);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: toObjectId(id) });
    return result.deletedCount > 0;
  }

  async existingIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const docs = await this.model.find({ _id: { $in: ids.map(toObjectId) } }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
    return new Set(docs.map((doc) => hexId(doc._id)));
  }

  async referencedFileIds(): Promise<Set<string>> {
    const docs = await this.model.find({ cover_file_id: { $ne: null } }, { cover_file_id: 1 }).lean<PlaylistDocument[]>();
    return new Set(docs.flatMap((doc) => (doc.cover_file_id ? [hexId(doc.cover_file_id)] : [])));
  }
}
