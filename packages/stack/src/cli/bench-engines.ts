/**
 * `npm run bench:engines [-- --songs 100000 | --quick] [--runs 5] [--engines ferretdb-sqlite,ferretdb-postgresql] [--json file]`
 *
 * The bundled engines side by side, through the MongoDB driver only (no API): FerretDB 1.24 over SQLite and over
 * the embedded PostgreSQL, each started fresh, loaded with the same generated catalog (songs shaped like the API's,
 * ~N/12 albums, ~N likes with one user holding 1,000, a 10-document collection, the schemas' indexes), then timed on
 * the query shapes the API could send. PostgreSQL is re-measured with GIN indexes on FerretDB's filter expressions,
 * with the default plan cache and with plan_cache_mode = force_custom_plan. Prints tables and the plans.
 *
 * `npm run bench:engines -- --gridfs [--gridfs-chunks 250,1000,4000,8000] [--gridfs-minutes 30] [--engines ...]`
 * measures GridFS uploads instead, while the media store grows to each chunk count (bench/gridfs.ts).
 */
import { writeFile } from 'node:fs/promises';
import { cpus, hostname, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { EMBEDDED_ENGINES, type EmbeddedEngine } from '../database.js';
import { generateCatalog } from '../bench/engines/dataset.js';
import { loadTable, planReport, shapeTable } from '../bench/engines/report.js';
import { runEngine, type EngineResult } from '../bench/engines/run-engine.js';
import { gridfsTable, runGridfsBench, type GridfsResult } from '../bench/gridfs.js';
import { shapes } from '../bench/engines/shapes.js';

const { values } = parseArgs({
  options: {
    songs: { type: 'string' },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    engines: { type: 'string' },
    json: { type: 'string' },
    gridfs: { type: 'boolean', default: false },
    'gridfs-chunks': { type: 'string' },
    'gridfs-minutes': { type: 'string' },
  },
});

const songCount = values.quick ? 2_000 : Number(values.songs ?? 100_000);
const runs = Number(values.runs ?? 5);
const engines = (values.engines?.split(',') ?? [...EMBEDDED_ENGINES]) as EmbeddedEngine[];
if (!Number.isInteger(songCount) || songCount < 500 || songCount > 2_000_000) throw new Error('--songs must be a whole number from 500 to 2,000,000');
if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error('--runs must be 1 to 50');
for (const engine of engines) if (!EMBEDDED_ENGINES.includes(engine)) throw new Error(`--engines: ${engine} is not one of ${EMBEDDED_ENGINES.join(', ')}`);

const started = new Date();
const progress = (line: string) => console.error(`[bench:engines ${((Date.now() - started.getTime()) / 1000).toFixed(0)}s] ${line}`);

if (values.gridfs) {
  const steps = (values['gridfs-chunks'] ?? (values.quick ? '100,400' : '250,1000,4000,8000')).split(',').map(Number);
  const minutes = Number(values['gridfs-minutes'] ?? 30);
  if (steps.some((step, i) => !Number.isInteger(step) || step < 1 || step > 100_000 || (i > 0 && step <= steps[i - 1]!))) {
    throw new Error('--gridfs-chunks must be ascending whole numbers up to 100,000');
  }
  if (!(minutes > 0 && minutes <= 240)) throw new Error('--gridfs-minutes must be more than 0 and at most 240');
  const loadBefore = loadavg();
  const results: GridfsResult[] = [];
  for (const engine of values.engines ? engines : (['ferretdb-sqlite'] as EmbeddedEngine[])) {
    progress(`--- GridFS on ${engine} ---`);
    results.push(await runGridfsBench({ engine, steps, maxMs: minutes * 60_000, progress }));
  }
  console.log(
    [
      `GridFS at scale (driver only), ${started.toISOString()} to ${new Date().toISOString()}`,
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average before ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, after ${loadavg().map((v) => v.toFixed(2)).join(' ')}`,
      ...results.map((result) => `\n${gridfsTable(result)}`),
    ].join('\n'),
  );
  if (values.json) await writeFile(values.json, JSON.stringify({ started, steps, results }, null, 2));
  process.exit(0);
}
const catalog = generateCatalog(songCount);
progress(`catalog: ${catalog.songs.length} songs, ${catalog.likes.length} likes, ${catalog.small.length}-document collection`);

const results: EngineResult[] = [];
for (const engine of engines) {
  progress(`--- ${engine} ---`);
  results.push(await runEngine({ engine, catalog, runs, progress }));
}

const list = shapes(catalog);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${hostname()}, Node ${process.version}`;
const report = [
  `Engines at ${songCount.toLocaleString('en-US')} songs (driver only), ${started.toISOString()}`,
  `machine: ${machine}; load average at the end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`,
  ...results.map((result) => `${result.engine}: ${result.server}`),
  `${runs} timed runs per shape after warm-up runs; medians. "·": not re-measured (not affected by the indexes).`,
  '',
  shapeTable(list, results),
  '',
  shapeTable(list, results, 'cpu'),
  '',
  loadTable(results),
  '',
  'Plans',
  planReport(results),
].join('\n');
console.log(report);
if (values.json) {
  await writeFile(values.json, JSON.stringify({ started, songCount, runs, machine, results }, null, 2));
  progress(`raw samples written to ${values.json}`);
}
