import { table } from '../stats.js';
import type { Shape } from './shapes.js';
import type { EngineResult, ConfigResult } from './run-engine.js';
import type { PlanLine } from './postgresql-plans.js';

function time(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '·';
  if (ms >= 1_000) return `${(ms / 1_000).toFixed(2)} s`;
  return ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(ms >= 10 ? 1 : 2)} ms`;
}

function rate(perSecond: number): string {
  return perSecond >= 10_000 ? `${(perSecond / 1_000).toFixed(0)}k/s` : `${perSecond.toFixed(0)}/s`;
}

function mib(value: number | undefined): string {
  return value === undefined ? '-' : `${value.toFixed(0)} MiB`;
}

function cpu(ms: number | undefined): string {
  if (ms === undefined) return '-';
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(ms >= 10 ? 1 : 2);
}

/**
 * One row per shape, one column per engine configuration. `time`: median wall ms, and documents/s for full reads.
 * `cpu`: CPU ms per run, engine processes + this process (the driver).
 */
export function shapeTable(list: Shape[], results: EngineResult[], mode: 'time' | 'cpu' = 'time'): string {
  const configs: ConfigResult[] = results.flatMap((result) => result.configs);
  const title = mode === 'time' ? 'shape (median wall time of the timed runs)' : 'shape (CPU ms per run: engine + driver)';
  const rows: string[][] = [[title, ...configs.map((config) => config.name)]];
  let group = '';
  for (const shape of list) {
    if (shape.group !== group) {
      group = shape.group;
      rows.push([group, ...configs.map(() => '')]);
    }
    rows.push([
      `  ${shape.label}`,
      ...configs.map((config) => {
        const sample = config.samples[shape.key];
        if (!sample) return '·';
        if (mode === 'cpu') return `${cpu(sample.engineCpuMs)} + ${cpu(sample.clientCpuMs)}`;
        return sample.docsPerSecond ? `${time(sample.medianMs)} = ${rate(sample.docsPerSecond)}` : time(sample.medianMs);
      }),
    ]);
  }
  return table(rows);
}

export function loadTable(results: EngineResult[]): string {
  const rows = [['', ...results.map((result) => result.engine)]];
  rows.push(['insertMany songs (batches of 1,000)', ...results.map((result) => `${rate(result.load.songsPerSecond)} docs`)]);
  rows.push(['insertMany likes (batches of 1,000)', ...results.map((result) => `${rate(result.load.likesPerSecond)} docs`)]);
  rows.push(['load total (indexes + songs + likes)', ...results.map((result) => `${result.load.totalSeconds.toFixed(1)} s`)]);
  rows.push(['dbStats storage + indexes', ...results.map((result) => `${mib(result.storage.dataMiB)} + ${mib(result.storage.indexMiB)}`)]);
  rows.push(['PostgreSQL data folder on disk', ...results.map((result) => mib(result.storage.onDiskMiB))]);
  const labels = results[0]?.memory.map((entry) => entry.label) ?? [];
  for (const [index, label] of labels.entries()) {
    rows.push([
      `memory ${label}`,
      ...results.map((result) => {
        const entry = result.memory[index];
        const ferretdb = entry?.ferretdb ? `FerretDB ${mib(entry.ferretdb.nowMiB)} RSS` : 'FerretDB -';
        const postgresql = entry?.postgresql ? ` + PostgreSQL ${mib(entry.postgresql.nowMiB)} PSS (${entry.postgresql.processes} proc)` : '';
        return ferretdb + postgresql;
      }),
    ]);
  }
  rows.push([
    'peak RSS (VmHWM)',
    ...results.map((result) => {
      const end = result.memory.at(-1);
      return `FerretDB ${mib(end?.ferretdb?.peakMiB)}${end?.postgresql ? `, largest PostgreSQL process ${mib(end.postgresql.peakMiB)}` : ''}`;
    }),
  ]);
  rows.push(['load average before → after', ...results.map((result) => `${result.loadAverage.before.map((v) => v.toFixed(2)).join(' ')} → ${result.loadAverage.after.map((v) => v.toFixed(2)).join(' ')}`)]);
  return table(rows);
}

export function planReport(results: EngineResult[]): string {
  const out: string[] = [];
  for (const result of results) {
    for (const config of result.configs) {
      const setup = config.setupMs ? ` (indexes built in ${time(config.setupMs)})` : '';
      if (config.plans.length === 0) {
        if (setup) out.push(`${result.engine}, ${config.name}${setup}: plans as below, but the cached statements may run the generic plan`);
        continue;
      }
      out.push(`${result.engine}, ${config.name}${setup}:`);
      for (const plan of config.plans) {
        if (typeof plan === 'string') {
          out.push(`  ${plan}`);
        } else {
          const line = plan as PlanLine;
          out.push(`  ${line.label}`);
          out.push(`    with values : ${line.custom}${line.executionMs !== undefined ? ` (${time(line.executionMs)} in PostgreSQL)` : ''}`);
          out.push(`    generic plan: ${line.generic}`);
        }
      }
    }
  }
  return out.join('\n');
}
