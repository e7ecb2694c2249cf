import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Types } from 'mongoose';
import { DocumentRepository } from '../common/document-repository.js';
import { hexId, toObjectId } from '../common/ids.js';
import { playlistRecordOf } from './catalog-documents.js';
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

/** The catalog's mapping, which its MongoDB read adapter shares. */
const toRecord = (doc: PlaylistDocument): PlaylistRecord => playlistRecordOf(doc);

/** Private playlists are only ever read back for their creator: the filter lives here so no caller can forget it. */
function visibleTo(viewerId: string | null) {
  return viewerId ? { $or: [{ private: false }, { creator_id: toObjectId(viewerId) }] } : { private: false };
}

@Injectable()
export class PlaylistsRepository extends DocumentRepository<PlaylistDocument, PlaylistRecord> {
  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    super(connection, 'Playlist', playlistSchema, toRecord);
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

  /** A playlist the viewer may see; a private one of somebody else is reported as missing. */
  async findVisible(id: string, viewerId: string | null): Promise<PlaylistRecord | null> {
    const doc = await this.model.findOne({ $and: [{ _id: toObjectId(id) }, visibleTo(viewerId)] }).lean<PlaylistDocument>();
    return doc ? toRecord(doc) : null;
  }

  async referencedFileIds(): Promise<Set<string>> {
    const docs = await this.model.find({ cover_file_id: { $ne: null } }, { cover_file_id: 1 }).lean<PlaylistDocument[]>();
    return new Set(docs.flatMap((doc) => (doc.cover_file_id ? [hexId(doc.cover_file_id)] : [])));
  }
}
