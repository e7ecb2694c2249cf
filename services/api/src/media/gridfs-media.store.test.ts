import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { spareChunkCount } from './chunk-buffers.js';
import { GridFsMediaStore } from './gridfs-media.store.js';
import type { MediaUpload } from './media-store.js';
import { noiseBytes } from './test-files.js';

let connection: Connection;
const dirs: string[] = [];

function freshStore(maxCacheBytes?: number, catalogRecheckMs?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'tunafy-store-test-'));
  dirs.push(dir);
  return { store: new GridFsMediaStore(connection, { mediaCacheDir: dir, catalogRecheckMs }, maxCacheBytes), dir };
}

function upload(size: number, kind: MediaUpload['kind'] = 'audio'): MediaUpload {
  const data = noiseBytes(size);
  data.writeUInt32BE(Math.floor(Math.random() * 2 ** 32), 4);
  return { kind, contentType: kind === 'audio' ? 'audio/mpeg' : 'image/png', fileName: 'x', data };
}

beforeAll(async () => {
  connection = await mongoose.createConnection(inject('mongodbUri')).asPromise();
});

afterAll(async () => {
  await connection?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('GridFsMediaStore', () => {
  it('saves into GridFS with its kind and type, and caches the bytes locally', async () => {
    const { store, dir } = freshStore();
    const file = upload(300_000);
    const stored = await store.save(file);
    expect(stored).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), kind: 'audio', contentType: 'audio/mpeg', length: 300_000 });
    const doc = await connection.db!.collection('media.files').findOne({ _id: new mongoose.Types.ObjectId(stored.id) });
    expect(doc).toMatchObject({ length: 300_000, metadata: { kind: 'audio', contentType: 'audio/mpeg' } });
    expect(readdirSync(dir)).toEqual([stored.id]);
  });

  it('streams a spooled upload into GridFS and adopts the spool as the local copy', async () => {
    const { store, dir } = freshStore();
    const spool = await store.stagingPath();
    expect(spool.startsWith(dir)).toBe(true);
    const bytes = upload(700_000).data;
    writeFileSync(spool, bytes);
    const stored = await store.saveFile({ kind: 'audio', contentType: 'audio/flac', fileName: 'a.flac', path: spool, adopt: true });
    expect(stored).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), kind: 'audio', contentType: 'audio/flac', length: 700_000 });
    // A hard link: the spool is still there for its owner (the importer parses it meanwhile), who removes it.
    expect(statSync(join(dir, stored.id))).toMatchObject({ ino: statSync(spool).ino, nlink: 2 });
    rmSync(spool);
    expect(readdirSync(dir)).toEqual([stored.id]);
    const { store: replica } = freshStore();
    const opened = await replica.open(stored.id);
    expect(opened).toMatchObject({ contentType: 'audio/flac', length: 700_000 });
    expect(readFileSync(opened!.path).equals(bytes)).toBe(true);
  });

  it('stores files of any size from disk byte for byte, several at a time, reusing its read buffers', async () => {
    const { store } = freshStore();
    const chunk = 255 * 1024; // the driver's default GridFS chunk, which each read fills
    const sizes = [0, 1, chunk - 1, chunk, chunk + 1, chunk * 3, chunk * 4 + 77_777];
    const folder = mkdtempSync(join(tmpdir(), 'tunafy-store-files-'));
    dirs.push(folder);
    const files = sizes.map((size, index) => {
      const path = join(folder, `${index}.bin`);
      writeFileSync(path, randomBytes(size));
      return path;
    });
    const stored = await Promise.all(files.map((path) => store.saveFile({ kind: 'audio', contentType: 'audio/wav', fileName: 'f.wav', path, adopt: false })));
    expect(stored.map((file) => file.length)).toEqual(sizes);
    expect(spareChunkCount()).toBeGreaterThan(0);
    const { store: replica } = freshStore();
    for (const [index, file] of stored.entries()) {
      const opened = await replica.open(file.id);
      expect(readFileSync(opened!.path).equals(readFileSync(files[index]!))).toBe(true);
      const chunks = await connection.db!.collection('media.chunks').countDocuments({ files_id: new mongoose.Types.ObjectId(file.id) });
      expect(chunks).toBe(Math.ceil(sizes[index]! / chunk));
    }
  });

  it('leaves no chunks behind when the file cannot be read to its end', async () => {
    const { store } = freshStore();
    const before = await connection.db!.collection('media.chunks').countDocuments();
    const filesBefore = await connection.db!.collection('media.files').countDocuments();
    // A directory opens for reading, and its first read fails (EISDIR): a read error after the upload began.
    await expect(store.saveFile({ kind: 'audio', contentType: 'audio/wav', fileName: 'f.wav', path: mkdtempSync(join(tmpdir(), 'tunafy-store-dir-')), adopt: false })).rejects.toThrow(/EISDIR/);
    expect(await connection.db!.collection('media.chunks').countDocuments()).toBe(before);
    expect(await connection.db!.collection('media.files').countDocuments()).toBe(filesBefore);
  });

  it('leaves a file it may not adopt where it is', async () => {
    const { store, dir } = freshStore();
    const outside = join(mkdtempSync(join(tmpdir(), 'tunafy-store-outside-')), 'song.ogg');
    dirs.push(dirname(outside));
    writeFileSync(outside, upload(5000).data);
    const stored = await store.saveFile({ kind: 'audio', contentType: 'audio/ogg', fileName: 'song.ogg', path: outside, adopt: false });
    expect(statSync(outside).size).toBe(5000);
    expect(readdirSync(dir)).toEqual([]);
    expect((await store.open(stored.id))!.length).toBe(5000);
  });

  it('fills an empty cache from GridFS once, however many readers ask at the same time', async () => {
    const file = upload(600_000, 'image');
    const { id } = await freshStore().store.save(file);
    const { store: replica, dir } = freshStore();
    const download = vi.spyOn((replica as unknown as { bucket: mongoose.mongo.GridFSBucket }).bucket, 'openDownloadStream');
    const opened = await Promise.all(Array.from({ length: 5 }, () => replica.open(id)));
    expect(download).toHaveBeenCalledTimes(1);
    for (const media of opened) {
      expect(media).toMatchObject({ id, kind: 'image', contentType: 'image/png', length: 600_000, etag: `"${id}"`, path: join(dir, id) });
      expect(media!.uploadedAt).toBeInstanceOf(Date);
    }
    expect(statSync(join(dir, id)).size).toBe(600_000);
    expect(readdirSync(dir)).toEqual([id]);
  });

  it('answers a known file from memory, without asking the database again', async () => {
    const { store } = freshStore();
    const { id } = await store.save(upload(10_000, 'image'));
    const first = await store.open(id);
    const files = connection.db!.collection('media.files');
    const findOne = vi.spyOn(Object.getPrototypeOf(files) as { findOne: (filter: unknown) => unknown }, 'findOne');
    const lookupsOf = () => findOne.mock.calls.filter((args) => JSON.stringify(args[0]).includes(id)).length;
    try {
      expect(await store.open(id)).toEqual(first);
      expect(lookupsOf()).toBe(0);
      // The spy does see lookups: a replica that has never opened the file asks (for the facts and for the download).
      await freshStore().store.open(id);
      expect(lookupsOf()).toBeGreaterThan(0);
    } finally {
      findOne.mockRestore();
    }
  });

  it('stops serving a file deleted through another replica once it re-reads the media revision', async () => {
    const { store: here } = freshStore(undefined, 200);
    const { store: there } = freshStore(undefined, 200);
    const { id } = await here.save(upload(10_000, 'image'));
    expect(await there.open(id)).not.toBeNull();
    await here.delete(id);
    expect(await here.open(id)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await there.open(id)).toBeNull();
  });

  it('does not remember unknown ids, so a file uploaded through another replica is found at once', async () => {
    const { store: here } = freshStore(undefined, 60_000);
    const { store: there } = freshStore(undefined, 60_000);
    const id = new mongoose.Types.ObjectId().toHexString();
    expect(await here.open(id)).toBeNull();
    await connection.db!.collection('media.files').insertOne({ _id: new mongoose.Types.ObjectId(id), length: 0, chunkSize: 261_120, uploadDate: new Date(), filename: 'x', metadata: { kind: 'image', contentType: 'image/png' } });
    expect(await here.open(id)).toMatchObject({ id, length: 0, contentType: 'image/png' });
    await there.delete(id);
  });

  it('refills a cached copy that was truncated behind its back', async () => {
    const { store, dir } = freshStore();
    const file = upload(10_000);
    const { id } = await store.save(file);
    writeFileSync(join(dir, id), 'broken');
    const media = await store.open(id);
    expect(statSync(media!.path).size).toBe(10_000);
  });

  it('answers null for unknown and malformed ids', async () => {
    const { store } = freshStore();
    expect(await store.open(new mongoose.Types.ObjectId().toHexString())).toBeNull();
    expect(await store.open('nope')).toBeNull();
  });

  it('deletes from GridFS and the cache, and shrugs at unknown ids', async () => {
    const { store, dir } = freshStore();
    const { id } = await store.save(upload(5_000));
    await store.delete(id);
    expect(await store.open(id)).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
    expect(await connection.db!.collection('media.chunks').countDocuments({ files_id: new mongoose.Types.ObjectId(id) })).toBe(0);
    await expect(store.delete(id)).resolves.toBeUndefined();
  });

  it('keeps the cache within its limit, evicting the least recently used copy', async () => {
    const { store, dir } = freshStore(250_000);
    const first = await store.save(upload(100_000));
    const second = await store.save(upload(100_000));
    await store.open(first.id);
    const third = await store.save(upload(100_000));
    expect(readdirSync(dir).sort()).toEqual([first.id, third.id].sort());
    const refetched = await store.open(second.id);
    expect(statSync(refetched!.path).size).toBe(100_000);
  });

  it('lists files uploaded before a date', async () => {
    const { store } = freshStore();
    const { id } = await store.save(upload(1_000));
    expect(await store.idsUploadedBefore(new Date(Date.now() + 60_000))).toContain(id);
    expect(await store.idsUploadedBefore(new Date(Date.now() - 60_000))).not.toContain(id);
  });
});

