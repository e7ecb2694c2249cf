import { ObjectId, type Db } from 'mongodb';
import { median } from '../stats.js';
import { LIKES, SMALL, SONGS, type Catalog } from './dataset.js';

/**
 * The query shapes measured on every engine, grouped by what the API pays for them:
 * (a) loading its read model at start, (b) its writes, (c) equality reads on big collections,
 * (d) small collections, and the paging and counting shapes a request path without a read model would use.
 */

export type ShapeGroup = 'a) full read' | 'b) write by _id' | 'c) equality read' | 'd) small collection' | 'e) paging, counting, search';

export interface Shape {
  key: string;
  group: ShapeGroup;
  label: string;
  /** Unmeasured runs first. */
  warmup: number;
  /**
   * On PostgreSQL, 12 warm-up runs instead: pgx prepares every statement and PostgreSQL may switch a prepared
   * statement to a generic plan after 5 executions, which is what a long-running API would get.
   */
  planCache?: boolean;
  /** Full reads report documents per second besides the time. */
  throughput?: boolean;
  /** Changed by an index on the filtered field (the PostgreSQL GIN experiment re-measures only these). */
  indexSensitive: boolean;
  /** Goes through FerretDB's `_id` lookup (the SQLite `_id` index experiment re-measures only these). */
  byId?: boolean;
  /** One execution; resolves with the number of documents it returned or touched. */
  run(db: Db): Promise<number>;
}

export interface Sample {
  key: string;
  runs: number[];
  medianMs: number;
  docs: number;
  docsPerSecond?: number;
  /** CPU ms per run over the timed runs: the engine's processes, and this process (the driver). */
  engineCpuMs?: number;
  clientCpuMs?: number;
}

export interface CpuMeters {
  engine: () => number;
  client: () => number;
}

const PLAN_CACHE_WARMUP = 12;

