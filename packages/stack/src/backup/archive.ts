import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { BSON, Binary, GridFSBucket, ObjectId, type Db, type Document } from 'mongodb';
import tar from 'tar-stream';

/**
 * The backup archive of `npm run backup` / `npm run restore` (deploy/README.md, "Backup and restore"): a plain tar,
 * readable with `tar -tf`, written and read as a stream so memory stays bounded whatever the size of the media:
 *
 *   collections/<name>.bson   every document of a collection, as the engine's own BSON bytes, one after another
 *                             (`bsondump` reads them); `media.files` is one of them, `media.chunks` is not
 *   media/<file id>           the bytes of every GridFS file, whole (an operator can take a song out with tar)
 *   media/SHA256SUMS          `sha256sum -c` format, one line per media file
 *   manifest.json             last (its figures are known only at the end): per collection its count, size, SHA-256
 *                             and indexes, the media count and size, the SHA-256 of SHA256SUMS, the catalog revision
 *
 * GridFS chunks are not stored as documents: restore cuts each file again into chunks of its `chunkSize`, so a
 * restored database has the same files with new chunk `_id`s, and never the chunks a crashed upload left behind.
 */

export const BACKUP_FORMAT = 'tunafy-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
const SUMS = 'media/SHA256SUMS';
const BUCKET = 'media';
const FILES = `${BUCKET}.files`;
const CHUNKS = `${BUCKET}.chunks`;
/** Key of the catalog revision in `meta` (services/api/src/catalog/change-feed.ts, CATALOG_REVISION_KEY). */
const CATALOG_REVISION_KEY = 'catalog';
/** Documents per insert on restore: at most this many, and at most INSERT_BYTES of them, are held at once. */
const INSERT_DOCS = 500;
const INSERT_BYTES = 8 * 1024 * 1024;

export interface CollectionManifest {
  name: string;
  count: number;
  bytes: number;
  sha256: string;
  /** Index definitions other than `_id_`, as listIndexes answers them. */
  indexes: Document[];
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  database: string;
  /**
   * `meta.catalog.rev` when the backup started and when it ended. Different values mean the API wrote during the
   * backup: each collection is then a snapshot of its own moment, not of one moment for all (see deploy/README.md).
   */
  catalogRevision: { atStart: number; atEnd: number };
  collections: CollectionManifest[];
  media: { count: number; bytes: number; sumsSha256: string; chunkIndexes: Document[] };
}

export class BackupError extends Error {}

/** Collections a backup holds: everything but the engine's own and GridFS's chunks (stored as whole files). */
async function collectionNames(db: Db): Promise<string[]> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name);
  return names.filter((name) => !name.startsWith('system.') && name !== CHUNKS).sort();
}

async function indexesOf(db: Db, name: string): Promise<Document[]> {
  const indexes = await db.collection(name).listIndexes().toArray().catch(() => [] as Document[]);
  return indexes.filter((index) => index.name !== '_id_').map(({ v: _v, ns: _ns, ...index }) => index);
}

async function catalogRevision(db: Db): Promise<number> {
  const doc = await db.collection<{ _id: string; rev?: number }>('meta').findOne({ _id: CATALOG_REVISION_KEY });
  return typeof doc?.rev === 'number' ? doc.rev : 0;
}

/** Adds a file on disk as one entry; tar needs each entry's size before its bytes. */
async function addFileEntry(pack: tar.Pack, name: string, path: string): Promise<void> {
  const { size } = await stat(path);
  const entry = pack.entry({ name, size });
  await pipeline(createReadStream(path), entry);
}

async function writeAll(out: Writable, data: Buffer | string): Promise<void> {
  if (!out.write(data)) await new Promise<void>((resolve, reject) => {
    out.once('drain', resolve);
    out.once('error', reject);
  });
}

/**
 * Writes the whole database to `output` as a backup archive and answers its manifest. Collections are spooled to a
 * temporary file one at a time (tar needs sizes up front), media files stream straight from GridFS.
 */
