import { performance } from 'node:perf_hooks';
import { GridFSBucket, MongoClient, ObjectId, type Db } from 'mongodb';
import { startDatabase, type RunningDatabase } from '../database.js';
import { parseMongoUri } from '../mongo-uri.js';
import { pidListeningOn } from './process-cpu.js';
import { median } from './stats.js';

/**
 * A fresh test database for a benchmark (the local engine, or a throwaway database on the server MONGODB_URI
 * names), the driver's access to it, and the engine's pid when it runs on this machine (for its CPU and memory).
 * Each is registered with `cleanups` as it is made, so a failure halfway still undoes what was done.
 */
export async function openBenchDatabase(progress: (line: string) => void, cleanups: (() => Promise<unknown>)[]): Promise<{ database: RunningDatabase; db: BenchDatabase; enginePid: number | undefined }> {
  progress('starting a fresh test database ...');
  const database = await startDatabase({ mode: 'test', log: (line) => progress(`db: ${line}`) });
  cleanups.push(() => database.stop());
  const db = await BenchDatabase.connect(database.uri);
  cleanups.push(() => db.close());
  const local = /^(127\.0\.0\.1|localhost|\[::1\]):(\d+)$/.exec(parseMongoUri(database.uri).hosts);
  return { database, db, enginePid: local ? pidListeningOn(Number(local[2])) : undefined };
}

/** Direct driver access to the benchmark's database, for what is cheaper to do behind the API's back. */
export class BenchDatabase {
  private constructor(
    private readonly client: MongoClient,
    readonly db: Db,
  ) {}

  static async connect(uri: string): Promise<BenchDatabase> {
    const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 10_000 });
    return new BenchDatabase(client, client.db());
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /** "MongoDB 8.0.4" or "FerretDB v1.24.2 (MongoDB 7.0.77 protocol)": which server actually answered. */
  async serverDescription(): Promise<string> {
    const info = await this.db.admin().command({ buildInfo: 1 });
    if (typeof info.ferretdbVersion === 'string') {
      // tools/ferretdb embeds FerretDB as a library, which leaves its version string unset.
      const version = info.ferretdbVersion === 'unknown' ? 'embedded build' : info.ferretdbVersion;
      return `FerretDB ${version}, answering as MongoDB ${info.version}`;
    }
    return `MongoDB ${info.version}`;
  }

  /**
   * Copies one song document `copies` times with new ids and names (cheap:
   * one insertMany instead of a thousand uploads; they share the original's
   * files), then bumps the catalog revision so the API's list cache reloads.
   */
  async cloneSong(songId: string, copies: number): Promise<void> {
    const songs = this.db.collection('songs');
    const original = await songs.findOne({ _id: new ObjectId(songId) });
    if (!original) throw new Error(`song ${songId} is not in the songs collection`);
    const width = String(copies).length;
    const docs = Array.from({ length: copies }, (_, index) => ({
      ...original,
      _id: new ObjectId(),
      song_name: `Bench Song ${String(index + 1).padStart(width, '0')}`,
      created_at: new Date(),
    }));
    for (let start = 0; start < docs.length; start += 500) await songs.insertMany(docs.slice(start, start + 500));
    await this.db.collection<{ _id: string; rev: number }>('meta').updateOne({ _id: 'catalog' }, { $inc: { rev: 1 } }, { upsert: true });
  }

  /** Median time of a whole-file and of a from-the-middle GridFS download through the driver, bypassing the API. */
  async timeGridFsReads(fileId: string, length: number, times: number): Promise<{ fullMs: number; rangeMs: number }> {
    const bucket = new GridFSBucket(this.db, { bucketName: 'media' });
    const id = new ObjectId(fileId);
    const read = async (start: number) => {
      const began = performance.now();
      let bytes = 0;
      for await (const chunk of bucket.openDownloadStream(id, { start, end: length })) bytes += (chunk as Buffer).length;
      if (bytes !== length - start) throw new Error(`GridFS read ${bytes} bytes, expected ${length - start}`);
      return performance.now() - began;
    };
    const full: number[] = [];
    const range: number[] = [];
    for (let i = 0; i < times; i++) {
      full.push(await read(0));
      range.push(await read(Math.floor(length / 2)));
    }
    return { fullMs: median(full), rangeMs: median(range) };
  }

  async chunkCount(): Promise<number> {
    return this.db.collection('media.chunks').countDocuments();
  }
}
