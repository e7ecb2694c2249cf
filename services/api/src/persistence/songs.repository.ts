import { Inject, Injectable } from '@nestjs/common';
import type { AudioFormat } from '@tunafy/contracts';
import { Schema, type Connection, type Types } from 'mongoose';
import { DocumentRepository } from '../common/document-repository.js';
import { hexId, toObjectId } from '../common/ids.js';
import { songRecordOf } from './catalog-documents.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { packLoudness, unpackLoudness } from './loudness-values.js';
import { updateInCommands } from '../database/update-batches.js';

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
  /**
   * Track loudness and peak packed in one small integer (loudness/loudness-values.ts), set only once measured or read
   * from ReplayGain tags: the read model holds every song, and an object per song would cost what the table saves.
   */
  loudness?: number;
  /** The album's loudness from this file's ReplayGain album tags, packed likewise; set only when it carried them. */
  albumLoudness?: number;
  /**
   * When the song's lyrics (the `lyrics` collection, docs/lyrics.md) were last stored, epoch ms; absent without lyrics.
   * A time rather than a flag: every replica's lyrics index sees from it that its copy of the text is stale.
   */
  lyricsAt?: number;
}

/** The tag fields a song may carry (bulk upload). */
export type SongTags = Pick<SongRecord, 'audioFormat' | 'disc' | 'track' | 'year' | 'genre' | 'creditIds' | 'loudness' | 'albumLoudness' | 'lyricsAt'>;

/** Where the loudness job stands on one song (songs in id order, see loudnessWork). */
export interface LoudnessWorkItem {
  id: string;
  audioFileId: string;
  duration: number;
  /** Measured, read from tags, or found unmeasurable: nothing left to do. */
  settled: boolean;
}

/** A song's loudness as stored: numbers in dB, readable in the database; the record packs them. */
interface LoudnessDocument {
  track_lufs?: number | null;
  track_peak_db?: number | null;
  album_lufs?: number | null;
  album_peak_db?: number | null;
  /** `ebur128` (measured by ffmpeg) or `replaygain` (the file's tags) for the track's values. */
  source?: string | null;
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
  /** docs/streaming.md, "Loudness"; absent until measured or read from tags. */
  loudness?: LoudnessDocument | null;
  /** Why ffmpeg could not measure the audio: such a song is not tried again until its audio is replaced. */
  loudness_error?: string | null;
  /** When its lyrics were last stored (docs/lyrics.md); absent without lyrics. */
  lyrics_at?: Date | null;
  /** Set when the owner removed the song's lyrics: a rescan does not give it the file's again. */
  lyrics_removed?: boolean | null;
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
    loudness: {
      type: new Schema<LoudnessDocument>({ track_lufs: Number, track_peak_db: Number, album_lufs: Number, album_peak_db: Number, source: String }, { _id: false }),
      required: false,
    },
    loudness_error: { type: String, required: false },
    lyrics_at: { type: Date, required: false },
    lyrics_removed: { type: Boolean, required: false },
  },
  { versionKey: false, collection: 'songs' },
);

/** The catalog's mapping, which its MongoDB read adapter shares (one copy of how a stored song reads). */
function toRecord(doc: SongDocument): SongRecord {
  return songRecordOf(doc, packLoudness);
}

