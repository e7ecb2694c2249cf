import { Inject, Injectable } from '@nestjs/common';
import type { AudioFormat } from '@tunafy/contracts';
import { Schema, type Connection, type Types } from 'mongoose';
import { DocumentRepository } from '../common/document-repository.js';
import { hexId, toObjectId } from '../common/ids.js';
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
  /**
   * Epoch milliseconds, not a Date: the read model holds every song, and a Date costs ~90 bytes of heap where a
   * number costs 16 (75 MB at a million songs).
   */
  createdAt: number;
  /**
   * Set only when known (bulk upload and import), so the many songs made with
   * the mp3-only form carry no extra properties in the in-memory catalog.
   * A missing audioFormat means mp3.
   */
  audioFormat?: AudioFormat;
  disc?: number;
  track?: number;
  year?: number;
  genre?: string;
  /**
   * The credited artists (docs/artists.md), in tag order: set only when the tags named any. A song without is shown
   * as its owner's (`artistId`, SPEC's owning account).
   */
  creditIds?: string[];
}

/** The tag fields a song may carry (bulk upload). */
export type SongTags = Pick<SongRecord, 'audioFormat' | 'disc' | 'track' | 'year' | 'genre' | 'creditIds'>;

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
  audio_format?: AudioFormat | null;
  disc?: number | null;
  track?: number | null;
  year?: number | null;
  genre?: string | null;
  /** Credited artists (`artists`), in tag order. */
  credit_ids?: Types.ObjectId[] | null;
  /** Set once the owner corrected the tags by hand: a rescan of the file leaves the song alone. */
  tags_corrected?: boolean | null;
  /** SHA-256 of the audio bytes (bulk upload); the duplicate check itself is keyed in `song_hashes`. */
  content_hash?: string | null;
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
    audio_format: { type: String, required: false },
    disc: { type: Number, required: false },
    track: { type: Number, required: false },
    year: { type: Number, required: false },
    genre: { type: String, required: false },
    credit_ids: { type: [Schema.Types.ObjectId], required: false, default: undefined },
    tags_corrected: { type: Boolean, required: false },
    content_hash: { type: String, required: false },
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
    createdAt: doc.created_at.getTime(),
    ...tagsOf(doc),
  };
}

function tagsOf(doc: SongDocument): SongTags {
  const tags: SongTags = {};
  if (doc.audio_format) tags.audioFormat = doc.audio_format;
  if (doc.disc != null) tags.disc = doc.disc;
  if (doc.track != null) tags.track = doc.track;
  if (doc.year != null) tags.year = doc.year;
  if (doc.genre != null) tags.genre = doc.genre;
  if (doc.credit_ids?.length) tags.creditIds = doc.credit_ids.map(hexId);
  return tags;
}

export interface NewSong extends Pick<SongRecord, 'name' | 'artistId' | 'albumId' | 'coverFileId' | 'audioFileId' | 'duration'> {
  /** Chosen by the caller when something must point at the song before it exists (the bulk upload's duplicate claim). */
  id?: string;
  tags?: SongTags;
  contentHash?: string;
}

/** `audioFormat` goes with a replaced audio file (the update form's mp3 replacing, say, an imported FLAC). */
export type SongPatch = Partial<Pick<NewSong, 'name' | 'coverFileId' | 'audioFileId' | 'duration' | 'contentHash'> & { audioFormat: AudioFormat }>;