export async function writeBackup(db: Db, output: Writable, log: (line: string) => void = () => undefined): Promise<BackupManifest> {
  const pack = tar.pack();
  const written = pipeline(pack, output);
  const spoolDir = await mkdtemp(join(tmpdir(), 'tunafy-backup-'));
  try {
    const atStart = await catalogRevision(db);
    const collections: CollectionManifest[] = [];
    const filesSpool = join(spoolDir, 'files.bson');
    for (const name of await collectionNames(db)) {
      // media.files stays on disk: the media files below are exactly the documents archived here.
      const spool = name === FILES ? filesSpool : join(spoolDir, 'collection.bson');
      const out = createWriteStream(spool);
      const hash = createHash('sha256');
      let count = 0;
      let bytes = 0;
      // raw: the documents' BSON exactly as stored, so types (int vs double, dates, binaries) survive untouched.
      for await (const raw of db.collection(name).find({}, { raw: true, batchSize: 200 }) as AsyncIterable<unknown>) {
        const data = Buffer.from(raw as Uint8Array);
        hash.update(data);
        count += 1;
        bytes += data.length;
        await writeAll(out, data);
      }
      out.end();
      await finished(out);
      await addFileEntry(pack, `collections/${name}.bson`, spool);
      collections.push({ name, count, bytes, sha256: hash.digest('hex'), indexes: await indexesOf(db, name) });
      log(`${name}: ${count} documents`);
    }

    // The files are the documents of media.files as archived above (read back from that copy), so every media
    // entry has its document and the other way round, even when files are uploaded during the backup.
    const bucket = new GridFSBucket(db, { bucketName: BUCKET });
    const sumsPath = join(spoolDir, 'SHA256SUMS');
    const sums = createWriteStream(sumsPath);
    let mediaCount = 0;
    let mediaBytes = 0;
    if (collections.some((collection) => collection.name === FILES)) {
      for await (const doc of readBsonDocuments(createReadStream(filesSpool))) {
        const file = BSON.deserialize(doc) as { _id: ObjectId; length: number };
        const id = String(file._id);
        const hash = createHash('sha256');
        const entry = pack.entry({ name: `media/${id}`, size: file.length });
        try {
          await pipeline(
            bucket.openDownloadStream(file._id),
            new Transform({
              transform(chunk: Buffer, _encoding, callback) {
                hash.update(chunk);
                callback(null, chunk);
              },
            }),
            entry,
          );
        } catch (error) {
          throw new BackupError(`media file ${id} could not be read whole (${(error as Error).message}); was it deleted during the backup? Stop the API and run the backup again.`);
        }
        await writeAll(sums, `${hash.digest('hex')}  media/${id}\n`);
        mediaCount += 1;
        mediaBytes += file.length;
      }
    }
    sums.end();
    await finished(sums);
    const sumsSha256 = createHash('sha256');
    for await (const part of createReadStream(sumsPath)) sumsSha256.update(part as Buffer);
    await addFileEntry(pack, SUMS, sumsPath);
    log(`media: ${mediaCount} files, ${mediaBytes} bytes`);

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: db.databaseName,
      catalogRevision: { atStart, atEnd: await catalogRevision(db) },
      collections,
      media: { count: mediaCount, bytes: mediaBytes, sumsSha256: sumsSha256.digest('hex'), chunkIndexes: await indexesOf(db, CHUNKS) },
    };
    pack.entry({ name: MANIFEST }, `${JSON.stringify(manifest, null, 2)}\n`);
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
}

/** Splits a stream of concatenated BSON documents into documents (each starts with its int32 little-endian length). */
export async function* readBsonDocuments(input: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const part of input) {
    pending = pending.length === 0 ? (part as Buffer) : Buffer.concat([pending, part as Buffer]);
    while (pending.length >= 4) {
      const size = pending.readInt32LE(0);
      if (size < 5) throw new BackupError('the archive holds a malformed BSON document');
      if (pending.length < size) break;
      yield pending.subarray(0, size);
      pending = pending.subarray(size);
    }
  }
  if (pending.length > 0) throw new BackupError('the archive ends inside a BSON document');
}

/** Calls `onEntry` for each entry of the archive in order; the entry's stream must be read to the end. */
async function eachEntry(path: string, onEntry: (name: string, stream: AsyncIterable<unknown> & { resume(): unknown }) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(path), extract);
  try {
    for await (const entry of extract) {
      await onEntry(entry.header.name, entry);
      entry.resume();
    }
  } catch (error) {
    extract.destroy();
    await reading.catch(() => undefined);
    throw error;
  }
  await reading;
}

/**
 * Reads the whole archive once and checks it against its manifest: every collection's count, size and SHA-256,
 * every media file against SHA256SUMS and SHA256SUMS against the manifest. Nothing is written; answers the manifest.
 * Memory: the checksums of the media files (one line each), not their bytes.
 */
