import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Types } from 'mongoose';
import { artistSortKey } from './artist-sort-key.js';
import { DocumentRepository } from '../common/document-repository.js';
import { hexId, toObjectId } from '../common/ids.js';
import { insertedFirst } from '../database/mongo-errors.js';
import { updateInCommands } from '../database/update-batches.js';
import { DB_CONNECTION } from '../database/tokens.js';

/** A credited artist (docs/artists.md): instance-wide, made from tags, one per artistKey. */
export interface ArtistRecord {
  id: string;
  /** The first spelling stored. */
  name: string;
  /** artistKey(name): what makes two spellings one artist. */
  key: string;
  sortName?: string;
  mbid?: string;
}

interface ArtistDocument {
  _id: Types.ObjectId;
  name: string;
  key: string;
  sort_name?: string | null;
  musicbrainz_id?: string | null;
  /** artistSortKey: the MongoDB read adapter pages the A–Z list by it. Every write sets it; fillMissingSortKeys older ones. */
  sort_key?: string | null;
  created_at: Date;
}

const artistSchema = new Schema<ArtistDocument>(
  {
    name: { type: String, required: true },
    // Unique: two uploads of one artist at once through two replicas still make one record (the second insert loses).
    key: { type: String, required: true, unique: true },
    sort_name: { type: String, required: false },
    musicbrainz_id: { type: String, required: false },
    sort_key: { type: String, required: false },
    created_at: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false, collection: 'artists' },
);

function toRecord(doc: ArtistDocument): ArtistRecord {
  const record: ArtistRecord = { id: hexId(doc._id), name: doc.name, key: doc.key };
  if (doc.sort_name) record.sortName = doc.sort_name;
  if (doc.musicbrainz_id) record.mbid = doc.musicbrainz_id;
  return record;
}

export interface NewArtist {
  id: string;
  name: string;
  key: string;
  sortName?: string;
  mbid?: string;
}

@Injectable()
export class ArtistsRepository extends DocumentRepository<ArtistDocument, ArtistRecord> {
  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    super(connection, 'Artist', artistSchema, toRecord);
  }

  /** False when another writer stored this key first (then findByKey answers theirs). */
  async insertIfNew(artist: NewArtist): Promise<boolean> {
    return insertedFirst(() =>
      this.model.create({
        _id: toObjectId(artist.id),
        name: artist.name,
        key: artist.key,
        sort_key: artistSortKey(artist),
        ...(artist.sortName ? { sort_name: artist.sortName } : {}),
        ...(artist.mbid ? { musicbrainz_id: artist.mbid } : {}),
      }),
    );
  }

  async findByKey(key: string): Promise<ArtistRecord | null> {
    const doc = await this.model.findOne({ key }).lean<ArtistDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Fills a sort name or MusicBrainz id a later file gives for an artist stored without one; never overwrites. */
  async fillIn(id: string, fields: { sortName?: string; mbid?: string }): Promise<void> {
    const set: Partial<ArtistDocument> = {};
    if (fields.sortName) {
      set.sort_name = fields.sortName;
      set.sort_key = artistSortKey({ name: fields.sortName, sortName: fields.sortName });
    }
    if (fields.mbid) set.musicbrainz_id = fields.mbid;
    if (Object.keys(set).length > 0) await this.updateReturningPreviousDoc(id, set);
  }

  /**
   * Gives up to `limit` artists stored without a sort key theirs (stored before it existed, or by a tool): answers how
   * many it found (fewer than `limit`: none are left) and how many it wrote. Each write is conditional on the key still
   * missing, so running it again, or on several replicas at once, writes nothing twice and never overwrites fillIn's.
   */
  async fillMissingSortKeys(limit: number): Promise<{ found: number; written: number }> {
    const missing = await this.model.find({ sort_key: null }, { name: 1, sort_name: 1 }).limit(limit).lean<Pick<ArtistDocument, '_id' | 'name' | 'sort_name'>[]>();
    const writes = missing.map((doc) => ({
      updateOne: { filter: { _id: doc._id, sort_key: null }, update: { $set: { sort_key: artistSortKey({ name: doc.name, ...(doc.sort_name ? { sortName: doc.sort_name } : {}) }) } } },
    }));
    return { found: missing.length, written: (await updateInCommands(this.model, writes)).modified };
  }
}
