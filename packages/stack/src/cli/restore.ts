/**
 * `npm run restore -- <file> [--force]`: checks a backup of `npm run backup` against its manifest, then writes it
 * into the database `npm start` uses (MONGODB_URI when set). A database that holds data is refused unless --force,
 * which drops everything in it first. API processes that are running reload their catalog from the restored data.
 */
import { resolve } from 'node:path';
import { MongoClient } from 'mongodb';
import { BackupError, restoreBackup } from '../backup/archive.js';
import { startDatabase } from '../database.js';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => arg !== '--force');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error('usage: npm run restore -- <file.tar> [--force]   (into the database of npm start, or MONGODB_URI)');
  process.exit(2);
}

const database = await startDatabase({ mode: 'dev', log: (line) => console.log(`[db] ${line}`) });
const client = new MongoClient(database.uri);
try {
  await client.connect();
  const manifest = await restoreBackup(client.db(), resolve(files[0]!), { force, log: (line) => console.log(line) });
  console.log(`restored the backup of ${manifest.createdAt} (catalog revision ${manifest.catalogRevision.atEnd}) into ${client.db().databaseName}`);
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exitCode = error instanceof BackupError ? 1 : 2;
} finally {
  await client.close();
  await database.stop();
}
