import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { startDatabase, type EmbeddedEngine } from '../../database.js';
import { repoRoot } from '../../paths.js';
import { loadCatalog, type Catalog, type LoadTimes, SONGS } from './dataset.js';
import { folderBytes, postgresqlMemory, processMemory, type Memory } from './memory.js';
import {
  analyze,
  connectPg,
  createGinIndexes,
  explainStatements,
  ferretdbTables,
  setPlanCacheMode,
  type PlanLine,
} from './postgresql-plans.js';
import { clientCpuMs, engineCpuMs } from './cpu.js';
import { measure, shapes, type CpuMeters, type Sample, type Shape } from './shapes.js';
import { databaseFile, explainIdStatements, sqliteCommand } from './sqlite-plans.js';

/** One engine, from a fresh start to stop: load the catalog, measure every shape, then the experiments. */

export interface ConfigResult {
  /** Column title: "SQLite", "PostgreSQL", "PG + GIN", "PG + GIN + custom plans". */
  name: string;
  samples: Record<string, Sample>;
  /** Plans of the SQL behind the shapes (PostgreSQL), or FerretDB's explain of some shapes (SQLite). */
  plans: PlanLine[] | string[];
  setupMs?: number;
}

export interface EngineResult {
  engine: EmbeddedEngine;
  server: string;
  load: LoadTimes;
  configs: ConfigResult[];
  memory: { label: string; ferretdb?: Memory; postgresql?: Memory }[];
  storage: { dataMiB: number; indexMiB: number; onDiskMiB?: number };
  loadAverage: { before: number[]; after: number[] };
}

export interface RunEngineOptions {
  engine: EmbeddedEngine;
  catalog: Catalog;
  runs: number;
  progress: (line: string) => void;
}

function ferretdbModuleVersion(): string {
  try {
    const goMod = readFileSync(join(repoRoot(), 'tools', 'ferretdb', 'go.mod'), 'utf8');
    return /github\.com\/FerretDB\/FerretDB (v\S+)/.exec(goMod)?.[1] ?? '?';
  } catch {
    return '?';
  }
}

function databaseName(uri: string): string {
  return /^mongodb:\/\/[^/]+\/([^?]+)/.exec(uri)![1]!;
}

async function measureAll(db: Db, list: Shape[], runs: number, postgresql: boolean, cpu: CpuMeters, progress: (line: string) => void): Promise<Record<string, Sample>> {
  const samples: Record<string, Sample> = {};
  for (const shape of list) {
    const sample = await measure(db, shape, runs, postgresql, cpu);
    samples[shape.key] = sample;
    progress(
      `  ${shape.label}: ${sample.medianMs.toFixed(2)} ms (${sample.docs} docs; CPU per run: engine ${sample.engineCpuMs?.toFixed(2)} ms, driver ${sample.clientCpuMs?.toFixed(2)} ms)`,
    );
  }
  return samples;
}

/** FerretDB's own explain (SQLite backend): whether filter, sort and limit reached SQL, and SQLite's plan. */
async function ferretdbExplains(db: Db, catalog: Catalog): Promise<string[]> {
  const songs = db.collection(SONGS);
  const cases: [string, () => Promise<Record<string, unknown>>][] = [
    ['songs {_id}', () => songs.find({ _id: catalog.probe.songId }).explain()],
    ['songs {album_id}.limit(50)', () => songs.find({ album_id: catalog.probe.albumId }).limit(50).explain()],
    ['songs find().limit(50)', () => songs.find().limit(50).explain()],
    ['songs sort({_id: 1}).limit(50)', () => songs.find().sort({ _id: 1 }).limit(50).explain()],
  ];
  const lines: string[] = [];
  for (const [label, explain] of cases) {
    const result = await explain();
    const planner = JSON.stringify(result.queryPlanner ?? {}).replace(/\s+/g, ' ');
    lines.push(
      `${label}: filterPushdown=${String(result.filterPushdown)} sortPushdown=${String(result.sortPushdown)} ` +
        `limitPushdown=${String(result.limitPushdown)} plan=${planner.length > 300 ? `${planner.slice(0, 300)}…` : planner}`,
    );
  }
  return lines;
}

