/**
 * `npm run bench -- --loudness 1000 [--seconds 30] [--concurrency 1]` measures the loudness job's analysis (bench/loudness.ts).
 *
 * `npm run bench -- --rescan 10000` measures `npm run rescan` over that many stored files (bench/rescan.ts).
 *
 * `npm run bench -- --refused-upload` measures what a refused 300 MB upload costs the API (bench/refused-upload.ts).
 *
 * `npm run bench -- --transcode` measures on-the-fly transcoding: throughput vs ffmpeg alone, a seek mid-transcode, 20 listeners (bench/transcode.ts).
 *
 * `npm run bench -- --search [--songs N]` measures the search engine at 100,000 songs, against MiniSearch (bench/search.ts).
 *
 * `npm run bench -- --subsonic-stream` compares Subsonic's /rest/stream with the web player's /api/files/{id} (bench/subsonic-stream.ts).
 *
 * `npm run bench -- --listening 100000 [--rounds 51]` measures "Your listening" (top lists, history) over 10 plays per song (bench/listening.ts).
 *
 * `npm run bench -- --catalog 100000 [--million]` runs the catalog scale benchmark instead (bench/catalog/run.ts; `--catalog N --quick`: a 1,000/5,000-song smoke run).
 *
 * `npm run bench` (`-- --quick` for a smoke run): throughput and latency of
 * GET /api/songs with 1,000 songs and of Range streaming from the middle of a
 * 5 MB song, each beside a bare Node server answering the same bytes,
 * measured in the same run. Prints the figures; nothing is written to disk
 * beyond a temporary folder. Uses a fresh test database: the local engine, or
 * a throwaway database on the server MONGODB_URI names.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, throwawayApiEnv, type RunningApi } from '../api-process.js';
import { BenchSession } from '../bench/api-session.js';
import { benchAudio } from '../bench/audio.js';
import { openBenchDatabase } from '../bench/database-tools.js';
import { loadMediaGenerators } from '../bench/media.js';
import { runCatalogBench } from '../bench/catalog/run.js';
import { parseBenchOptions } from '../bench/options.js';
import { runRefusedUploadBench } from '../bench/refused-upload.js';
import { runRescanBench } from '../bench/rescan.js';
import { runListeningBench } from '../bench/listening.js';
import { runLoudnessBench } from '../bench/loudness.js';
import { runSearchBench } from '../bench/search.js';
import { runSubsonicStreamBench } from '../bench/subsonic-stream.js';
import { runTranscodeBench } from '../bench/transcode.js';
import { pidListeningOn } from '../bench/process-cpu.js';
import { formatAudio, formatHeader, formatSongsList } from '../bench/report.js';
import { benchSongsList, type ApiTarget, type ListComparison } from '../bench/songs-list.js';

const progress = (line: string) => console.error(`[bench] ${line}`);
const loudnessAt = process.argv.indexOf('--loudness');
if (loudnessAt >= 0) {
  const songs = Number(process.argv[loudnessAt + 1] ?? 1000);
  const flag = (name: string, fallback: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
  const seconds = flag('--seconds', 30);
  const concurrency = flag('--concurrency', 1);
  if (!Number.isInteger(songs) || songs < 2) throw new Error('--loudness takes a number of songs, at least 2 (e.g. --loudness 1000)');
  if (!Number.isInteger(seconds) || seconds < 1 || !Number.isInteger(concurrency) || concurrency < 1) throw new Error('--seconds and --concurrency take whole numbers from 1');
  await runLoudnessBench(songs, seconds, concurrency, progress).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}
const rescanAt = process.argv.indexOf('--rescan');
if (rescanAt >= 0) {
  const files = Number(process.argv[rescanAt + 1] ?? 10_000);
  if (!Number.isInteger(files) || files < 10) throw new Error('--rescan takes a number of stored files, at least 10 (e.g. --rescan 10000)');
  await runRescanBench(files, progress).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}
const listeningAt = process.argv.indexOf('--listening');
if (listeningAt >= 0) {
  const songs = Number(process.argv[listeningAt + 1] ?? 100_000);
  const rounds = process.argv.includes('--rounds') ? Number(process.argv[process.argv.indexOf('--rounds') + 1]) : 51;
  if (!Number.isInteger(songs) || songs < 1000 || !Number.isInteger(rounds) || rounds < 1) throw new Error('--listening takes a number of songs, at least 1000 (e.g. --listening 100000), and --rounds a whole number');
  await runListeningBench(songs, rounds, progress).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}
if (process.argv.includes('--refused-upload')) {
  await runRefusedUploadBench(progress).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}
if (process.argv.includes('--transcode')) {
  await runTranscodeBench(progress).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}
if (process.argv.includes('--search')) {
  await runSearchBench(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}
if (process.argv.includes('--subsonic-stream')) {
  await runSubsonicStreamBench(progress).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}
const parsed = parseBenchOptions(process.argv.slice(2));
if ('sizes' in parsed) {
  await runCatalogBench(parsed, progress).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}
const options = parsed;

const scratchDir = await mkdtemp(join(tmpdir(), 'tunafy-bench-'));
const mediaCacheDir = join(scratchDir, 'media-cache');
const cleanups: (() => Promise<unknown>)[] = [() => rm(scratchDir, { recursive: true, force: true })];
async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) await cleanups.pop()!().catch((error: Error) => progress(`cleanup: ${error.message}`));
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

const loadAtStart = loadavg()[0]!;
try {
  const { database, db, enginePid: databasePid } = await openBenchDatabase(progress, cleanups);
  const environment = { engine: database.engine, server: await db.serverDescription(), loadAtStart };
  progress(`database: ${environment.engine}, ${environment.server}`);

  // The loudness job would measure every grown song in the background and skew every figure; benches that want it say so.
  const apiEnv = throwawayApiEnv(mediaCacheDir, { LOUDNESS_JOB: 'off', COVER_JOB: 'off' });
  let api: RunningApi = await startApi({ mongodbUri: database.uri, env: apiEnv });
  cleanups.push(() => api.stop());
  const session = new BenchSession(api.url);
  await session.signup();
  const target = (): ApiTarget => ({ session, apiPid: api.child.pid, databasePid });

  progress(`creating ${options.songCount} songs (one upload, the rest copied in the songs collection) ...`);
  const media = await loadMediaGenerators();
  const first = await session.uploadSong('Bench Song 0', media.renderCover({ seed: 1, title: 'Bench', size: 64 }), media.synthesizeSong({ seed: 1, seconds: 2 }));
  await db.cloneSong(first.id, options.songCount - 1);
  await waitForSongCount(session, options.songCount);

  progress(`GET /api/songs: API vs bare server, ${options.connections} connections ...`);
  const lists: ListComparison[] = [];
  lists.push(await benchSongsList(target(), options, scratchDir, { label: 'no Accept-Encoding (autocannon default): identity JSON' }));
  lists.push(await benchSongsList(target(), options, scratchDir, { label: 'Accept-Encoding: gzip (what browsers send)', acceptEncoding: 'gzip, deflate, br' }));

  progress(`audio: ${options.streams} concurrent Range streams ...`);
  const audio = await benchAudio(target, db, media, options, scratchDir, async () => {
    await api.stop();
    await rm(mediaCacheDir, { recursive: true, force: true });
    api = await startApi({ mongodbUri: database.uri, env: apiEnv });
    session.baseUrl = api.url;
  });

  console.log(['', formatHeader(options, environment), '', formatSongsList(options, lists), '', formatAudio(options, audio), ''].join('\n'));
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await cleanUp();
}

/** The pid of a database listening on this machine, for CPU accounting (undefined for remote servers). */
async function waitForSongCount(session: BenchSession, expected: number): Promise<void> {
  // The API re-reads the catalog revision at most every CATALOG_RECHECK_MS (1 s by default).
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await session.getRaw('/api/songs');
    const count = response.status === 200 ? (JSON.parse(response.body.toString('utf8')) as { songs: unknown[] }).songs.length : -1;
    if (count === expected) return;
    if (Date.now() > deadline) throw new Error(`GET /api/songs lists ${count} songs (status ${response.status}), expected ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
