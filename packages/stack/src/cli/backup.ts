/**
 * `npm run backup -- <file>`: writes the whole database (every collection and every GridFS file) to a tar archive
 * with a manifest of counts and SHA-256 checksums (packages/stack/src/backup/archive.ts). The database is the one
 * `npm start` and `npm run seed` use: MONGODB_URI when set, else the development engine serving `.data/` (an engine
 * `npm start` is running is reused, not started twice). Writes go to `<file>.part` first, renamed once complete, so
 * an interrupted backup never looks like a finished one.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MongoClient } from 'mongodb';
import { writeBackup } from '../backup/archive.js';
import { startDatabase } from '../database.js';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('usage: npm run backup -- <file.tar>   (the database of npm start, or MONGODB_URI)');
  process.exit(2);
}
const target = resolve(file);
const part = `${target}.part`;

const database = await startDatabase({ mode: 'dev', log: (line) => console.log(`[db] ${line}`) });
const client = new MongoClient(database.uri);
try {
  await client.connect();
  const manifest = await writeBackup(client.db(), createWriteStream(part), (line) => console.log(line));
  await rename(part, target);
  const documents = manifest.collections.reduce((sum, collection) => sum + collection.count, 0);
  console.log(`backup written to ${target}: ${manifest.collections.length} collections (${documents} documents), ${manifest.media.count} media files (${manifest.media.bytes} bytes)`);
  if (manifest.catalogRevision.atStart !== manifest.catalogRevision.atEnd) {
    console.warn(
      `warning: the catalog changed during the backup (revision ${manifest.catalogRevision.atStart} -> ${manifest.catalogRevision.atEnd}); ` +
        'each collection is a snapshot of its own moment. For one moment for all, stop the API (or its writes) and back up again.',
    );
  }
} catch (error) {
  await rm(part, { force: true });
  console.error(`backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.close();
  await database.stop();
}