/** Tag loudness as stored (bulk upload, folder import): in dB, from the packed values the inspector read. */
function taggedLoudnessDocument(tags: SongTags): LoudnessDocument | null {
  if (tags.loudness === undefined && tags.albumLoudness === undefined) return null;
  const doc: LoudnessDocument = {};
  if (tags.loudness !== undefined) {
    const { lufs, peakDb } = unpackLoudness(tags.loudness);
    Object.assign(doc, { track_lufs: lufs, track_peak_db: peakDb, source: 'replaygain' });
  }
  if (tags.albumLoudness !== undefined) {
    const { lufs, peakDb } = unpackLoudness(tags.albumLoudness);
    Object.assign(doc, { album_lufs: lufs, album_peak_db: peakDb });
  }
  return doc;
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
    const loudness = taggedLoudnessDocument(tags);
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
      ...(loudness ? { loudness } : {}),
      ...(tags.lyricsAt ? { lyrics_at: new Date(tags.lyricsAt) } : {}),
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
    // New audio has a loudness of its own (measured again, loudness/): the old one's, tags included, goes with it.
    const previous =
      patch.audioFileId !== undefined
        ? await this.model.findOneAndUpdate({ _id: toObjectId(id) }, { $set: set, $unset: { loudness: '', loudness_error: '' } }, { returnDocument: 'before' }).lean<SongDocument>()
        : await this.updateReturningPreviousDoc(id, set);
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
    // A song that left the album meanwhile matches nothing and does not hold up the rest.
    await updateInCommands(this.model, ids.map((id) => ({ updateOne: { filter: { _id: toObjectId(id), album_id: album }, update: { $set: { album_id: null } } } })));
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

  /**
   * Stores ffmpeg's measurement of the song's audio, if the song still has that audio (a replaced file's measurement
   * is dropped). The song as it is now, or null when it is gone or its audio changed.
   */
  async setMeasuredLoudness(id: string, audioFileId: string, lufs: number, peakDb: number): Promise<SongRecord | null> {
    const round = (db: number) => (Number.isFinite(db) ? Math.round(db * 100) / 100 : -100);
    const doc = await this.model
      .findOneAndUpdate(
        { _id: toObjectId(id), audio_file_id: toObjectId(audioFileId) },
        { $set: { 'loudness.track_lufs': round(lufs), 'loudness.track_peak_db': round(peakDb), 'loudness.source': 'ebur128' }, $unset: { loudness_error: '' } },
        { returnDocument: 'after' },
      )
      .lean<SongDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Marks the song's audio as not measurable (ffmpeg could not decode it), so no job tries it again. */
  async setLoudnessError(id: string, audioFileId: string, message: string): Promise<void> {
    await this.model.updateOne({ _id: toObjectId(id), audio_file_id: toObjectId(audioFileId) }, { $set: { loudness_error: message.slice(0, 500) } });
  }

  /**
   * The next songs after `afterId` in id order (the `_id` index: no collection scan on the embedded engine), with
   * whether each still needs measuring. Only the fields that decide it are read.
   */
  async loudnessWork(afterId: string | null, limit: number): Promise<LoudnessWorkItem[]> {
    const filter = afterId ? { _id: { $gt: toObjectId(afterId) } } : {};
    const docs = await this.model
      .find(filter, { audio_file_id: 1, duration: 1, loudness: 1, loudness_error: 1 })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<Pick<SongDocument, '_id' | 'audio_file_id' | 'duration' | 'loudness' | 'loudness_error'>[]>();
    return docs.map((doc) => ({
      id: hexId(doc._id),
      audioFileId: hexId(doc.audio_file_id),
      duration: doc.duration,
      settled: doc.loudness?.track_lufs != null || doc.loudness_error != null,
    }));
  }

  /** Marks when the song's lyrics were stored, or that it has none (null). The song as it is now, or null when it is gone. */
  async setLyricsAt(id: string, at: number | null): Promise<SongRecord | null> {
    // The owner's removal is remembered, and their new lyrics forget it (docs/lyrics.md, "Existing libraries").
    const update = at === null ? { $unset: { lyrics_at: '' }, $set: { lyrics_removed: true } } : { $set: { lyrics_at: new Date(at) }, $unset: { lyrics_removed: '' } };
    const doc = await this.model.findOneAndUpdate({ _id: toObjectId(id) }, update, { returnDocument: 'after' }).lean<SongDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** A rescan's lyrics time: not on a song whose owner removed its lyrics. The song as it is now, or null (gone or removed). */
  async setFileLyricsAt(id: string, at: number): Promise<SongRecord | null> {
    const doc = await this.model.findOneAndUpdate({ _id: toObjectId(id), lyrics_removed: { $ne: true } }, { $set: { lyrics_at: new Date(at) } }, { returnDocument: 'after' }).lean<SongDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Whether the owner removed the song's lyrics (a rescan leaves such a song without). */
  async lyricsRemoved(id: string): Promise<boolean> {
    const doc = await this.model.findById(toObjectId(id), { lyrics_removed: 1 }).lean<Pick<SongDocument, 'lyrics_removed'>>();
    return doc?.lyrics_removed === true;
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