export function shapes(catalog: Catalog): Shape[] {
  const { probe } = catalog;
  const songs = (db: Db) => db.collection(SONGS);
  const likes = (db: Db) => db.collection(LIKES);
  const middleIndex = Math.floor(catalog.songs.length / 2);
  let deleted = 0;
  let touched = 0;
  const reserved = new Set(catalog.deletable.map((id) => id.toHexString()));
  // (insertOne gives its copies an album of their own: the probed album keeps its size.)
  // Writes walk over distinct rows around the middle, so no run hits a row another run just cached.
  const nextSongId = (): ObjectId => {
    const id = catalog.songs[(middleIndex + 97 * touched++) % catalog.songs.length]!._id;
    return reserved.has(id.toHexString()) ? nextSongId() : id;
  };
  const readAll = async (cursor: AsyncIterable<unknown>) => {
    let count = 0;
    for await (const _ of cursor) count++;
    return count;
  };
  const projection = { song_name: 1, artist_id: 1, album_id: 1, duration: 1, plays: 1, created_at: 1 };

  return [
    { key: 'read-songs-batch1000', group: 'a) full read', label: 'songs: whole collection, batchSize 1000', warmup: 1, throughput: true, indexSensitive: false, run: (db) => readAll(songs(db).find({}, { batchSize: 1_000 })) },
    { key: 'read-songs-projection', group: 'a) full read', label: 'songs: whole collection, batchSize 1000 + projection (6 fields)', warmup: 1, throughput: true, indexSensitive: false, run: (db) => readAll(songs(db).find({}, { batchSize: 1_000, projection })) },
    { key: 'read-songs-default', group: 'a) full read', label: 'songs: whole collection, driver default batches', warmup: 1, throughput: true, indexSensitive: false, run: (db) => readAll(songs(db).find({})) },
    { key: 'read-likes-batch1000', group: 'a) full read', label: 'likes: whole collection, batchSize 1000', warmup: 1, throughput: true, indexSensitive: false, run: (db) => readAll(likes(db).find({}, { batchSize: 1_000 })) },

    { key: 'update-one', byId: true, group: 'b) write by _id', label: 'updateOne({_id}, {$inc: {plays: 1}})', warmup: 2, planCache: true, indexSensitive: true, run: async (db) => (await songs(db).updateOne({ _id: nextSongId() }, { $inc: { plays: 1 } })).modifiedCount },
    { key: 'find-one-and-update', byId: true, group: 'b) write by _id', label: "findOneAndUpdate({_id}, {$set: {song_name}}, {returnDocument: 'after'})", warmup: 2, planCache: true, indexSensitive: true, run: async (db) => ((await songs(db).findOneAndUpdate({ _id: nextSongId() }, { $set: { song_name: `Renamed ${touched}` } }, { returnDocument: 'after' })) ? 1 : 0) },
    {
      key: 'delete-one', byId: true, group: 'b) write by _id', label: 'deleteOne({_id})', warmup: 2, planCache: true, indexSensitive: true,
      run: async (db) => {
        const id = catalog.deletable[deleted++];
        if (!id) throw new Error('ran out of songs reserved for deleteOne');
        return (await songs(db).deleteOne({ _id: id })).deletedCount;
      },
    },
    { key: 'insert-one', byId: true, group: 'b) write by _id', label: 'insertOne(song)', warmup: 3, indexSensitive: true, run: async (db) => ((await songs(db).insertOne({ ...catalog.songs[middleIndex]!, _id: new ObjectId(), album_id: new ObjectId(), song_name: 'Fresh upload' })).acknowledged ? 1 : 0) },

    { key: 'find-one-id', byId: true, group: 'c) equality read', label: 'songs.findOne({_id}) (middle row)', warmup: 2, planCache: true, indexSensitive: true, run: async (db) => ((await songs(db).findOne({ _id: probe.songId })) ? 1 : 0) },
    { key: 'find-album', group: 'c) equality read', label: `songs.find({album_id}).limit(50) (${probe.albumSongs} songs)`, warmup: 2, planCache: true, indexSensitive: true, run: async (db) => (await songs(db).find({ album_id: probe.albumId }).limit(50).toArray()).length },
    { key: 'find-likes-user', group: 'c) equality read', label: 'likes.find({user_id}) (the user with 1,000 likes)', warmup: 2, planCache: true, indexSensitive: true, run: async (db) => (await likes(db).find({ user_id: probe.heavyUserId }).toArray()).length },
    { key: 'find-like-pair', group: 'c) equality read', label: 'likes.findOne({user_id, song_id})', warmup: 2, planCache: true, indexSensitive: true, run: async (db) => ((await likes(db).findOne({ user_id: probe.like.userId, song_id: probe.like.songId })) ? 1 : 0) },

    { key: 'small-find-one', group: 'd) small collection', label: '10-doc collection: findOne({slug})', warmup: 2, planCache: true, indexSensitive: false, run: async (db) => ((await db.collection(SMALL).findOne({ slug: probe.smallSlug })) ? 1 : 0) },
    { key: 'small-find-all', group: 'd) small collection', label: '10-doc collection: find().toArray()', warmup: 3, indexSensitive: false, run: async (db) => (await db.collection(SMALL).find().toArray()).length },

    { key: 'limit-50', group: 'e) paging, counting, search', label: 'songs.find().limit(50) (no sort)', warmup: 3, indexSensitive: false, run: async (db) => (await songs(db).find().limit(50).toArray()).length },
    { key: 'sort-id-limit-50', group: 'e) paging, counting, search', label: 'songs.find().sort({_id: 1}).limit(50)', warmup: 1, indexSensitive: false, run: async (db) => (await songs(db).find().sort({ _id: 1 }).limit(50).toArray()).length },
    { key: 'gt-id-sort-limit-50', group: 'e) paging, counting, search', label: 'songs.find({_id: {$gt: middle}}).sort({_id: 1}).limit(50)', warmup: 1, indexSensitive: false, run: async (db) => (await songs(db).find({ _id: { $gt: probe.songId } }).sort({ _id: 1 }).limit(50).toArray()).length },
    { key: 'count-documents', group: 'e) paging, counting, search', label: 'songs.countDocuments()', warmup: 1, indexSensitive: false, run: (db) => songs(db).countDocuments() },
    { key: 'estimated-count', group: 'e) paging, counting, search', label: 'songs.estimatedDocumentCount()', warmup: 1, indexSensitive: false, run: (db) => songs(db).estimatedDocumentCount() },
    { key: 'regex-name', group: 'e) paging, counting, search', label: `songs.find({song_name: /${probe.word}/i}) (${probe.wordMatches} matches)`, warmup: 1, indexSensitive: false, run: async (db) => (await songs(db).find({ song_name: new RegExp(probe.word, 'i') }).toArray()).length },
  ];
}

/** Warm-up runs, then `runs` timed runs one after another; the median is what the tables show. */
export async function measure(db: Db, shape: Shape, runs: number, postgresql: boolean, cpu?: CpuMeters): Promise<Sample> {
  const warmup = postgresql && shape.planCache ? PLAN_CACHE_WARMUP : shape.warmup;
  for (let i = 0; i < warmup; i++) await shape.run(db);
  const times: number[] = [];
  let docs = 0;
  const engineBefore = cpu?.engine();
  const clientBefore = cpu?.client();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    docs = await shape.run(db);
    times.push(performance.now() - t0);
  }
  const medianMs = median(times);
  return {
    key: shape.key,
    runs: times,
    medianMs,
    docs,
    docsPerSecond: shape.throughput ? docs / (medianMs / 1000) : undefined,
    engineCpuMs: cpu && engineBefore !== undefined ? (cpu.engine() - engineBefore) / runs : undefined,
    clientCpuMs: cpu && clientBefore !== undefined ? (cpu.client() - clientBefore) / runs : undefined,
  };
}
