import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { GridFSBucket, MongoClient, type Db, type ObjectId } from 'mongodb';
import { startDatabase, type EmbeddedEngine } from '../database.js';
import { median, table } from './stats.js';

/**
 * GridFS uploads while the media store grows (`npm run bench:engines -- --gridfs`): the driver only, on a fresh
 * embedded engine, with what the API uses (one `GridFSBucket` named `media` for the process, the driver's default
 * 255 KiB chunks; services/api/src/media/gridfs-media.store.ts). The store is grown by uploading 1–5 MiB files
 * through that bucket; at each step a few more uploads are timed on their own, each chunk insert timed through the
 * driver's command monitoring, and one upload is timed while another file of the store is being deleted (GridFS's
 * `deleteMany({files_id})`), since SQLite has one writer and an upload waits for whatever write holds it.
 */

const BUCKET = 'media';
const MiB = 1024 ** 2;
/** The sizes of the timed uploads at every step (MiB): the spread of a song's audio file. */
const PROBE_SIZES = [1, 2, 3, 4, 5];

export interface GridfsStep {
  chunks: number;
  storedMiB: number;
  /** Per timed upload: ms per MiB. */
  msPerMiB: number[];
  /** Every chunk insert of the timed uploads, ms from command start to reply. */
  chunkInsertMs: number[];
  /** The growth uploads since the previous step, ms per MiB. */
  growthMsPerMiB: number[];
  /** One 1 MiB upload started with a delete of another file of the store. */
  duringDelete: { uploadMs: number; deleteMs: number };
  /** Reading back the 5 MiB file just uploaded (the driver's `find({files_id}).sort({n: 1})`), ms. */
  downloadMs: number;
  loadAverage: number[];
}

export interface GridfsResult {
  engine: EmbeddedEngine;
  steps: GridfsStep[];
  /** Set when the time limit stopped the growth before the last step. */
  stoppedEarly?: string;
}

export interface GridfsOptions {
  engine: EmbeddedEngine;
  /** Chunk counts to measure at, ascending. */
  steps: number[];
  /** Stop growing after this long (the steps reached so far are reported). */
  maxMs: number;
  progress: (line: string) => void;
}

function upload(bucket: GridFSBucket, data: Buffer): Promise<ObjectId> {
  return new Promise((resolve, reject) => {
    const stream = bucket.openUploadStream('bench.bin');
    stream.once('finish', () => resolve(stream.id as ObjectId)).once('error', reject);
    // One buffer, as the API's save() pipes it: the driver cuts it into chunks.
    stream.end(data);
  });
}

async function download(bucket: GridFSBucket, id: ObjectId): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of bucket.openDownloadStream(id)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Times chunk inserts through command monitoring: the driver sends one `insert` per chunk. */
function chunkInsertTimer(client: MongoClient) {
  const started = new Map<number, number>();
  let sink: number[] | undefined;
  client.on('commandStarted', (event) => {
    if (sink && event.commandName === 'insert' && event.command.insert === `${BUCKET}.chunks`) started.set(event.requestId, performance.now());
  });
  client.on('commandSucceeded', (event) => {
    const start = started.get(event.requestId);
    if (start === undefined) return;
    started.delete(event.requestId);
    sink?.push(event.duration ?? performance.now() - start);
  });
  return {
    async collect<T>(into: number[], work: () => Promise<T>): Promise<T> {
      sink = into;
      try {
        return await work();
      } finally {
        sink = undefined;
      }
    },
  };
}

async function chunkCount(db: Db): Promise<number> {
  return db.collection(`${BUCKET}.chunks`).estimatedDocumentCount();
}

