import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApi, type RunningApi } from '../api-process.js';
import { growCatalog } from '../catalog/grow-catalog.js';
import { measureListening } from './catalog/listening.js';
import { rssMb } from './catalog/memory.js';
import type { ScaleContext } from './catalog/scale.js';
import { START_TIMEOUT_MS, startTemplateApi } from './catalog/template-api.js';
import { openBenchDatabase } from './database-tools.js';
import { ms, table } from './stats.js';

const loadAverage = () => loadavg().map((value) => value.toFixed(1)).join(' ');

/**
 * `npm run bench -- --listening 100000`: issue 28's "top lists at 100,000 songs and 1,000,000 plays ≤ 50 ms" alone,
 * without the rest of the catalog bench (which takes most of an hour at that size). Grows the catalog by direct
 * inserts, starts the built API, gives the bench user 10 plays per song (bulk inserts of what counting would have
 * left: catalog/listening.ts), then times the top lists of each period and history pages, sequentially.
 */
export async function runListeningBench(songs: number, rounds: number, progress: (line: string) => void): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'tunafy-listening-bench-'));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(scratch, { recursive: true, force: true })];
  const lines: string[] = [];
  try {
    const { database, db } = await openBenchDatabase(progress, cleanups);
    lines.push(`Listening benchmark, ${new Date().toISOString()}, load average at start ${loadAverage()}; ${await db.serverDescription()} (${database.engine}); ${songs.toLocaleString('en')} songs, ${rounds} rounds`);
    progress(lines[0]!);
    const started = await startTemplateApi(database.uri, scratch);
    const { env, session, me, template } = started;
    let api: RunningApi = started.api;
    cleanups.push(() => api.stop());
    await api.stop();
    progress(`growing the catalog to ${songs.toLocaleString('en')} songs (direct inserts) ...`);
    const grown = performance.now();
    const fileIdOf = (url: string) => url.split('/').pop()!;
    const catalog = await growCatalog(db.db, { songs, template: { coverFileId: fileIdOf(template.song_cover_url!), audioFileId: fileIdOf(template.song_file_url) }, mainUserId: me.id });
    progress(`grown in ${((performance.now() - grown) / 1000).toFixed(0)} s; starting the API ...`);
    api = await startApi({ mongodbUri: database.uri, env, timeoutMs: START_TIMEOUT_MS });
    session.baseUrl = api.url;
    const context: ScaleContext = { session, me: me.id, catalog, songCount: catalog.songs, rounds, uploaded: [], deleted: new Set(), upload: () => Promise.reject(new Error('no uploads here')) };
    const figures = await measureListening(context, db.db, progress);
    lines.push(
      `${figures.plays.toLocaleString('en')} plays, ${figures.tallies.toLocaleString('en')} tallies, seeded in ${figures.seedSeconds.toFixed(1)} s; API RSS ${rssMb(api.child.pid)?.rss.toFixed(0) ?? '?'} MB; load average after ${loadAverage()}`,
      '',
      table([
        ['read (sequential)', 'p50', 'p95', 'target (p50)', 'failed', 'note'],
        ...figures.reads.map((read) => [read.label, ms(read.p50), ms(read.p95), read.target === undefined ? '' : `≤ ${read.target} ms`, `${read.failed}/${read.calls}${read.failure ? ` ${read.failure}` : ''}`, read.note ?? '']),
      ]),
    );
  } finally {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: Error) => progress(`cleanup: ${error.message}`));
    lines.push('', `Finished ${new Date().toISOString()}, load average ${loadAverage()}`);
    console.log(lines.join('\n'));
  }
}
