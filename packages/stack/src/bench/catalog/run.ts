import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApi, throwawayApiEnv, type RunningApi } from '../../api-process.js';
import { growCatalog, type GrownCatalog } from '../../catalog/grow-catalog.js';
import { startDatabase } from '../../database.js';
import { parseMongoUri } from '../../mongo-uri.js';
import { BenchSession } from '../api-session.js';
import { BenchDatabase } from '../database-tools.js';
import { loadMediaGenerators } from '../media.js';
import { pidListeningOn } from '../process-cpu.js';
import { ms, table } from '../stats.js';
import { rssMb } from './memory.js';
import { measureAfterWrites, measureFullList, measureReads, mixedLoad, type Timing } from './scale.js';

export interface CatalogBenchOptions {
  sizes: number[];
  quick: boolean;
}

const fileIdOf = (url: string) => url.split('/').pop()!;

/**
 * `npm run bench -- --catalog N`: grows one database step by step to each
 * size by direct inserts, restarts the real API at each size (its start is
 * part of the figures), and prints the table: reads, writes seen by
 * the next read, the whole list, start time, memory under a mixed load.
 * Numbers are printed, never asserted.
 */
export async function runCatalogBench(options: CatalogBenchOptions, progress: (line: string) => void): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'tunafy-catalog-bench-'));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(scratch, { recursive: true, force: true })];
  const loadAtStart = loadavg().map((value) => value.toFixed(1)).join(' ');
  const startedAt = new Date();
  try {
    const database = await startDatabase({ mode: 'test', log: (line) => progress(`db: ${line}`) });
    cleanups.push(() => database.stop());
    const db = await BenchDatabase.connect(database.uri);
    cleanups.push(() => db.close());
    const server = await db.serverDescription();
    const enginePort = /:(\d+)$/.exec(parseMongoUri(database.uri).hosts)?.[1];
    const enginePid = enginePort ? pidListeningOn(Number(enginePort)) : undefined;
    const env = { ...throwawayApiEnv(join(scratch, 'media')), SEED_ON_EMPTY: 'false' };
    let api: RunningApi = await startApi({ mongodbUri: database.uri, env, timeoutMs: 30 * 60_000 });
    cleanups.push(() => api.stop());
    const session = new BenchSession(api.url);
    const me = await session.signup();
    const media = await loadMediaGenerators();
    const template = (await (await session.send('POST', '/api/songs/new', { form: songForm('Template', media.renderCover({ seed: 1, title: 'T', size: 64 }), media.synthesizeSong({ seed: 1, seconds: 2 })) })).json()) as { song_cover_url: string; song_file_url: string };
    const coverBytes = media.renderCover({ seed: 2, title: 'U', size: 64 });
    const mp3 = media.synthesizeSong({ seed: 2, seconds: 2 });
    const upload = async (name: string) => {
      const response = await session.send('POST', '/api/songs/new', { form: songForm(name, coverBytes, mp3) });
      if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    };

    const out: string[] = [`Catalog scale benchmark, ${startedAt.toISOString()}, load average at start ${loadAtStart}`, `Database: ${server}`];
    for (const size of options.sizes) {
      progress(`growing the catalog to ${size.toLocaleString('en')} songs (direct inserts) ...`);
      const growStarted = performance.now();
      const catalog: GrownCatalog = await growCatalog(db.db, { songs: size, template: { coverFileId: fileIdOf(template.song_cover_url), audioFileId: fileIdOf(template.song_file_url) }, mainUserId: me.id });
      const growSeconds = (performance.now() - growStarted) / 1000;

      progress('restarting the API (it loads the catalog before it listens) ...');
      await api.stop();
      const spawned = performance.now();
      api = await startApi({ mongodbUri: database.uri, env, timeoutMs: 30 * 60_000 });
      const startMs = performance.now() - spawned;
      session.baseUrl = api.url;
      const firstStarted = performance.now();
      const first = await session.send('GET', '/api/songs?limit=50');
      const firstTotal = ((await first.json()) as { total: number }).total;
      const firstMs = performance.now() - firstStarted;
      const afterStart = rssMb(api.child.pid);
      const rounds = options.quick ? 5 : 21;
      const context = { session, me: me.id, catalog, songCount: firstTotal, rounds };

      progress('reads ...');
      const reads = await measureReads(context);
      progress('the whole list ...');
      const full = await measureFullList(session, api.child.pid);
      progress('writes and the read after them ...');
      const writes = await measureAfterWrites(context, upload);
      progress('mixed load ...');
      const load = await mixedLoad(context, api.child.pid, 16, options.quick ? 5 : 20);
      const engine = rssMb(enginePid);

      out.push(
        '',
        `## ${firstTotal.toLocaleString('en')} songs, ${catalog.albums.toLocaleString('en')} albums, ${catalog.playlists.toLocaleString('en')} playlists with ${catalog.entries.toLocaleString('en')} entries, ${catalog.likes.toLocaleString('en')} likes (grown in ${growSeconds.toFixed(1)} s)`,
        '',
        table([['measure (median of sequential requests)', 'p50', 'p95', 'target', 'verdict'], ...[...reads, ...writes].map(row)]),
        '',
        table([
          ['start and memory', 'figure', 'target', 'verdict'],
          ['API start: spawn -> listening (catalog loaded)', ms(startMs), '', ''],
          ['first GET /api/songs?limit=50 after the start', ms(firstMs), '1000 ms', verdict(firstMs, 1000)],
          [`whole list GET /api/songs (${(full.bytes / 1048576).toFixed(1)} MB)`, ms(full.ms), '', ''],
          ['API RSS after start / peak so far', `${mb(afterStart?.rss)} / ${mb(afterStart?.peak)}`, '', ''],
          ['API RSS, highest while the whole list streamed', mb(full.maxRssMb), '', ''],
          [`API RSS, highest under a mixed load (16 clients, ${load.requests} requests, ${load.errors} errors, p50 ${ms(load.p50)}, p99 ${ms(load.p99)})`, mb(load.maxRssMb), '250 MB', verdict(load.maxRssMb, 250)],
          ['engine RSS / peak', `${mb(engine?.rss)} / ${mb(engine?.peak)}`, '', ''],
        ]),
      );
      progress(out.slice(-3).join('\n'));
    }
    out.push('', `Load average at the end: ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
    console.log(out.join('\n'));
  } finally {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: Error) => progress(`cleanup: ${error.message}`));
  }
}

function row(timing: Timing): string[] {
  return [timing.label + (timing.note ? ` (${timing.note})` : ''), ms(timing.p50), ms(timing.p95), timing.target ? `${timing.target} ms` : '', timing.target ? verdict(timing.p50, timing.target) : ''];
}

function verdict(value: number, target: number): string {
  return Number.isFinite(value) ? (value <= target ? 'met' : 'MISSED') : '-';
}

function mb(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '-' : `${value.toFixed(0)} MB`;
}

function songForm(name: string, cover: Buffer, mp3: Buffer): FormData {
  const form = new FormData();
  form.append('song_name', name);
  form.append('song_cover_url', new File([cover], 'cover.png', { type: 'image/png' }));
  form.append('song_file_url', new File([mp3], 'song.mp3', { type: 'audio/mpeg' }));
  return form;
}
