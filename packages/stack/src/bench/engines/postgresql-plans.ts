import pg from 'pg';
import { pgClientConfig } from '../../postgresql.js';
import { LIKES, SMALL, SONGS, type Catalog } from './dataset.js';

/**
 * Direct access to the PostgreSQL under FerretDB: the tables FerretDB made, the GIN experiment, and the plans of the
 * SQL FerretDB 1.24 sends for each shape (internal/backends/postgresql/query.go and collection.go at v1.24.2):
 *
 * - a top-level equality `{field: value}` becomes `WHERE _jsonb->$1 @> $2` (field name and value as parameters);
 * - no filter, no sort: `LIMIT $1`; anything else reads the whole table and filters, sorts and limits in Go;
 * - the write of updateOne/findOneAndUpdate is `UPDATE t SET _jsonb = $1 WHERE _jsonb->'_id' = $2`, deleteOne's is
 *   `DELETE FROM t WHERE _jsonb->'_id' IN ($1)`; both after a query like the one above finds the document.
 *
 * FerretDB's indexes are btree expression indexes `((_jsonb->'field'))`: `=` on that expression can use them, `@>`
 * cannot. pgx prepares every statement, so after five executions PostgreSQL may use a generic plan in which the
 * field is `$1`, which no expression index can match; plan_cache_mode = force_custom_plan plans with the values.
 */

export type Tables = Record<string, string>;

export async function connectPg(url: string, password: string): Promise<pg.Client> {
  const client = new pg.Client(pgClientConfig(url, password));
  await client.connect();
  return client;
}

/** FerretDB's table for each collection of a database (a schema named like the database). */
export async function ferretdbTables(client: pg.Client, schema: string): Promise<Tables> {
  const result = await client.query<{ collection: string; table: string }>(
    `SELECT _jsonb->>'_id' AS collection, _jsonb->>'table' AS table FROM ${pg.escapeIdentifier(schema)}._ferretdb_database_metadata`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.collection, row.table]));
}

/** The GIN experiment: jsonb_ops GIN indexes on exactly the expressions FerretDB's `@>` filters use. */
export const GIN_INDEXES: { collection: string; field: string }[] = [
  { collection: SONGS, field: '_id' },
  { collection: SONGS, field: 'album_id' },
  { collection: LIKES, field: 'user_id' },
  { collection: LIKES, field: 'song_id' },
];

