import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findExecutable } from '../../paths.js';
import { SONGS, type Catalog } from './dataset.js';

const run = promisify(execFile);

/**
 * The SQLite side of the experiments, through Debian's sqlite3 command (skipped when it is missing).
 *
 * FerretDB 1.24's SQLite backend pushes only `{_id: value}` down, as `WHERE _ferretdb_sjson->'$._id' = ?`, and so do
 * its UPDATE and DELETE (internal/backends/sqlite/collection.go); but the unique index it creates for `_id` is on
 * `_ferretdb_sjson->"_id"`, a different expression, so every lookup by `_id` was a SCAN. Our build of the engine adds an
 * index on exactly FerretDB's expression to every collection (tools/ferretdb/_upstream); these plans show it is used.
 */

export function sqliteCommand(): string | undefined {
  return findExecutable('sqlite3', process.env.PATH);
}

async function sql(sqlite3: string, file: string, statement: string): Promise<string> {
  const { stdout } = await run(sqlite3, ['-cmd', '.timeout 10000', file, statement]);
  return stdout.trim();
}

export function databaseFile(dataDir: string, database: string): string {
  return join(dataDir, `${database}.sqlite`);
}

async function tableOf(sqlite3: string, file: string, collection: string): Promise<string> {
  return sql(sqlite3, file, `SELECT table_name FROM _ferretdb_collections WHERE name = '${collection.replace(/'/g, "''")}'`);
}

/** EXPLAIN QUERY PLAN of the three statements FerretDB runs for a lookup, an update and a delete by `_id`. */
export async function explainIdStatements(sqlite3: string, file: string, catalog: Catalog): Promise<string[]> {
  const table = await tableOf(sqlite3, file, SONGS);
  const id = `'"${catalog.probe.songId.toHexString()}"'`;
  const album = `'"${catalog.probe.albumId.toHexString()}"'`;
  const albumId = '_ferretdb_sjson->"album_id"';
  const statements: [string, string][] = [
    ['songs {_id} (find, and the find step of every write by _id)', `SELECT _ferretdb_sjson FROM "${table}" WHERE _ferretdb_sjson->'$._id' = ${id}`],
    ['songs UPDATE by _id', `UPDATE "${table}" SET _ferretdb_sjson = _ferretdb_sjson WHERE _ferretdb_sjson->'$._id' = ${id}`],
    ['songs DELETE by _id', `DELETE FROM "${table}" WHERE _ferretdb_sjson->'$._id' IN (${id})`],
    // Our build pushes an ObjectId equality down as FerretDB writes the field's createIndex index (tools/ferretdb/_upstream).
    ['songs {album_id} (on FerretDB\'s album_id_1 index)', `SELECT _ferretdb_sjson FROM "${table}" WHERE (${albumId} = ${album} OR (${albumId} >= '[' AND ${albumId} < '\\'))`],
  ];
  const lines: string[] = [];
  for (const [label, statement] of statements) {
    const plan = await sql(sqlite3, file, `EXPLAIN QUERY PLAN ${statement}`);
    lines.push(`${label}: ${plan.replace(/^QUERY PLAN\n?/, '').replace(/[`|-]+/g, ' ').replace(/\s+/g, ' ').trim()}`);
  }
  return lines;
}
