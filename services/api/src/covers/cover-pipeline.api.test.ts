import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GridFsMediaStore } from '../media/gridfs-media.store.js';
import { CoverPipeline } from './covers.service.js';
import { CoverPool } from './cover-pool.js';
import { photo } from './cover-test-pictures.js';
import { CoverVariantsRepository } from './cover-variants.repository.js';

// The pipeline over the real engine, on a database of its own (the sweep looks at every set there): what the
// MediaStore listener does on save and delete, and the janitor's sweep of what a crash or a race leaves.

const dir = mkdtempSync(join(tmpdir(), 'tunafy-cover-pipeline-'));
const mongodbUri = inject('mongodbUri').replace(/\/([^/?]*)(\?|$)/u, `/cover-pipeline-${randomBytes(4).toString('hex')}$2`);
let connection: Connection;
let media: GridFsMediaStore;
let covers: GridFsMediaStore;
let pipeline: CoverPipeline;

beforeAll(async () => {
  connection = await mongoose.createConnection(mongodbUri).asPromise();
  media = new GridFsMediaStore(connection, { mediaCacheDir: join(dir, 'media') });
  covers = new GridFsMediaStore(connection, { mediaCacheDir: join(dir, 'covers') }, undefined, 'covers');
  pipeline = new CoverPipeline(media, covers, new CoverVariantsRepository(connection), new CoverPool(), { job: false, onUpload: true, idleMs: 1000, cacheMaxBytes: 64 * 1024 * 1024 });
  pipeline.onModuleInit();
});

afterAll(async () => {
  await pipeline?.beforeApplicationShutdown();
  await connection?.dropDatabase();
  await connection?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sets = () => connection.db!.collection<{ _id: string; variants: { file_id: string }[] }>('cover_variants');
const coverFileIds = async () => (await connection.db!.collection('covers.files').find({}, { projection: { _id: 1 } }).toArray()).map((doc) => String(doc._id)).sort();

async function stored(width: number): Promise<string> {
  const { id } = await media.save({ kind: 'image', contentType: 'image/jpeg', fileName: 'c.jpg', data: await photo('jpeg', width, 300) });
  await pipeline.ensureSet(id);
  return id;
}

describe('CoverPipeline', () => {
  it('derives a stored picture’s set once, and deletes it with the picture', async () => {
    const id = await stored(300);
    const set = await sets().findOne({ _id: id });
    expect(set?.variants).toHaveLength(12);
    expect(await pipeline.ensureSet(id)).toBe('kept');
    // Audio is not a cover.
    const audio = await media.save({ kind: 'audio', contentType: 'audio/mpeg', fileName: 'a.mp3', data: Buffer.from('not really') });
    expect(await pipeline.ensureSet(audio.id)).toBe('gone');
    await media.delete(id);
    expect(await sets().findOne({ _id: id })).toBeNull();
    const left = await coverFileIds();
    for (const variant of set!.variants) expect(left).not.toContain(variant.file_id);
  });

  it('sweeps sets whose original no record references and files no set lists, keeping the rest', async () => {
    const kept = await stored(310);
    const orphaned = await stored(320);
    const stray = await covers.save({ kind: 'image', contentType: 'image/webp', fileName: 'stray.webp', data: await photo('webp', 64, 64) });
    const keptFiles = (await sets().findOne({ _id: kept }))!.variants.map((variant) => variant.file_id);
    // Everything counts as old enough: the cutoff is in the future.
    const removed = await pipeline.sweep((id) => id === kept, new Date(Date.now() + 60_000));
    expect(removed).toBe(12 + 1);
    expect(await sets().findOne({ _id: orphaned })).toBeNull();
    expect(await sets().findOne({ _id: kept })).not.toBeNull();
    expect(await coverFileIds()).toEqual([...keptFiles].sort());
    expect(await coverFileIds()).not.toContain(stray.id);
    // Files younger than the cutoff stay: a set may be on its way.
    const young = await covers.save({ kind: 'image', contentType: 'image/webp', fileName: 'young.webp', data: await photo('webp', 64, 64) });
    expect(await pipeline.sweep(() => true, new Date(Date.now() - 60_000))).toBe(0);
    expect(await coverFileIds()).toContain(young.id);
  });
});