@Injectable()
export class SongsRepository extends DocumentRepository<SongDocument, SongRecord> {
  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    super(connection, 'Song', songSchema, toRecord);
  }

  async create(input: NewSong): Promise<SongRecord> {
    const tags = input.tags ?? {};
    const doc = await this.model.create({
      ...(input.id ? { _id: toObjectId(input.id) } : {}),
      song_name: input.name,
      artist_id: toObjectId(input.artistId),
      album_id: input.albumId ? toObjectId(input.albumId) : null,
      cover_file_id: toObjectId(input.coverFileId),
      audio_file_id: toObjectId(input.audioFileId),
      duration: input.duration,
      ...(tags.audioFormat ? { audio_format: tags.audioFormat } : {}),
      ...(tags.disc != null ? { disc: tags.disc } : {}),
      ...(tags.track != null ? { track: tags.track } : {}),
      ...(tags.year != null ? { year: tags.year } : {}),
      ...(tags.genre != null ? { genre: tags.genre } : {}),
      ...(tags.creditIds?.length ? { credit_ids: tags.creditIds.map(toObjectId) } : {}),
      ...(input.contentHash ? { content_hash: input.contentHash } : {}),
    });
    return toRecord(doc.toObject());
  }

  /** The SHA-256 of the song's audio as stored with it; null for a song made before hashes were kept, or a missing song. */
  async contentHashOf(id: string): Promise<string | null> {
    const doc = await this.model.findById(toObjectId(id), { content_hash: 1 }).lean<Pick<SongDocument, 'content_hash'>>();
    return doc?.content_hash ?? null;
  }

  async listByAlbum(albumId: string): Promise<SongRecord[]> {
    const docs = await this.model.find({ album_id: toObjectId(albumId) }).sort({ _id: 1 }).lean<SongDocument[]>();
    return docs.map(toRecord);
  }

  /**
   * Applies the patch and answers the record as it was before, with the hash its audio had, so the caller
   * discards exactly the files (and releases the hash claim) this write replaced even when two updates race.
   * Null when the song does not exist.
   */
  async updateReturningPrevious(id: string, patch: SongPatch): Promise<{ record: SongRecord; contentHash: string | null } | null> {
    const set: Partial<SongDocument> = {};
    if (patch.name !== undefined) set.song_name = patch.name;
    if (patch.coverFileId !== undefined) set.cover_file_id = toObjectId(patch.coverFileId);
    if (patch.audioFileId !== undefined) set.audio_file_id = toObjectId(patch.audioFileId);
    if (patch.duration !== undefined) set.duration = patch.duration;
    if (patch.audioFormat !== undefined) set.audio_format = patch.audioFormat;
    if (patch.contentHash !== undefined) set.content_hash = patch.contentHash;
    const previous = await this.updateReturningPreviousDoc(id, set);
    return previous ? { record: toRecord(previous), contentHash: previous.content_hash ?? null } : null;
  }

  /**
   * Clears the album only if the song is still in that one; false when it was not. The embedded engine looks the
   * song up by `_id` and checks the album on that one document (tools/ferretdb/_upstream).
   */
  async detachFromAlbum(id: string, albumId: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: toObjectId(id), album_id: toObjectId(albumId) }, { $set: { album_id: null } });
    return result.matchedCount > 0;
  }

  /** False when the song is gone (deleted while the caller looked at it). */
  async setAlbum(id: string, albumId: string | null): Promise<boolean> {
    const result = await this.model.updateOne({ _id: toObjectId(id) }, { $set: { album_id: albumId ? toObjectId(albumId) : null } });
    return result.matchedCount > 0;
  }

  /**
   * Detaches these songs from an album that is about to go, each only if it is still in it. By id, one statement
   * each: an `updateMany({album_id})` reads every song on the embedded engine (seconds at 100,000 songs).
   */
  async detachAllFromAlbum(ids: readonly string[], albumId: string): Promise<void> {
    const album = toObjectId(albumId);
    for (let start = 0; start < ids.length; start += 1000) {
      const batch = ids.slice(start, start + 1000).map((id) => ({ updateOne: { filter: { _id: toObjectId(id), album_id: album }, update: { $set: { album_id: null } } } }));
      // Unordered: a song that left the album meanwhile does not hold up the rest.
      await this.model.collection.bulkWrite(batch, { ordered: false });
    }
  }

  /**
   * Sets the tags an owner corrects (docs/artists.md, "Correcting tags"): a field left out stays, null (or no
   * credits) removes it. The song as it is now, or null when it is gone.
   */
  async setTags(id: string, tags: { creditIds?: readonly string[]; genre?: string | null; year?: number | null }): Promise<SongRecord | null> {
    const set: Record<string, unknown> = { tags_corrected: true };
    const unset: Record<string, ''> = {};
    if (tags.creditIds !== undefined) {
      if (tags.creditIds.length > 0) set.credit_ids = tags.creditIds.map(toObjectId);
      else unset.credit_ids = '';
    }
    if (tags.genre !== undefined) {
      if (tags.genre !== null) set.genre = tags.genre;
      else unset.genre = '';
    }
    if (tags.year !== undefined) {
      if (tags.year !== null) set.year = tags.year;
      else unset.year = '';
    }
    const update = { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) };
    const doc = await this.model.findOneAndUpdate({ _id: toObjectId(id) }, update, { returnDocument: 'after' }).lean<SongDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Whether the owner corrected the song's tags by hand (a rescan leaves such a song alone). */
  async tagsCorrected(id: string): Promise<boolean> {
    const doc = await this.model.findById(toObjectId(id), { tags_corrected: 1 }).lean<Pick<SongDocument, 'tags_corrected'>>();
    return doc?.tags_corrected === true;
  }

  /** Sets the credited artists (a rescan); the song as it is now, or null when it is gone. */
  async setCredits(id: string, creditIds: readonly string[]): Promise<SongRecord | null> {
    const doc = await this.model.findOneAndUpdate({ _id: toObjectId(id) }, { $set: { credit_ids: creditIds.map(toObjectId) } }, { returnDocument: 'after' }).lean<SongDocument>();
    return doc ? toRecord(doc) : null;
  }

  async incrementPlays(id: string): Promise<void> {
    await this.model.updateOne({ _id: toObjectId(id) }, { $inc: { plays: 1 } });
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