export async function runGridfsBench({ engine, steps, maxMs, progress }: GridfsOptions): Promise<GridfsResult> {
  const { MONGODB_URI: _ignored, ...env } = process.env;
  const database = await startDatabase({ mode: 'test', engine, durable: true, env, log: (line) => progress(`db: ${line}`) });
  const client = new MongoClient(database.uri, { monitorCommands: true });
  const result: GridfsResult = { engine, steps: [] };
  const started = Date.now();
  try {
    await client.connect();
    const db = client.db();
    const bucket = new GridFSBucket(db, { bucketName: BUCKET });
    const timer = chunkInsertTimer(client);
    // Random bytes: nothing in the path compresses, as with audio.
    const pool = randomBytes(5 * MiB);
    const ids: ObjectId[] = [];
    let chunks = 0;
    let storedBytes = 0;
    let growthIndex = 0;
    for (const target of steps) {
      const growthMsPerMiB: number[] = [];
      while (chunks < target) {
        if (Date.now() - started > maxMs) {
          result.stoppedEarly = `time limit reached at ${chunks} chunks, before the ${target}-chunk step`;
          return result;
        }
        const size = (1 + (growthIndex++ % 5)) * MiB;
        const t0 = performance.now();
        ids.push(await upload(bucket, pool.subarray(0, size)));
        growthMsPerMiB.push((performance.now() - t0) / (size / MiB));
        chunks += Math.ceil(size / (255 * 1024));
        storedBytes += size;
      }
      const msPerMiB: number[] = [];
      const chunkInsertMs: number[] = [];
      for (const sizeMiB of PROBE_SIZES) {
        const t0 = performance.now();
        ids.push(await timer.collect(chunkInsertMs, () => upload(bucket, pool.subarray(0, sizeMiB * MiB))));
        msPerMiB.push((performance.now() - t0) / sizeMiB);
      }
      const readStart = performance.now();
      const read = await download(bucket, ids.at(-1)!);
      const downloadMs = performance.now() - readStart;
      if (!read.equals(pool.subarray(0, PROBE_SIZES.at(-1)! * MiB))) throw new Error('GridFS gave back other bytes than were uploaded');
      // A file from the first half of the store, as a song delete discards an old file.
      const victim = ids.splice(Math.floor(ids.length / 3), 1)[0]!;
      const t0 = performance.now();
      const [uploadMs, deleteMs] = await Promise.all([
        upload(bucket, pool.subarray(0, MiB)).then(() => performance.now() - t0),
        bucket.delete(victim).then(() => performance.now() - t0),
      ]);
      chunks = await chunkCount(db);
      storedBytes += PROBE_SIZES.reduce((sum, size) => sum + size * MiB, 0);
      const step: GridfsStep = {
        chunks,
        storedMiB: Math.round(storedBytes / MiB),
        msPerMiB,
        chunkInsertMs,
        growthMsPerMiB,
        duringDelete: { uploadMs, deleteMs },
        downloadMs,
        loadAverage: loadavg(),
      };
      result.steps.push(step);
      progress(
        `  ${chunks} chunks: ${median(msPerMiB).toFixed(0)} ms per MiB (median of ${msPerMiB.length} uploads), chunk insert median ` +
          `${median(chunkInsertMs).toFixed(1)} ms; upload beside a delete ${uploadMs.toFixed(0)} ms (delete ${deleteMs.toFixed(0)} ms); 5 MiB download ${downloadMs.toFixed(0)} ms`,
      );
    }
    return result;
  } finally {
    await client.close();
    await database.stop();
  }
}

const fixed = (values: number[], digits = 0) => (values.length ? median(values).toFixed(digits) : '-');
const worst = (values: number[], digits = 0) => (values.length ? Math.max(...values).toFixed(digits) : '-');

export function gridfsTable(result: GridfsResult): string {
  const rows = [
    [
      'chunks stored',
      'MiB',
      'upload ms/MiB (median, max of 5)',
      'chunk insert ms (median, max)',
      'growth uploads ms/MiB (median, max)',
      '1 MiB upload beside a delete',
      'the delete',
      '5 MiB download',
      'load average',
    ],
  ];
  for (const step of result.steps) {
    rows.push([
      step.chunks.toLocaleString('en-US'),
      step.storedMiB.toLocaleString('en-US'),
      `${fixed(step.msPerMiB)}, ${worst(step.msPerMiB)}`,
      `${fixed(step.chunkInsertMs, 1)}, ${worst(step.chunkInsertMs, 1)}`,
      `${fixed(step.growthMsPerMiB)}, ${worst(step.growthMsPerMiB)}`,
      `${step.duringDelete.uploadMs.toFixed(0)} ms`,
      `${step.duringDelete.deleteMs.toFixed(0)} ms`,
      `${step.downloadMs.toFixed(0)} ms`,
      step.loadAverage.map((value) => value.toFixed(1)).join(' '),
    ]);
  }
  return [`GridFS uploads as the store grows (${result.engine}, bucket "${BUCKET}", 255 KiB chunks)`, table(rows), result.stoppedEarly ?? ''].join('\n');
}