export async function createGinIndexes(client: pg.Client, schema: string, tables: Tables): Promise<number> {
  const t0 = performance.now();
  for (const { collection, field } of GIN_INDEXES) {
    const table = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(tables[collection]!)}`;
    await client.query(`CREATE INDEX ${pg.escapeIdentifier(`gin_${collection}_${field}`)} ON ${table} USING gin ((_jsonb -> ${pg.escapeLiteral(field)}))`);
  }
  await analyze(client, schema, tables);
  return performance.now() - t0;
}

/** FerretDB never runs ANALYZE; autovacuum would within a minute or so. Done explicitly so plans do not depend on when. */
export async function analyze(client: pg.Client, schema: string, tables: Tables): Promise<void> {
  for (const table of Object.values(tables)) await client.query(`ANALYZE ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`);
}

/** Server-wide, reloaded: applies to FerretDB's open connections from their next statement on. */
export async function setPlanCacheMode(client: pg.Client, mode: 'auto' | 'force_custom_plan'): Promise<void> {
  await client.query(mode === 'auto' ? 'ALTER SYSTEM RESET plan_cache_mode' : `ALTER SYSTEM SET plan_cache_mode = ${mode}`);
  await client.query('SELECT pg_reload_conf()');
}

export interface PlanLine {
  label: string;
  /** The plan with the values written in (what a custom plan is), one line per node. */
  custom: string;
  /** The plan PostgreSQL caches for the prepared statement with the field and value as parameters. */
  generic: string;
  /** Execution time inside PostgreSQL of the custom plan (EXPLAIN ANALYZE), ms; undefined for writes. */
  executionMs?: number;
}

interface Statement {
  label: string;
  table: string;
  /** SQL with $n placeholders, as FerretDB sends it. */
  sql: (table: string) => string;
  types: string[];
  params: (string | number)[];
  write?: boolean;
}

const quote = (hex: string) => JSON.stringify(hex);

function statements(catalog: Catalog): Statement[] {
  const { probe } = catalog;
  const select = (table: string) => `SELECT _jsonb FROM ${table}`;
  const equality = (field: string, hexOrString: string, label: string, table = SONGS): Statement => ({
    label,
    table,
    sql: (t) => `${select(t)} WHERE _jsonb->$1 @> $2`,
    types: ['text', 'jsonb'],
    params: [field, quote(hexOrString)],
  });
  return [
    equality('_id', probe.songId.toHexString(), 'songs {_id} (findOne, and the find step of updateOne/deleteOne)'),
    equality('album_id', probe.albumId.toHexString(), 'songs {album_id}'),
    equality('user_id', probe.heavyUserId.toHexString(), 'likes {user_id}', LIKES),
    {
      label: 'likes {user_id, song_id}',
      table: LIKES,
      sql: (t) => `${select(t)} WHERE _jsonb->$1 @> $2 AND _jsonb->$3 @> $4`,
      types: ['text', 'jsonb', 'text', 'jsonb'],
      params: ['user_id', quote(probe.like.userId.toHexString()), 'song_id', quote(probe.like.songId.toHexString())],
    },
    equality('slug', probe.smallSlug, '10-doc collection {slug}', SMALL),
    { label: 'songs find().limit(50)', table: SONGS, sql: (t) => `${select(t)} LIMIT $1`, types: ['bigint'], params: [50] },
    { label: 'songs: everything else (whole table)', table: SONGS, sql: select, types: [], params: [] },
    {
      label: 'songs UPDATE by _id (updateOne, findOneAndUpdate)',
      table: SONGS,
      sql: (t) => `UPDATE ${t} SET _jsonb = $1 WHERE _jsonb->'_id' = $2`,
      types: ['jsonb', 'jsonb'],
      params: ['{}', quote(probe.songId.toHexString())],
      write: true,
    },
    {
      label: 'songs DELETE by _id (deleteOne)',
      table: SONGS,
      sql: (t) => `DELETE FROM ${t} WHERE _jsonb->'_id' IN ($1)`,
      types: ['jsonb'],
      params: [quote(probe.songId.toHexString())],
      write: true,
    },
  ];
}

/** Plan nodes, one per line, without costs: "Seq Scan on t; Filter: ..." becomes "Seq Scan on songs_xxx". */
function summarize(rows: { 'QUERY PLAN': string }[]): string {
  return rows
    .map((row) => row['QUERY PLAN'])
    .filter((line) => !/^\s*(Planning|Execution|Output|Filter|Recheck|Index Cond|Rows Removed|Heap Blocks|Buffers)/.test(line.trim()) && line.trim() !== '')
    .map((line) => line.replace(/\s+\(.*\)$/, '').replace(/^\s*->\s*/, '').trim())
    .join(' <- ');
}

export async function explainStatements(client: pg.Client, schema: string, tables: Tables, catalog: Catalog): Promise<PlanLine[]> {
  const lines: PlanLine[] = [];
  for (const statement of statements(catalog)) {
    const table = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(tables[statement.table]!)}`;
    const sql = statement.sql(table);
    // The custom plan: parameters bound as constants.
    let inlined = sql;
    statement.params.forEach((param, index) => {
      const literal = typeof param === 'number' ? String(param) : `${pg.escapeLiteral(param)}::${statement.types[index]}`;
      inlined = inlined.replace(new RegExp(`\\$${index + 1}(?!\\d)`, 'g'), literal);
    });
    let custom: string;
    let executionMs: number | undefined;
    if (statement.write) {
      custom = summarize((await client.query(`EXPLAIN (COSTS false) ${inlined}`)).rows);
    } else {
      const analyzed = await client.query(`EXPLAIN (ANALYZE, COSTS false, TIMING false) ${inlined}`);
      custom = summarize(analyzed.rows);
      const execution = analyzed.rows.map((row) => row['QUERY PLAN'] as string).find((line) => line.startsWith('Execution Time'));
      executionMs = execution ? Number(/([\d.]+) ms/.exec(execution)![1]) : undefined;
    }
    // The generic plan: what a prepared statement runs once PostgreSQL stops re-planning it per value.
    let generic = '(none: no parameters)';
    if (statement.params.length) {
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE shape(${statement.types.join(', ')}) AS ${sql}`);
      try {
        const args = statement.params.map((param) => (typeof param === 'number' ? String(param) : pg.escapeLiteral(param))).join(', ');
        generic = summarize((await client.query(`EXPLAIN (COSTS false) EXECUTE shape(${args})`)).rows);
      } finally {
        await client.query('DEALLOCATE shape');
        await client.query('RESET plan_cache_mode');
      }
    }
    lines.push({ label: statement.label, custom, generic, executionMs });
  }
  return lines;
}
