import type { GrownCatalog } from '../../catalog/grow-catalog.js';
import { ms, table } from '../stats.js';
import type { MixedLoadFigures } from './load.js';
import type { Timing } from './scale.js';
import type { ListeningFigures } from './listening.js';
import type { SubsonicFigures } from './subsonic.js';

/** The issue sets its latency and memory targets at 100,000 songs; beyond that every call must answer and no process pass 1 GB. */
export const TARGET_SIZE = 100_000;
const RSS_TARGET_MB = 250;
const RSS_LIMIT_LARGE_MB = 1024;

type Memory = { rss: number; peak: number } | undefined;

export interface SizeResult {
  catalog: GrownCatalog;
  grownFrom: number;
  growSeconds: number;
  loadAverage: string;
  at: Date;
  startMs: number;
  firstMs: number;
  /** Stop (which writes the catalog snapshot) and start again: spawn -> listening, from the snapshot. */
  restartMs: number;
  firstStatus: number;
  apiIdle: Memory;
  engineIdle: Memory;
  reads: Timing[];
  writes: Timing[];
  full: { ms: number; bytes: number; status: number; rssBefore?: number; rssHighest: number; rssAfter?: number };
  load: MixedLoadFigures;
  /** Issue 26's figures; absent when the section could not run. */
  subsonic?: SubsonicFigures;
  /** Issue 28's top lists and history pages; absent when the section could not run. */
  listening?: ListeningFigures;
  apiEnd: Memory;
  engineEnd: Memory;
  /** A section that could not run (the API died, ...): what happened. */
  errors: string[];
}

const count = (value: number) => value.toLocaleString('en');
const mb = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? '-' : `${value.toFixed(0)} MB`);
const atMost = (value: number | undefined, limit: number) => (value === undefined || !Number.isFinite(value) ? '-' : value <= limit ? 'met' : 'MISSED');

function timingRow(timing: Timing, size: number): string[] {
  const largeSize = size > TARGET_SIZE;
  const target = timing.target === undefined ? '' : largeSize ? 'answers' : `≤ ${timing.target} ms`;
  let verdict: string;
  if (timing.failed > 0) verdict = `FAILED ${timing.failed}/${timing.calls}`;
  else if (timing.shows === false) verdict = 'MISSED';
  else if (timing.target === undefined) verdict = '';
  else if (largeSize) verdict = 'met';
  else verdict = atMost(timing.p50, timing.target);
  const shows = timing.shows === undefined ? '' : timing.shows ? 'yes' : 'NO';
  const note = [timing.failure, timing.note].filter(Boolean).join('; ');
  return [timing.label, ms(timing.p50), ms(timing.p95), target, verdict, shows, note];
}