export async function verifyBackup(path: string): Promise<BackupManifest> {
  const seen = new Map<string, { sha256: string; count: number; bytes: number }>();
  let manifest: BackupManifest | null = null;
  let sums = '';
  const reading = eachEntry(path, async (name, stream) => {
    if (name === MANIFEST || name === SUMS) {
      let text = '';
      for await (const part of stream) text += (part as Buffer).toString('utf8');
      if (name === MANIFEST) {
        try {
          manifest = JSON.parse(text) as BackupManifest;
        } catch {
          throw new BackupError('manifest.json is not valid JSON');
        }
      } else {
        sums = text;
      }
      seen.set(name, { sha256: createHash('sha256').update(text, 'utf8').digest('hex'), count: 0, bytes: Buffer.byteLength(text) });
      return;
    }
    const hash = createHash('sha256');
    let count = 0;
    let bytes = 0;
    if (name.startsWith('collections/')) {
      for await (const doc of readBsonDocuments(stream)) {
        hash.update(doc);
        count += 1;
        bytes += doc.length;
      }
    } else {
      for await (const part of stream) {
        hash.update(part as Buffer);
        bytes += (part as Buffer).length;
      }
    }
    seen.set(name, { sha256: hash.digest('hex'), count, bytes });
  });
  await reading.catch((error: Error) => {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${path} is not a readable tar archive, or it is cut short (${error.message})`);
  });

  const found = manifest as BackupManifest | null;
  if (!found) throw new BackupError(`${path} has no ${MANIFEST}: not a complete Tunafy backup (was the backup interrupted?)`);
  if (found.format !== BACKUP_FORMAT || found.version !== BACKUP_VERSION) {
    throw new BackupError(`${path} is not a Tunafy backup of version ${BACKUP_VERSION} (format ${String(found.format)}, version ${String(found.version)})`);
  }
  for (const collection of found.collections) {
    const entry = seen.get(`collections/${collection.name}.bson`);
    if (!entry) throw new BackupError(`collection ${collection.name} is in the manifest but not in the archive`);
    if (entry.count !== collection.count || entry.bytes !== collection.bytes || entry.sha256 !== collection.sha256) {
      throw new BackupError(
        `collection ${collection.name} does not match the manifest (${entry.count} documents, sha256 ${entry.sha256}; manifest: ${collection.count}, ${collection.sha256})`,
      );
    }
  }
  if (seen.get(SUMS)?.sha256 !== found.media.sumsSha256) throw new BackupError(`${SUMS} does not match the manifest`);
  const listed = sums.split('\n').filter(Boolean);
  if (listed.length !== found.media.count) throw new BackupError(`${SUMS} lists ${listed.length} files, the manifest ${found.media.count}`);
  for (const line of listed) {
    const [sha256, name] = line.split('  ');
    const entry = seen.get(name!);
    if (!entry) throw new BackupError(`${name} is listed in ${SUMS} but missing from the archive`);
    if (entry.sha256 !== sha256) throw new BackupError(`${name} is damaged: its SHA-256 is ${entry.sha256}, ${SUMS} says ${sha256}`);
  }
  const entries = [...seen.keys()];
  const unexpected = entries.filter(
    (name) => name !== MANIFEST && name !== SUMS && !found.collections.some((collection) => name === `collections/${collection.name}.bson`) && !name.startsWith('media/'),
  );
  if (unexpected.length > 0) throw new BackupError(`the archive holds entries the manifest does not know: ${unexpected.slice(0, 5).join(', ')}`);
  if (entries.filter((name) => name.startsWith('media/') && name !== SUMS).length !== found.media.count) {
    throw new BackupError(`the archive holds media files ${SUMS} does not list`);
  }
  return found;
}

export interface RestoreOptions {
  /** Replace a database that already holds data (everything in it is dropped first). */
  force?: boolean;
  log?: (line: string) => void;
}

/** Collections holding at least one document, with their counts; the engine's own are left out. */
export async function nonEmptyCollections(db: Db): Promise<{ name: string; count: number }[]> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name).filter((name) => !name.startsWith('system.'));
  // The collection's own count (metadata on MongoDB): counting documents would read all of media.chunks on the embedded engine.
  const counts = await Promise.all(names.sort().map(async (name) => ({ name, count: await db.collection(name).estimatedDocumentCount() })));
  return counts.filter((entry) => entry.count > 0);
}

/**
 * Verifies the archive, then writes it into `db`: indexes first, every collection, then every media file cut into
 * chunks again. Refuses a database that holds data unless `force`. At the end every revision counter in `meta` is
 * raised past both the restored and the replaced value and a `reload` change is logged, so API replicas that were
 * running rebuild their catalog, session and media caches from the restored data (the protocol of
 * services/api/src/catalog/change-feed.ts: a revision they have not seen, whose change is a full reload).
 */
export async function restoreBackup(db: Db, path: string, options: RestoreOptions = {}): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined);
  const manifest = await verifyBackup(path);
  log(`verified ${path}: ${manifest.collections.length} collections, ${manifest.media.count} media files, catalog revision ${manifest.catalogRevision.atEnd}`);

  const existing = await nonEmptyCollections(db);
  if (existing.length > 0 && !options.force) {
    const listed = existing.map((entry) => `${entry.name} ${entry.count}`).join(', ');
    throw new BackupError(
      `The database ${db.databaseName} is not empty (${listed}). Restoring replaces everything in it: stop the API and run the restore again with --force, or restore into an empty database.`,
    );
  }
  const replacedRevisions = new Map<string, number>();
  for (const doc of await db.collection<{ _id: string; rev?: unknown }>('meta').find({}).toArray().catch(() => [])) {
    if (typeof doc.rev === 'number') replacedRevisions.set(String(doc._id), doc.rev);
  }
  if (options.force) {
    for (const info of await db.listCollections({}, { nameOnly: true }).toArray()) {
      if (!info.name.startsWith('system.')) await db.collection(info.name).drop();
    }
  }

  for (const collection of manifest.collections) {
    await db.createCollection(collection.name).catch(() => undefined);
    if (collection.indexes.length > 0) await db.collection(collection.name).createIndexes(collection.indexes as never);
  }
  await db.createCollection(CHUNKS).catch(() => undefined);
  if (manifest.media.chunkIndexes.length > 0) await db.collection(CHUNKS).createIndexes(manifest.media.chunkIndexes as never);

  const files = db.collection<{ _id: ObjectId; chunkSize: number }>(FILES);
  const chunks = db.collection(CHUNKS);
  await eachEntry(path, async (name, stream) => {
    if (name.startsWith('collections/')) {
      const collection = db.collection(name.slice('collections/'.length, -'.bson'.length));
      let batch: Document[] = [];
      let batchBytes = 0;
      for await (const raw of readBsonDocuments(stream)) {
        // promoteValues off: Int32, Double and Long stay what they were, so the documents are written back bit for bit.
        batch.push(BSON.deserialize(raw, { promoteValues: false, promoteBuffers: false }));
        batchBytes += raw.length;
        if (batch.length >= INSERT_DOCS || batchBytes >= INSERT_BYTES) {
          await collection.insertMany(batch, { ordered: true });
          batch = [];
          batchBytes = 0;
        }
      }
      if (batch.length > 0) await collection.insertMany(batch, { ordered: true });
      return;
    }
    if (name.startsWith('media/') && name !== SUMS) {
      // The files document is already there (collections come first in the archive), so the janitor never takes
      // these chunks for a crashed upload's.
      const id = new ObjectId(name.slice('media/'.length));
      const file = await files.findOne({ _id: id });
      if (!file) throw new BackupError(`${name} has no document in media.files`);
      let n = 0;
      let pending: Buffer = Buffer.alloc(0);
      for await (const part of stream) {
        pending = pending.length === 0 ? (part as Buffer) : Buffer.concat([pending, part as Buffer]);
        while (pending.length >= file.chunkSize) {
          await chunks.insertOne({ files_id: id, n: n++, data: new Binary(pending.subarray(0, file.chunkSize)) });
          pending = pending.subarray(file.chunkSize);
        }
      }
      if (pending.length > 0) await chunks.insertOne({ files_id: id, n: n++, data: new Binary(pending) });
    }
  });
  log(`restored ${manifest.collections.reduce((sum, collection) => sum + collection.count, 0)} documents and ${manifest.media.count} media files`);

  const meta = db.collection<{ _id: string; rev?: unknown }>('meta');
  for (const doc of await meta.find({}).toArray()) {
    if (typeof doc.rev !== 'number') continue;
    replacedRevisions.set(doc._id, Math.max(doc.rev, replacedRevisions.get(doc._id) ?? 0));
  }
  replacedRevisions.set(CATALOG_REVISION_KEY, replacedRevisions.get(CATALOG_REVISION_KEY) ?? 0);
  for (const [key, revision] of replacedRevisions) {
    let next = revision + 1;
    if (key === CATALOG_REVISION_KEY) {
      // A writer that died between logging a change and raising the counter leaves the log one ahead: take the next free number.
      for (;;) {
        try {
          await db.collection('catalog_changes').insertOne({ _id: next as never, at: new Date(), changes: [{ kind: 'reload' }] });
          break;
        } catch (error) {
          if ((error as { code?: number }).code !== 11000) throw error;
          next += 1;
        }
      }
    }
    await meta.updateOne({ _id: key }, { $max: { rev: next } }, { upsert: true });
  }
  return manifest;
}
