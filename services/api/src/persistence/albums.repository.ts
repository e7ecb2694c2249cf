import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Types } from 'mongoose';
import { DocumentRepository } from '../common/document-repository.js';
import { hexId, toObjectId } from '../common/ids.js';
import { albumRecordOf } from './catalog-documents.js';
import { DB_CONNECTION } from '../database/tokens.js';

export interface AlbumRecord {
  id: string;
  name: string;
  artistId: string;
  coverFileId: string;
  createdAt: Date;
  /** The credited album artist (docs/artists.md); set only for albums made from tags. */
  albumArtistId?: string;
}

interface AlbumDocument {
  _id: Types.ObjectId;
  album_name: string;
  artist_id: Types.ObjectId;
  cover_file_id: Types.ObjectId;
  created_at: Date;
  album_artist_id?: Types.ObjectId | null;
}

const albumSchema = new Schema<AlbumDocument>(
  {
    album_name: { type: String, required: true },
    artist_id: { type: Schema.Types.ObjectId, required: true, index: true },
    cover_file_id: { type: Schema.Types.ObjectId, required: true },
    created_at: { type: Date, required: true, default: () => new Date() },
    album_artist_id: { type: Schema.Types.ObjectId, required: false },
  },
  { versionKey: false, collection: 'albums' },
);

/** The catalog's mapping, which its MongoDB read adapter shares. */
const toRecord = (doc: AlbumDocument): AlbumRecord => albumRecordOf(doc);

@Injectable()
export class AlbumsRepository extends DocumentRepository<AlbumDocument, AlbumRecord> {
  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    super(connection, 'Album', albumSchema, toRecord);
  }

  /** `id` is chosen by the caller when a claim must name the album before it exists (bulk upload). */
  async create(input: { name: string; artistId: string; coverFileId: string; id?: string; albumArtistId?: string }): Promise<AlbumRecord> {
    const doc = await this.model.create({
      ...(input.id ? { _id: toObjectId(input.id) } : {}),
      album_name: input.name,
      artist_id: toObjectId(input.artistId),
      cover_file_id: toObjectId(input.coverFileId),
      ...(input.albumArtistId ? { album_artist_id: toObjectId(input.albumArtistId) } : {}),
    });
    return toRecord(doc.toObject());
  }

  /** Applies the patch and answers the record as it was before (see SongsRepository.updateReturningPrevious). */
  async updateReturningPrevious(id: string, patch: { name?: string; coverFileId?: string; albumArtistId?: string }): Promise<AlbumRecord | null> {
    const set: Partial<AlbumDocument> = {};
    if (patch.albumArtistId !== undefined) set.album_artist_id = toObjectId(patch.albumArtistId);
    if (patch.name !== undefined) set.album_name = patch.name;
    if (patch.coverFileId !== undefined) set.cover_file_id = toObjectId(patch.coverFileId);
    const previous = await this.updateReturningPreviousDoc(id, set);
    return previous ? toRecord(previous) : null;
  }

  /** Sets or (null) removes the credited album artist; the album as it is now, or null when it is gone. */
  async setAlbumArtist(id: string, albumArtistId: string | null): Promise<AlbumRecord | null> {
    const update = albumArtistId ? { $set: { album_artist_id: toObjectId(albumArtistId) } } : { $unset: { album_artist_id: '' as const } };
    const doc = await this.model.findOneAndUpdate({ _id: toObjectId(id) }, update, { returnDocument: 'after' }).lean<AlbumDocument>();
    return doc ? toRecord(doc) : null;
  }

  async referencedFileIds(): Promise<Set<string>> {
    const docs = await this.model.find({}, { cover_file_id: 1 }).lean<AlbumDocument[]>();
    return new Set(docs.map((doc) => hexId(doc.cover_file_id)));
  }
}