export async function runEngine({ engine, catalog, runs, progress }: RunEngineOptions): Promise<EngineResult> {
  const before = loadavg();
  // Only the bundled engines are compared: a MONGODB_URI or a mongod on PATH must not stand in for them.
  const { MONGODB_URI: _uri, ...env } = process.env;
  const database = await startDatabase({ mode: 'test', engine, durable: true, env, log: (line) => progress(`db: ${line}`) });
  if (database.engine !== engine) {
    await database.stop();
    throw new Error(`asked for ${engine} but got ${database.engine} (is a mongod on PATH?)`);
  }
  const client = new MongoClient(database.uri, { serverSelectionTimeoutMS: 30_000 });
  const pgClient = database.postgresql ? await connectPg(database.postgresql.url, database.postgresql.password) : undefined;
  const memory: EngineResult['memory'] = [];
  const snapshot = (label: string) =>
    memory.push({ label, ferretdb: processMemory(database.enginePid?.()), postgresql: postgresqlMemory(database.postgresql?.pid()) });
  try {
    const db = client.db();
    const build = (await db.admin().command({ buildInfo: 1 })) as { version?: string; ferretdbVersion?: string };
    const backend = pgClient ? (await pgClient.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version : undefined;
    // The embedded build reports its version as "unknown" (no version.txt in the module): go.mod names it.
    const ferretdbVersion = build.ferretdbVersion && build.ferretdbVersion !== 'unknown' ? build.ferretdbVersion : ferretdbModuleVersion();
    const server = `FerretDB ${ferretdbVersion} (reports MongoDB ${build.version ?? '?'})${backend ? `, PostgreSQL ${backend}` : ', SQLite'}`;
    snapshot('fresh engine');

    progress(`${engine}: loading ${catalog.songs.length} songs and ${catalog.likes.length} likes ...`);
    const load = await loadCatalog(db, catalog, progress);
    progress(`${engine}: loaded in ${load.totalSeconds.toFixed(1)} s (${load.songsPerSecond.toFixed(0)} songs/s, ${load.likesPerSecond.toFixed(0)} likes/s)`);
    const schema = databaseName(database.uri);
    const tables = pgClient ? await ferretdbTables(pgClient, schema) : {};
    if (pgClient) await analyze(pgClient, schema, tables);
    snapshot('after loading');

    const list = shapes(catalog);
    const cpu: CpuMeters = { engine: () => engineCpuMs(database.enginePid?.(), database.postgresql?.pid()), client: clientCpuMs };
    const configs: ConfigResult[] = [];
    // The SQLite engine has the _id expression index built in since issue 12 (tools/ferretdb/_upstream).
    const plain = pgClient ? 'PostgreSQL' : 'SQLite + _id expression index';
    progress(`${engine}: measuring (${runs} runs per shape) ...`);
    const samples = await measureAll(db, list, runs, !!pgClient, cpu, progress);
    snapshot('after the shapes (incl. 4 full reads)');
    const sqlite3 = pgClient ? undefined : sqliteCommand();
    const sqliteFile = database.dataDir && databaseFile(database.dataDir, schema);
    const plans = pgClient
      ? await explainStatements(pgClient, schema, tables, catalog)
      : [...(await ferretdbExplains(db, catalog)), ...(sqlite3 && sqliteFile ? await explainIdStatements(sqlite3, sqliteFile, catalog) : [])];
    configs.push({ name: plain, samples, plans });

    if (pgClient) {
      // The experiment: GIN indexes on FerretDB's `@>` expressions, with the default plan cache, then custom plans only.
      const indexed = list.filter((shape) => shape.indexSensitive);
      progress(`${engine}: GIN indexes on _jsonb->'_id', 'album_id', 'user_id', 'song_id' ...`);
      const ginMs = await createGinIndexes(pgClient, schema, tables);
      configs.push({ name: 'PG + GIN', samples: await measureAll(db, indexed, runs, true, cpu, progress), plans: [], setupMs: ginMs });
      await setPlanCacheMode(pgClient, 'force_custom_plan');
      progress(`${engine}: plan_cache_mode = force_custom_plan ...`);
      const custom = await measureAll(db, indexed, runs, true, cpu, progress);
      configs.push({ name: 'PG + GIN + custom plans', samples: custom, plans: await explainStatements(pgClient, schema, tables, catalog) });
      await setPlanCacheMode(pgClient, 'auto');
    }

    const stats = (await db.stats()) as { dataSize?: number; storageSize?: number; indexSize?: number };
    const storage = {
      dataMiB: (stats.storageSize ?? stats.dataSize ?? 0) / 2 ** 20,
      indexMiB: (stats.indexSize ?? 0) / 2 ** 20,
      onDiskMiB: database.postgresql ? folderBytes(database.postgresql.pgdata) / 2 ** 20 : undefined,
    };
    snapshot('end');
    return { engine, server, load, configs, memory, storage, loadAverage: { before, after: loadavg() } };
  } finally {
    await pgClient?.end().catch(() => undefined);
    await client.close().catch(() => undefined);
    await database.stop();
  }
}
