import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { deleteByIds } from '../database/delete-by-ids.js';
import { isDuplicateKey } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { updateInCommands } from '../database/update-batches.js';

export interface PlaylistEntryRecord {
  id: string;
  playlistId: string;
  songId: string;
  addedAt: Date;
  /** Its order key in the playlist (fractional indexing, see playlist-order.ts); '' or missing when it has none. */
  position?: string;
}

interface EntryDocument {
  _id: Types.ObjectId;
  playlist_id: Types.ObjectId;
  song_id: Types.ObjectId;
  added_at: Date;
  /** Missing on entries written before playlists could be reordered (and by the seed): they sort first, by id. */
  position?: string;
}

const entrySchema = new Schema<EntryDocument>(
  {
    playlist_id: { type: Schema.Types.ObjectId, required: true },
    song_id: { type: Schema.Types.ObjectId, required: true, index: true },
    added_at: { type: Date, required: true, default: () => new Date() },
    position: { type: String, required: false },
  },
  { versionKey: false, collection: 'playlist_songs' },
);
// A song appears at most once per playlist; adding it again is a no-op.
entrySchema.index({ playlist_id: 1, song_id: 1 }, { unique: true });

function toRecord(doc: EntryDocument): PlaylistEntryRecord {
  return { id: hexId(doc._id), playlistId: hexId(doc.playlist_id), songId: hexId(doc.song_id), addedAt: doc.added_at, position: doc.position ?? '' };
}

@Injectable()
export class PlaylistEntriesRepository {
  private readonly model: Model<EntryDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<EntryDocument>('PlaylistSong', entrySchema);
  }

  /**
   * Idempotent: answers the existing entry when the song is already there (null if a
   * racing delete removed it meanwhile). The
   * insert goes first and the unique index decides: a look-up first would read
   * the whole collection on the embedded engine (it cannot use the index for it).
   */
  async add(playlistId: string, songId: string, position?: string): Promise<PlaylistEntryRecord | null> {
    const key = { playlist_id: toObjectId(playlistId), song_id: toObjectId(songId) };
    try {
      return toRecord((await this.model.create(position ? { ...key, position } : key)).toObject());
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Null when a delete of the playlist or the song took the entry between the insert and this read.
      const existing = await this.model.findOne(key).lean<EntryDocument>();
      return existing ? toRecord(existing) : null;
    }
  }

  async find(playlistId: string, songId: string): Promise<PlaylistEntryRecord | null> {
    const doc = await this.model.findOne({ playlist_id: toObjectId(playlistId), song_id: toObjectId(songId) }).lean<EntryDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Every playlist entry, streamed in batches, for loading the catalog read model (memory stays bounded by the batch). */
  async *all(): AsyncIterable<PlaylistEntryRecord> {
    for await (const doc of this.model.find({}).lean<EntryDocument>().cursor({ batchSize: 2000 })) yield toRecord(doc as EntryDocument);
  }

  /**
   * By playlist and song: for an entry whose id the caller does not know. The embedded engine answers this by reading
   * the whole collection; deleteById is the fast way.
   */
  async remove(playlistId: string, songId: string): Promise<boolean> {
    const result = await this.model.deleteOne({ playlist_id: toObjectId(playlistId), song_id: toObjectId(songId) });
    return result.deletedCount > 0;
  }

  /**
   * Sets entries' positions, one `{_id}` update each in one command (the filter the embedded engine answers with
   * its index); never creates one, so an entry removed meanwhile stays removed. Answers the ids it found.
   */
  async setPositions(places: readonly { id: string; position: string }[]): Promise<number> {
    if (places.length === 1) {
      const [place] = places;
      return (await this.model.collection.updateOne({ _id: toObjectId(place!.id) }, { $set: { position: place!.position } })).matchedCount;
    }
    // Many at once when a first move gives entries that had none their positions.
    const writes = places.map((place) => ({ updateOne: { filter: { _id: toObjectId(place.id) }, update: { $set: { position: place.position } } } }));
    return (await updateInCommands(this.model, writes)).matched;
  }

  /** False when no entry has this id (any more). */
  async deleteById(id: string): Promise<boolean> {
    return (await deleteByIds(this.model, [toObjectId(id)])) > 0;
  }

  async deleteByIds(ids: readonly string[]): Promise<number> {
    return deleteByIds(this.model, ids.map(toObjectId));
  }

  async listByPlaylist(playlistId: string): Promise<PlaylistEntryRecord[]> {
    const docs = await this.model.find({ playlist_id: toObjectId(playlistId) }).sort({ added_at: 1, _id: 1 }).lean<EntryDocument[]>();
    return docs.map(toRecord);
  }

  /** Entries whose playlist or song is gone, left by a crash mid-delete; the janitor removes them. */
  async deleteDangling(existing: { songIds: Set<string>; playlistIds: Set<string> }): Promise<number> {
    const docs = await this.model.find({}, { playlist_id: 1, song_id: 1 }).lean<EntryDocument[]>();
    const dangling = docs.filter((doc) => !existing.songIds.has(hexId(doc.song_id)) || !existing.playlistIds.has(hexId(doc.playlist_id)));
    return deleteByIds(this.model, dangling.map((doc) => doc._id));
  }

  async distinctIds(): Promise<{ songIds: string[]; playlistIds: string[] }> {
    const docs = await this.model.find({}, { playlist_id: 1, song_id: 1 }).lean<EntryDocument[]>();
    return {
      songIds: [...new Set(docs.map((doc) => hexId(doc.song_id)))],
      playlistIds: [...new Set(docs.map((doc) => hexId(doc.playlist_id)))],
    };
  }
}