describe('GridFsMediaStore.deleteHeadlessChunks', () => {
  const { ObjectId } = mongoose.Types;
  const chunks = () => connection.db!.collection('media.chunks');
  /** An id made `secondsAgo` ago, as the upload that made it would have. */
  const idFrom = (secondsAgo: number) =>
    new ObjectId(Math.floor(Date.now() / 1000 - secondsAgo).toString(16).padStart(8, '0') + randomBytes(8).toString('hex'));

  /** What a process killed mid-upload leaves: some chunks, no files document. */
  async function headlessUpload(id: mongoose.Types.ObjectId, parts: number): Promise<void> {
    await chunks().insertMany(Array.from({ length: parts }, (_, n) => ({ files_id: id, n, data: new mongoose.mongo.Binary(noiseBytes(2_000)) })));
  }

  it('removes chunks whose upload never wrote its files document and is older than the cutoff, in batches, and nothing else', async () => {
    const { store } = freshStore();
    const kept = await store.save(upload(600_000));
    // A complete file whose id is as old as the headless ones: it has its document, so it stays.
    const oldComplete = idFrom(3_610);
    const bucket = new mongoose.mongo.GridFSBucket(connection.db!, { bucketName: 'media' });
    const oldBytes = noiseBytes(700_000);
    await new Promise((resolve, reject) => bucket.openUploadStreamWithId(oldComplete, 'old.mp3').once('finish', resolve).once('error', reject).end(oldBytes));
    // More distinct uploads than one batch of the sweep, two chunks each.
    const old = Array.from({ length: 700 }, (_, i) => idFrom(3_600 + i));
    for (let i = 0; i < old.length; i += 100) await Promise.all(old.slice(i, i + 100).map((id) => headlessUpload(id, 2)));
    const young = new ObjectId();
    await headlessUpload(young, 3);

    const scanned = await chunks().countDocuments();
    const started = performance.now();
    const result = await store.deleteHeadlessChunks(new Date(Date.now() - 30 * 60_000));
    // The figure docs/benchmarks.md records: one pass over every chunk plus one indexed delete per headless upload.
    console.info(`headless sweep: ${scanned} chunks read, ${result.uploads} uploads (${result.chunks} chunks) removed in ${(performance.now() - started).toFixed(0)} ms`);

    expect(result.uploads).toBeGreaterThanOrEqual(700);
    expect(result.chunks).toBeGreaterThanOrEqual(1400);
    expect(await chunks().countDocuments({ files_id: { $in: old } })).toBe(0);
    expect(await chunks().countDocuments({ files_id: young })).toBe(3);
    const reread = await store.open(kept.id);
    expect(statSync(reread!.path).size).toBe(600_000);
    const parts: Buffer[] = [];
    for await (const part of bucket.openDownloadStream(oldComplete)) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(oldBytes)).toBe(true);
    // The young upload may still be running; once it is old enough it goes too.
    expect((await store.deleteHeadlessChunks(new Date(Date.now() + 60_000))).chunks).toBeGreaterThanOrEqual(3);
    expect(await chunks().countDocuments({ files_id: young })).toBe(0);
    await store.delete(kept.id);
    await store.delete(oldComplete.toHexString());
  });
});
