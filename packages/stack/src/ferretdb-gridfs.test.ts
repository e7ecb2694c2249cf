import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GridFSBucket, MongoClient, type ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { startDatabase } from './database.js';
import { findExecutable } from './paths.js';
import { scratchDirs } from './test-support.js';

/**
 * Why GridFS uploads cost the same however big the media store is (docs/benchmarks.md, "GridFS at scale"): an upload
 * through a bucket already in use sends only inserts, and SQLite's program for a chunk insert seeks its indexes and
 * never loops over the table. A file's read back (and delete) finds its chunks through the `{files_id, n}` index.
 * Plans and commands, not timings.
 */

const { MONGODB_URI: _ignored, ...localEnv } = process.env;
const scratchDir = scratchDirs('tunafy-ferretdb-gridfs-test-');
const run = promisify(execFile);
const sqlite3 = findExecutable('sqlite3', process.env.PATH);

function upload(bucket: GridFSBucket, data: Buffer): Promise<ObjectId> {
  return new Promise((resolve, reject) => {
    const stream = bucket.openUploadStream('song.flac', { chunkSizeBytes: 4096 });
    stream.once('finish', () => resolve(stream.id as ObjectId)).once('error', reject);
    stream.end(data);
  });
}

describe('FerretDB over SQLite: GridFS uploads', () => {
  it('send only inserts, whose SQL seeks indexes and scans nothing; the read back searches the {files_id, n} index', async (context) => {
    const dataDir = await scratchDir();
    const database = await startDatabase({ mode: 'test', engine: 'ferretdb-sqlite', env: localEnv, dataDir });
    if (database.engine !== 'ferretdb-sqlite') {
      await database.stop();
      return context.skip();
    }
    const client = new MongoClient(database.uri, { monitorCommands: true });
    try {
      const db = client.db();
      // One bucket for the process, as the API's media store keeps it.
      const bucket = new GridFSBucket(db, { bucketName: 'media' });
      await upload(bucket, randomBytes(3 * 4096));

      const commands: string[] = [];
      client.on('commandStarted', (event) => commands.push(`${event.commandName} ${String(event.command[event.commandName])}`));
      const data = randomBytes(5 * 4096 + 100);
      const id = await upload(bucket, data);
      expect(commands).toEqual([...Array<string>(6).fill('insert media.chunks'), 'insert media.files']);

      commands.length = 0;
      const parts: Buffer[] = [];
      for await (const part of bucket.openDownloadStream(id)) parts.push(part as Buffer);
      expect(Buffer.concat(parts).equals(data)).toBe(true);
      const chunkReads = commands.filter((command) => command.startsWith('find media.chunks'));
      expect(chunkReads).toHaveLength(1);
      const explain = await db.command({ explain: { find: 'media.chunks', filter: { files_id: id }, sort: { n: 1 } }, verbosity: 'queryPlanner' });
      const plan = ((explain.queryPlanner as { Plan?: string[] }).Plan ?? []).join('\n');
      expect(explain.filterPushdown).toBe(true);
      expect(plan).toMatch(/SEARCH \S+ USING INDEX \S+_files_id_1_n_1 \(<expr>=\?\)/);
      expect(plan).not.toMatch(/SCAN/);

      if (sqlite3) {
        // The statement FerretDB sends for a chunk (internal/backends/sqlite/insert.go). Its program: a new rowid,
        // NoConflict seeks on the unique `_id_` and `{files_id, n}` indexes, index inserts; a loop over the table
        // would show as Rewind/Next.
        const table = /SEARCH (\S+) USING INDEX/.exec(plan)![1]!;
        const { stdout } = await run(sqlite3, [
          '-cmd',
          '.timeout 10000',
          join(dataDir, `${db.databaseName}.sqlite`),
          `EXPLAIN INSERT INTO "${table}" (_ferretdb_sjson) VALUES ('{"_id":1}')`,
        ]);
        const opcodes = stdout.split('\n').map((line) => line.trim().split(/\s+/)[1]);
        expect(opcodes.filter((opcode) => opcode === 'NoConflict')).toHaveLength(2);
        expect(opcodes).toContain('IdxInsert');
        expect(opcodes).not.toContain('Rewind');
        expect(opcodes).not.toContain('Next');
      }
    } finally {
      await client.close();
      await database.stop();
    }
  });
});
