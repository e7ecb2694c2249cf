import { Inject, Injectable } from '@nestjs/common';
import type { LyricsLine, LyricsSource } from '@tunafy/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { deleteByIds } from '../database/delete-by-ids.js';
import { isDuplicateKey } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

export interface LyricsRecord {
  songId: string;
  synced: LyricsLine[] | null;
  plain: string | null;
  source: LyricsSource;
  lang: string | null;
  /** Epoch ms; the song's `lyricsAt` holds the same time. */
  updatedAt: number;
}

/**
 * One document per song, `_id` the song's id: the one filter the embedded engine answers from its index
 * (docs/lists-at-scale.md). Timed lines as `{t, x}` (milliseconds, text): short keys, since 2,000 of them are decoded
 * per read; not `[t, x]` pairs, which the embedded engine refuses (no nested arrays).
 */
interface LyricsDocument {
  _id: Types.ObjectId;
  synced: { t: number; x: string }[] | null;
  plain: string | null;
  source: LyricsSource;
  lang: string | null;
  updated_at: Date;
}

const lyricsSchema = new Schema<LyricsDocument>(
  {
    synced: { type: Schema.Types.Mixed, default: null },
    plain: { type: String, default: null },
    source: { type: String, required: true },
    lang: { type: String, default: null },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'lyrics' },
);

/** The stored document's fields (all but `_id`, the song's id), as a whole replacement writes them. */
function storedLyrics(record: LyricsRecord): Omit<LyricsDocument, '_id'> {
  return {
    synced: record.synced ? record.synced.map((line) => ({ t: line.start_ms, x: line.text })) : null,
    plain: record.plain,
    source: record.source,
    lang: record.lang,
    updated_at: new Date(record.updatedAt),
  };
}

function toRecord(doc: LyricsDocument): LyricsRecord {
  return {
    songId: hexId(doc._id),
    synced: doc.synced ? doc.synced.map((line) => ({ start_ms: line.t, text: line.x })) : null,
    plain: doc.plain ?? null,
    source: doc.source,
    lang: doc.lang ?? null,
    updatedAt: doc.updated_at.getTime(),
  };
}

@Injectable()
export class LyricsRepository {
  private readonly model: Model<LyricsDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<LyricsDocument>('Lyrics', lyricsSchema);
  }

  async find(songId: string): Promise<LyricsRecord | null> {
    const doc = await this.model.findById(toObjectId(songId)).lean<LyricsDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Replaces the song's lyrics whole (by `_id`, so a retry writes the same document again). */
  async put(record: LyricsRecord): Promise<void> {
    await this.model.replaceOne(
      { _id: toObjectId(record.songId) },
      storedLyrics(record),
      { upsert: true },
    );
  }

  /**
   * Stores lyrics read from the file unless its owner's or an `.lrc`'s are there (docs/lyrics.md's precedence): the
   * filter matches no such document, so the upsert's insert collides on the `_id` (decision 0007) and nothing is
   * written, even when the owner's edit comes from another process at the same moment. True when written.
   */
  async putUnlessOwned(record: LyricsRecord): Promise<boolean> {
    try {
      await this.model.replaceOne(
        { _id: toObjectId(record.songId), source: { $nin: ['user', 'lrc'] } },
        storedLyrics(record),
        { upsert: true },
      );
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async delete(songId: string): Promise<void> {
    await this.model.deleteOne({ _id: toObjectId(songId) });
  }

  /** Deletes the song's lyrics if they are still the ones read from its file (a rescan undoing its own write). */
  async deleteFromFile(songId: string): Promise<void> {
    await this.model.deleteOne({ _id: toObjectId(songId), source: 'embedded' });
  }

  /**
   * Songs whose lyrics were stored before `cutoff` (the janitor's orphan sweep, daily-ish: it reads the collection). A
   * younger document may belong to an import that has stored the lyrics and not yet its song.
   */
  async songIdsStoredBefore(cutoff: Date): Promise<string[]> {
    const docs = await this.model.find({ updated_at: { $lt: cutoff } }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
    return docs.map((doc) => hexId(doc._id));
  }

  /** Deletes these songs' lyrics by `_id` (the engine's indexed path); answers how many went. */
  async deleteMany(songIds: readonly string[]): Promise<number> {
    return deleteByIds(this.model, songIds.map(toObjectId));
  }

  /** Every song's lyrics, streamed, for building the search index once per process. */
  async *all(): AsyncIterable<LyricsRecord> {
    for await (const doc of this.model.find({}).lean<LyricsDocument>().cursor({ batchSize: 500 })) yield toRecord(doc as LyricsDocument);
  }
}
