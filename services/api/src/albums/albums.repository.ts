import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { containsPattern } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

export interface AlbumRecord {
  id: string;
  name: string;
  artistId: string;
  coverFileId: string;
  createdAt: Date;
}

interface AlbumDocument {
  _id: Types.ObjectId;
  album_name: string;
  artist_id: Types.ObjectId;
  cover_file_id: Types.ObjectId;
  created_at: Date;
}

const albumSchema = new Schema<AlbumDocument>(
  {
    album_name: { type: String, required: true },
    artist_id: { type: Schema.Types.ObjectId, required: true, index: true },
    cover_file_id: { type: Schema.Types.ObjectId, required: true },
    created_at: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false, collection: 'albums' },
);

function toRecord(doc: AlbumDocument): AlbumRecord {
  return {
    id: hexId(doc._id),
    name: doc.album_name,
    artistId: hexId(doc.artist_id),
    coverFileId: hexId(doc.cover_file_id),
    createdAt: doc.created_at,
  };
}

@Injectable()
export class AlbumsRepository {
  private readonly model: Model<AlbumDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<AlbumDocument>('Album', albumSchema);
  }

  /** `id` is chosen by the caller when a claim must name the album before it exists (bulk upload). */
  async create(input: { name: string; artistId: string; coverFileId: string; id?: string }): Promise<AlbumRecord> {
    const doc = await this.model.create({
      ...(input.id ? { _id: toObjectId(input.id) } : {}),
      album_name: input.name,
      artist_id: toObjectId(input.artistId),
      cover_file_id: toObjectId(input.coverFileId),
    });
    return toRecord(doc.toObject());
  }

  async findById(id: string): Promise<AlbumRecord | null> {
    const doc = await this.model.findById(toObjectId(id)).lean<AlbumDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Every album, streamed in batches, for loading the catalog read model (memory stays bounded by the batch). */
  async *all(): AsyncIterable<AlbumRecord> {
    for await (const doc of this.model.find({}).lean<AlbumDocument>().cursor({ batchSize: 1000 })) yield toRecord(doc as AlbumDocument);
  }

  async namesByIds(ids: Iterable<string>): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const docs = await this.model.find({ _id: { $in: unique.map(toObjectId) } }, { album_name: 1 }).lean<AlbumDocument[]>();
    return new Map(docs.map((doc) => [hexId(doc._id), doc.album_name]));
  }

  async list(page: { limit?: number; afterId?: string }): Promise<AlbumRecord[]> {
    const filter = page.afterId ? { _id: { $gt: toObjectId(page.afterId) } } : {};
    let query = this.model.find(filter).sort({ _id: 1 });
    if (page.limit) query = query.limit(page.limit);
    return (await query.lean<AlbumDocument[]>()).map(toRecord);
  }

  async listByArtist(artistId: string): Promise<AlbumRecord[]> {
    const docs = await this.model.find({ artist_id: toObjectId(artistId) }).sort({ _id: 1 }).lean<AlbumDocument[]>();
    return docs.map(toRecord);
  }

  async search(text: string, limit: number): Promise<AlbumRecord[]> {
    const docs = await this.model.find({ album_name: containsPattern(text) }).sort({ _id: 1 }).limit(limit).lean<AlbumDocument[]>();
    return docs.map(toRecord);
  }

  async update(id: string, patch: { name?: string; coverFileId?: string }): Promise<AlbumRecord | null> {
    const set: Partial<AlbumDocument> = {};
    if (patch.name !== undefined) set.album_name = patch.name;
    if (patch.coverFileId !== undefined) set.cover_file_id = toObjectId(patch.coverFileId);
    await this.model.updateOne({ _id: toObjectId(id) }, { $set: set });
    return this.findById(id);
  }

  /** Applies the patch and answers the record as it was before (see SongsRepository.updateReturningPrevious). */
  async updateReturningPrevious(id: string, patch: { name?: string; coverFileId?: string }): Promise<AlbumRecord | null> {
    const set: Partial<AlbumDocument> = {};
    if (patch.name !== undefined) set.album_name = patch.name;
    if (patch.coverFileId !== undefined) set.cover_file_id = toObjectId(patch.coverFileId);
    const previous = await this.model.findOneAndUpdate({ _id: toObjectId(id) }, { $set: set }, { returnDocument: 'before' }).lean<AlbumDocument>();
    return previous ? toRecord(previous) : null;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: toObjectId(id) });
    return result.deletedCount > 0;
  }

  async referencedFileIds(): Promise<Set<string>> {
    const docs = await this.model.find({}, { cover_file_id: 1 }).lean<AlbumDocument[]>();
    return new Set(docs.map((doc) => hexId(doc.cover_file_id)));
  }
}
