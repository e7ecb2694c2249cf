import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApi, type RunningApi } from '../../api-process.js';
import { growCatalog } from '../../catalog/grow-catalog.js';
import { openBenchDatabase } from '../database-tools.js';
import { mixedLoad } from './load.js';
import { measureListening } from './listening.js';
import { measureSubsonic } from './subsonic.js';
import { rssMb } from './memory.js';
import { formatSize, missedSummary, type SizeResult } from './report.js';
import { measureAfterWrites, measureFullList, measureReads, type ScaleContext } from './scale.js';
import { START_TIMEOUT_MS, startTemplateApi } from './template-api.js';

export interface CatalogBenchOptions {
  sizes: number[];
  quick: boolean;
}

const fileIdOf = (url: string) => url.split('/').pop()!;
const loadAverage = () => loadavg().map((value) => value.toFixed(1)).join(' ');
/** Loading a million songs before listening can take long on the embedded engine; beyond this the run reports the start as failed. */

/**
 * `npm run bench -- --catalog N`: grows one database step by step to each
 * size by direct inserts (growCatalog), restarts the real built API at each
 * size (its start is part of the figures), and prints the table for
 * each: reads, each write followed by the read that must show it, the whole
 * list, start time, memory idle and under a bounded mixed load, each against
 * its target. Numbers are printed, never asserted; a call that fails is
 * counted and reported, not fatal.
 */
export async function runCatalogBench(options: CatalogBenchOptions, progress: (line: string) => void): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'tunafy-catalog-bench-'));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(scratch, { recursive: true, force: true })];
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const results: SizeResult[] = [];
  let header = '';
  try {
    const { database, db, enginePid } = await openBenchDatabase(progress, cleanups);
    header = `Catalog scale benchmark, ${startedAt.toISOString()}, load average at start ${loadAtStart}; ${await db.serverDescription()} (${database.engine}); sizes ${options.sizes.map((size) => size.toLocaleString('en')).join(', ')}${options.quick ? ' (--quick: fewer rounds, 5 s of load)' : ''}`;
    progress(header);
    const started = await startTemplateApi(database.uri, scratch);
    const { env, session, me, media, template } = started;
    let api: RunningApi = started.api;
    cleanups.push(() => api.stop());
    const coverBytes = media.renderCover({ seed: 2, title: 'U', size: 64 });
    const mp3 = media.synthesizeSong({ seed: 2, seconds: 2 });
    const context: Omit<ScaleContext, 'catalog' | 'songCount'> = {
      session,
      me: me.id,
      rounds: options.quick ? 5 : 21,
      uploaded: [],
      deleted: new Set(),
      upload: async (name) => (await session.uploadSong(name, coverBytes, mp3)).id,
      newAlbum: async (name) => {
        const form = new FormData();
        form.append('album_name', name);
        form.append('album_cover_url', new File([coverBytes], 'cover.png', { type: 'image/png' }));
        const response = await session.send('POST', '/api/albums/new', { form });
        if (response.status !== 201) throw new Error(`album create answered ${response.status}`);
        return ((await response.json()) as { id: string }).id;
      },
    };

    for (const size of options.sizes) {
      const errors: string[] = [];
      const grownFrom = await db.db.collection('songs').countDocuments();
      // Stopped first: a running API would reload the grown catalog alongside the growth and the next start.
      await api.stop();
      progress(`growing the catalog from ${grownFrom.toLocaleString('en')} to ${size.toLocaleString('en')} songs (direct inserts) ...`);
      const growStarted = performance.now();
      const catalog = await growCatalog(db.db, { songs: size, template: { coverFileId: fileIdOf(template.song_cover_url!), audioFileId: fileIdOf(template.song_file_url) }, mainUserId: me.id });
      const growSeconds = (performance.now() - growStarted) / 1000;
      progress(`grown in ${growSeconds.toFixed(1)} s; starting the API (it loads the catalog before it listens) ...`);
      const spawned = performance.now();
      api = await startApi({ mongodbUri: database.uri, env, timeoutMs: START_TIMEOUT_MS });
      const startMs = performance.now() - spawned;
      session.baseUrl = api.url;
      const firstStarted = performance.now();
      const first = await session.send('GET', '/api/songs?limit=50');
      const firstBody = (await first.json().catch(() => ({}))) as { total?: number };
      const firstMs = performance.now() - firstStarted;
      const apiIdle = rssMb(api.child.pid);
      const engineIdle = rssMb(enginePid);
      const scale: ScaleContext = { ...context, catalog, songCount: firstBody.total ?? catalog.songs };
      const section = async <T>(name: string, work: () => Promise<T>, fallback: T): Promise<T> => {
        progress(`${size.toLocaleString('en')} songs: ${name} ...`);
        try {
          return await work();
        } catch (error) {
          errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
          return fallback;
        }
      };
      const reads = await section('reads', () => measureReads(scale), []);
      const full = await section('the whole list', () => measureFullList(session, api.child.pid, () => rssMb(api.child.pid)?.rss), { ms: NaN, bytes: 0, status: 0, rssHighest: NaN });
      const writes = await section('writes, each with the read after it', () => measureAfterWrites(scale), []);
      const load = await section('mixed load', () => mixedLoad(scale, { api: api.child.pid, engine: enginePid }, 16, options.quick ? 5 : 20), { clients: 16, seconds: 0, requests: 0, errors: 0, p50: NaN, p99: NaN, apiMaxRssMb: NaN, engineMaxRssMb: NaN });
      const subsonic = await section('the Subsonic API (reads, sync, 50 apps starting)', () => measureSubsonic(scale, api.child.pid, options.quick ? 5 : 60), undefined);
      const listening = await section('your listening (top lists and history over 10 plays a song)', () => measureListening(scale, db.db, progress), undefined);
      const [apiEnd, engineEnd] = [rssMb(api.child.pid), rssMb(enginePid)];
      // A restart (an upgrade, a crash): the stop writes the catalog snapshot, the start reads it and the change log.
      const restartMs = await section(
        'restart from the catalog snapshot',
        async () => {
          await api.stop();
          const respawned = performance.now();
          api = await startApi({ mongodbUri: database.uri, env, timeoutMs: START_TIMEOUT_MS });
          session.baseUrl = api.url;
          return performance.now() - respawned;
        },
        NaN,
      );
      const result: SizeResult = { catalog, grownFrom, growSeconds, loadAverage: loadAverage(), at: new Date(), startMs, firstMs, restartMs, firstStatus: first.status, apiIdle, engineIdle, reads, writes, full, load, subsonic, listening, apiEnd, engineEnd, errors };
      results.push(result);
      progress(`\n${formatSize(result)}\n`);
    }
  } finally {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: Error) => progress(`cleanup: ${error.message}`));
    if (header) console.log([header, '', ...results.flatMap((result) => [formatSize(result), '']), missedSummary(results), '', `Finished ${new Date().toISOString()}, load average ${loadAverage()}`].join('\n'));
  }
}
