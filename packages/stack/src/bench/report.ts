import { cpus, loadavg } from 'node:os';
import type { AudioReport, MeasuredStreams } from './audio.js';
import type { BenchOptions } from './options.js';
import type { RangeResult } from './range-worker.js';
import type { CpuPerRequest, ListComparison } from './songs-list.js';
import { mbps, ms, percentile, ratio, table } from './stats.js';

export interface BenchEnvironment {
  engine: string;
  server: string;
  /** 1-minute load average when the run started. */
  loadAtStart: number;
}

const SONGS_TARGET = 0.5;
const AUDIO_TARGET = 0.8;

function verdict(value: number, target: number): string {
  return `${ratio(value)} (target >= ${target}: ${value >= target ? 'met' : 'MISSED'})`;
}

function cpuCell(cpu: CpuPerRequest): string {
  if (cpu.server === undefined) return '-';
  return cpu.database === undefined ? ms(cpu.server) : `${ms(cpu.server)} + db ${ms(cpu.database)}`;
}

export function formatHeader(options: BenchOptions, environment: BenchEnvironment): string {
  const cpu = cpus();
  const lines = [
    `Tunafy benchmarks${options.quick ? ' -- QUICK smoke run: shortened durations, not a measurement' : ''}`,
    `database: ${environment.engine} (${environment.server})`,
    `machine:  node ${process.version}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}; API, database, baselines and load generators are separate processes on it`,
    `load average (1 min): ${environment.loadAtStart.toFixed(2)} at start, ${loadavg()[0]!.toFixed(2)} at end`,
  ];
  if (Math.max(environment.loadAtStart, loadavg()[0]!) > cpu.length) {
    lines.push(`WARNING: other work was competing for the ${cpu.length} CPUs; throughput and latency are noisy (CPU ms per request are steadier)`);
  }
  return lines.join('\n');
}

export function formatSongsList(options: BenchOptions, comparisons: ListComparison[]): string {
  const out: string[] = [
    `GET /api/songs: ${options.songCount} songs, ${options.connections} connections, ${options.durationSeconds} s measured after ${options.warmupSeconds} s warm-up (autocannon in its own process)`,
  ];
  for (const { label, identity, bodyBytes, api, bare } of comparisons) {
    out.push(
      '',
      `  ${label}: ${(bodyBytes / 1024).toFixed(1)} KiB body`,
      indent(
        table([
          ['', 'req/s', 'p50', 'p99', 'MB/s', 'CPU per request'],
          ['API (logged in)', api.requestsPerSecond.toFixed(0), ms(api.p50Ms), ms(api.p99Ms), mbps(api.bytesPerSecond), cpuCell(api.cpu)],
          ['bare node:http, same bytes', bare.requestsPerSecond.toFixed(0), ms(bare.p50Ms), ms(bare.p99Ms), mbps(bare.bytesPerSecond), cpuCell(bare.cpu)],
        ]),
        4,
      ),
      // The issue's target is defined on the identity JSON (the bytes autocannon asks for); the gzip row is
      // context: there the bare server's whole answer costs 0.04 ms, below any framework's floor.
      `    ratio API / bare (req/s): ${
        identity
          ? verdict(api.requestsPerSecond / bare.requestsPerSecond, SONGS_TARGET)
          : `${ratio(api.requestsPerSecond / bare.requestsPerSecond)} (context, not the target: the target is the identity row above)`
      }`,
    );
  }
  return out.join('\n');
}

export function aggregateBytesPerSecond(result: RangeResult): number {
  return result.bytes / (result.roundMs.reduce((sum, value) => sum + value, 0) / 1000);
}

function rangeRow(label: string, result: RangeResult | MeasuredStreams): string[] {
  return [
    label,
    String(result.roundMs.length),
    ms(percentile(result.ttfbMs, 50)),
    ms(percentile(result.ttfbMs, 99)),
    ms(percentile(result.totalMs, 50)),
    ms(percentile(result.totalMs, 99)),
    mbps(aggregateBytesPerSecond(result)),
    'cpu' in result ? cpuCell(result.cpu) : '-',
  ];
}

export function formatAudio(options: BenchOptions, audio: AudioReport): string {
  const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
  const throughput = aggregateBytesPerSecond(audio.warm) / aggregateBytesPerSecond(audio.local);
  const ttfb = percentile(audio.warm.ttfbMs, 50) / percentile(audio.local.ttfbMs, 50);
  return [
    `Audio: ${mib(audio.fileBytes)} mp3, each stream asks Range bytes=${audio.fileBytes - audio.rangeBytes}- (${mib(audio.rangeBytes)}), ${options.streams} concurrent streams per round`,
    `  GridFS through the driver (no API, one reader, ${audio.chunks} chunks in media.chunks): whole file ${ms(audio.gridfs.fullMs)} (${mbps(audio.fileBytes / (audio.gridfs.fullMs / 1000))}), from the middle ${ms(audio.gridfs.rangeMs)}`,
    '',
    indent(
      table([
        ['', 'rounds', 'TTFB p50', 'TTFB p99', 'stream p50', 'stream p99', 'aggregate', 'CPU per stream'],
        rangeRow(`API cold (cache emptied, restarted; x${options.coldRuns})`, audio.cold),
        rangeRow('API warm', audio.warm),
        rangeRow('bare node:http, local file', audio.local),
      ]),
      2,
    ),
    `  TTFB = request start to first body byte; stream = request start to last byte; aggregate = bytes of all streams / wall time of their rounds`,
    `  ratio API warm / local file, aggregate throughput: ${verdict(throughput, AUDIO_TARGET)}`,
    `  TTFB p50, API warm / local file: ${ratio(ttfb)}x`,
  ].join('\n');
}

function indent(text: string, spaces: number): string {
  return text
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n');
}
