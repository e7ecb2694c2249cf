import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { containsPattern } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

export interface SongRecord {
  id: string;
  name: string;
  artistId: string;
  albumId: string | null;
  coverFileId: string;
  audioFileId: string;
  duration: number;
  plays: number;
  createdAt: Date;
}

interface SongDocument {
  _id: Types.ObjectId;
  song_name: string;
  artist_id: Types.ObjectId;
  album_id: Types.ObjectId | null;
  cover_file_id: Types.ObjectId;
  audio_file_id: Types.ObjectId;
  duration: number;
  plays: number;
  created_at: Date;
}

const songSchema = new Schema<SongDocument>(
  {
    song_name: { type: String, required: true },
    artist_id: { type: Schema.Types.ObjectId, required: true, index: true },
    album_id: { type: Schema.Types.ObjectId, default: null, index: true },
    cover_file_id: { type: Schema.Types.ObjectId, required: true },
    audio_file_id: { type: Schema.Types.ObjectId, required: true },
    duration: { type: Number, required: true },
    plays: { type: Number, required: true, default: 0 },
    created_at: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false, collection: 'songs' },
);

function toRecord(doc: SongDocument): SongRecord {
  return {
    id: hexId(doc._id),
    name: doc.song_name,
    artistId: hexId(doc.artist_id),
    albumId: doc.album_id ? hexId(doc.album_id) : null,
    coverFileId: hexId(doc.cover_file_id),
    audioFileId: hexId(doc.audio_file_id),
    duration: doc.duration,
    plays: doc.plays ?? 0,
    createdAt: doc.created_at,
  };
}

export interface NewSong {
  name: string;
  artistId: string;
  albumId: string | null;
  coverFileId: string;
  audioFileId: string;
  duration: number;
}

export type SongPatch = Partial<Pick<NewSong, 'name' | 'coverFileId' | 'audioFileId' | 'duration'>>;

@Injectable()
export class SongsRepository {
  private readonly model: Model<SongDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<SongDocument>('Song', songSchema);
  }

  async create(input: NewSong): Promise<SongRecord> {
    const doc = await this.model.create({
      song_name: input.name,
      artist_id: toObjectId(input.artistId),
      album_id: input.albumId ? toObjectId(input.albumId) : null,
      cover_file_id: toObjectId(input.coverFileId),
      audio_file_id: toObjectId(input.audioFileId),
      duration: input.duration,
    });
    return toRecord(doc.toObject());
  }

  async findById(id: string): Promise<SongRecord | null> {
    const doc = await this.model.findById(toObjectId(id)).lean<SongDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Every song, streamed in batches, for loading the catalog read model (memory stays bounded by the batch). */
  async *all(): AsyncIterable<SongRecord> {
    for await (const doc of this.model.find({}).lean<SongDocument>().cursor({ batchSize: 1000 })) yield toRecord(doc as SongDocument);
  }

  /** Songs for the given ids, in the order asked; ids of deleted songs are skipped. */
  async findByIds(ids: string[]): Promise<SongRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.model.find({ _id: { $in: ids.map(toObjectId) } }).lean<SongDocument[]>();
    const byId = new Map(docs.map((doc) => [hexId(doc._id), toRecord(doc)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Oldest first, keyed by id so pages stay stable while songs are added. */
  async list(page: { limit?: number; afterId?: string }): Promise<SongRecord[]> {
    const filter = page.afterId ? { _id: { $gt: toObjectId(page.afterId) } } : {};
    let query = this.model.find(filter).sort({ _id: 1 });
    if (page.limit) query = query.limit(page.limit);
    return (await query.lean<SongDocument[]>()).map(toRecord);
  }

  async listByAlbum(albumId: string): Promise<SongRecord[]> {
    const docs = await this.model.find({ album_id: toObjectId(albumId) }).sort({ _id: 1 }).lean<SongDocument[]>();
    return docs.map(toRecord);
  }

  async listByArtist(artistId: string): Promise<SongRecord[]> {
    const docs = await this.model.find({ artist_id: toObjectId(artistId) }).sort({ _id: 1 }).lean<SongDocument[]>();
    return docs.map(toRecord);
  }

  async search(text: string, limit: number): Promise<SongRecord[]> {
    const docs = await this.model.find({ song_name: containsPattern(text) }).sort({ _id: 1 }).limit(limit).lean<SongDocument[]>();
    return docs.map(toRecord);
  }

  async update(id: string, patch: SongPatch): Promise<SongRecord | null> {
    const set: Partial<SongDocument> = {};
    if (patch.name !== undefined) set.song_name = patch.name;
    if (patch.coverFileId !== undefined) set.cover_file_id = toObjectId(patch.coverFileId);
    if (patch.audioFileId !== undefined) set.audio_file_id = toObjectId(patch.audioFileId);
    if (patch.duration !== undefined) set.duration = patch.duration;
    await this.model.updateOne({ _id: toObjectId(id) }, { $set: set });
    return this.findById(id);
  }

  /**
   * Applies the patch and answers the record as it was before, so the caller
   * discards exactly the files this write replaced even when two updates race.
   * Null when the song does not exist.
   */
  async updateReturningPrevious(id: string, patch: SongPatch): Promise<SongRecord | null> {
    const set: Partial<SongDocument> = {};
    if (patch.name !== undefined) set.song_name = patch.name;
    if (patch.coverFileId !== undefined) set.cover_file_id = toObjectId(patch.coverFileId);
    if (patch.audioFileId !== undefined) set.audio_file_id = toObjectId(patch.audioFileId);
    if (patch.duration !== undefined) set.duration = patch.duration;
    const previous = await this.model.findOneAndUpdate({ _id: toObjectId(id) }, { $set: set }, { returnDocument: 'before' }).lean<SongDocument>();
    return previous ? toRecord(previous) : null;
  }

  /** Clears the album only if the song is still in that one; false when it was not. */
  async detachFromAlbum(id: string, albumId: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: toObjectId(id), album_id: toObjectId(albumId) }, { $set: { album_id: null } });
    return result.matchedCount > 0;
  }

  /** False when the song is gone (deleted while the caller looked at it). */
  async setAlbum(id: string, albumId: string | null): Promise<boolean> {
    const result = await this.model.updateOne({ _id: toObjectId(id) }, { $set: { album_id: albumId ? toObjectId(albumId) : null } });
    return result.matchedCount > 0;
  }

  /** Detaches every song from an album that is about to go. */
  async clearAlbum(albumId: string): Promise<void> {
    await this.model.updateMany({ album_id: toObjectId(albumId) }, { $set: { album_id: null } });
  }

  async incrementPlays(id: string): Promise<void> {
    await this.model.updateOne({ _id: toObjectId(id) }, { $inc: { plays: 1 } });
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

  /** Every media file a song points at, for the janitor's orphan sweep. */
  async referencedFileIds(): Promise<Set<string>> {
    const docs = await this.model.find({}, { cover_file_id: 1, audio_file_id: 1 }).lean<SongDocument[]>();
    return new Set(docs.flatMap((doc) => [hexId(doc.cover_file_id), hexId(doc.audio_file_id)]));
  }

  async count(): Promise<number> {
    return this.model.countDocuments();
  }
}