export function formatSize(result: SizeResult): string {
  const { catalog, load } = result;
  const size = catalog.songs;
  const largeSize = size > TARGET_SIZE;
  const rssTarget = largeSize ? RSS_LIMIT_LARGE_MB : RSS_TARGET_MB;
  const rate = result.growSeconds > 0 ? count(Math.round((size - result.grownFrom) / result.growSeconds)) : '-';
  const lines = [
    `## ${count(size)} songs: ${count(catalog.albums)} albums, ${count(catalog.playlists)} playlists with ${count(catalog.entries)} entries, ${count(catalog.likes)} likes, ${count(catalog.users)} users`,
    '',
    `${result.at.toISOString()}, load average ${result.loadAverage}; grown from ${count(result.grownFrom)} songs by direct inserts in ${result.growSeconds.toFixed(1)} s (${rate} songs/s)`,
    ...(largeSize ? [`Beyond ${count(TARGET_SIZE)} songs the targets are: every call answers, no process past 1 GB; latencies are reported.`] : []),
    '',
    table([['reads: median and p95 of sequential requests', 'p50', 'p95', 'target', 'verdict', '', 'note'], ...result.reads.map((timing) => timingRow(timing, size))]),
    '',
    table([['a write, then the next read (that read timed)', 'p50', 'p95', 'target', 'verdict', 'shows write', 'note'], ...result.writes.map((timing) => timingRow(timing, size))]),
    '',
    table([
      ['start and memory', 'figure', 'target', 'verdict'],
      ['API start: spawn -> listening (it loads the catalog first)', ms(result.startMs), '', ''],
      ['API restart: spawn -> listening, from its catalog snapshot', ms(result.restartMs), '', ''],
      [`listening -> first GET /api/songs?limit=50 answered (${result.firstStatus})`, ms(result.firstMs), '≤ 1000 ms', result.firstStatus === 200 ? atMost(result.firstMs, 1000) : 'FAILED'],
      [`whole GET /api/songs, no limit (${(result.full.bytes / 1048576).toFixed(1)} MB, status ${result.full.status})`, ms(result.full.ms), 'answers', result.full.status === 200 ? 'met' : 'FAILED'],
      ['API RSS before / highest during / after the whole list', `${mb(result.full.rssBefore)} / ${mb(result.full.rssHighest)} / ${mb(result.full.rssAfter)}`, '', ''],
      ['API RSS after start, idle (VmRSS / VmHWM)', `${mb(result.apiIdle?.rss)} / ${mb(result.apiIdle?.peak)}`, '', ''],
      [`API RSS, highest under the mixed load`, mb(load.apiMaxRssMb), `≤ ${rssTarget} MB`, atMost(load.apiMaxRssMb, rssTarget)],
      ['engine RSS after start, idle (VmRSS / VmHWM)', `${mb(result.engineIdle?.rss)} / ${mb(result.engineIdle?.peak)}`, '', ''],
      ['engine RSS, highest under the mixed load', mb(load.engineMaxRssMb), largeSize ? `≤ ${rssTarget} MB` : 'reported', largeSize ? atMost(load.engineMaxRssMb, rssTarget) : ''],
      ['peak RSS over this size (VmHWM): API / engine', `${mb(result.apiEnd?.peak)} / ${mb(result.engineEnd?.peak)}`, largeSize ? `≤ ${rssTarget} MB each` : '', largeSize ? atMost(Math.max(result.apiEnd?.peak ?? NaN, result.engineEnd?.peak ?? NaN), rssTarget) : ''],
      [`mixed load: ${load.clients} clients, ${load.seconds} s, ${count(load.requests)} requests, p50 ${ms(load.p50)}, p99 ${ms(load.p99)}`, `${load.errors} errors`, 'answers', load.errors === 0 && load.requests > 0 ? 'met' : 'FAILED'],
    ]),
  ];
  const subsonic = result.subsonic;
  if (subsonic) {
    const { sync, load: apps } = subsonic;
    const ratio = sync.subsonicMs / sync.webMs;
    lines.push(
      '',
      table([['Subsonic reads: median and p95 of sequential requests', 'p50', 'p95', 'target', 'verdict', '', 'note'], ...subsonic.reads.map((timing) => timingRow(timing, size))]),
      '',
      table([
        ['Subsonic sync and load', 'figure', 'target', 'verdict'],
        [`whole library by search3 "" in pages of 500 (${count(sync.pages)} pages) / by GET /api/songs`, `${ms(sync.subsonicMs)} / ${ms(sync.webMs)} (${ratio.toFixed(2)}×)`, '≤ 2×', largeSize ? '' : atMost(ratio, 2)],
        [`${apps.clients} apps starting up, ${apps.seconds} s: ${count(apps.requests)} requests, p50 ${ms(apps.p50)}, p99 ${ms(apps.p99)}${apps.perMethod ? ` (${apps.perMethod})` : ''}`, `${apps.errors} errors${apps.failures ? ` (${apps.failures})` : ''}`, '0 errors', apps.errors === 0 && apps.requests > 0 ? 'met' : 'FAILED'],
        ['API RSS, highest under the apps’ load', mb(apps.apiMaxRssMb), `≤ ${rssTarget} MB`, atMost(apps.apiMaxRssMb, rssTarget)],
      ]),
    );
  }
  const listening = result.listening;
  if (listening) {
    lines.push(
      '',
      table([
        [`Your listening over ${count(listening.plays)} plays (${count(listening.tallies)} tallies, seeded in ${listening.seedSeconds.toFixed(0)} s): median and p95`, 'p50', 'p95', 'target', 'verdict', '', 'note'],
        ...listening.reads.map((timing) => timingRow(timing, size)),
      ]),
    );
  }
  if (result.errors.length > 0) lines.push('', ...result.errors.map((error) => `could not measure: ${error}`));
  return lines.join('\n');
}

/** One line per figure that missed its target, for the end of the report. */
export function missedSummary(results: SizeResult[]): string {
  const missed = results.flatMap((result) => {
    const rendered = formatSize(result).split('\n');
    return rendered.filter((line) => /\b(MISSED|FAILED)\b/.test(line)).map((line) => `${count(result.catalog.songs)} songs: ${line.replace(/\s{2,}/g, ' | ').trim()}`);
  });
  return missed.length === 0 ? 'Every figure met its target.' : ['Missed or failed:', ...missed.map((line) => `- ${line}`)].join('\n');
}
