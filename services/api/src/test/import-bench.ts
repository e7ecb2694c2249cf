/**
 * `npm run bench:import [-- --files 1000 --seconds 20 --big 20 --big-mb 40]`: bulk upload and folder import throughput,
 * printed, not asserted (docs/import.md, issue 13):
 * - N tagged files of mixed formats, `--seconds` long each (20 s clips by default: the per-file costs show; 240 for
 *   tracks of a real album's length, where the bytes dominate), through POST /api/uploads/songs and through the CLI (`--concurrency`, 4 at a
 *   time by default), beside a raw GridFS write of the same bytes at the same concurrency and with the API's chunk
 *   size (the driver's default, 255 KiB), in the same run;
 * - the API's peak RSS above idle while `--big` FLAC files of `--big-mb` MB upload at once (`--big 0` skips it);
 * - per file, the CPU milliseconds of the API (or the CLI) and of the engine in each phase, read from /proc, and the
 *   engine commands per upload (the API's /api/metrics): on a shared machine files/s follow the load, these do not.
 * `--dist <folder>` runs another build of the API (its main.js and import-cli.js), to compare builds in interleaved runs.
 * Needs ffmpeg. Fresh test database (the local engine, or a throwaway database on MONGODB_URI).
 */
import { execFile } from 'node:child_process';
import { openAsBlob, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { AUDIO_FORMATS } from '@tunafy/contracts';
import { cpuMs, startApi, startDatabase, throwawayApiEnv, withCpu } from '@tunafy/stack';
import { MongoClient, GridFSBucket } from 'mongodb';
import { FIXTURE_EXTENSIONS, testPicture, writeAudio } from '../imports/test-audio.js';
import { newUser, type ApiClient } from './api-client.js';

const run = promisify(execFile);
const { values } = parseArgs({
  options: { files: { type: 'string', default: '200' }, seconds: { type: 'string', default: '20' }, big: { type: 'string', default: '20' }, 'big-mb': { type: 'string', default: '40' }, concurrency: { type: 'string', default: '4' }, dist: { type: 'string' } },
});
const fileCount = Number(values.files);
const trackSeconds = Number(values.seconds);
const bigCount = Number(values.big);
const bigMb = Number(values['big-mb']);
const concurrency = Number(values.concurrency);
const dist = values.dist ? resolve(values.dist) : fileURLToPath(new URL('../../dist', import.meta.url));
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const log = (line: string) => console.error(`[bench:import] ${line}`);
const mb = (bytes: number) => bytes / 1048576;

const scratch = await mkdtemp(join(tmpdir(), 'tunafy-import-bench-'));
const database = await startDatabase({ mode: 'test' });
const api = await startApi({ mongodbUri: database.uri, entry: join(dist, 'main.js'), env: throwawayApiEnv(join(scratch, 'api-cache'), { LOUDNESS_JOB: 'off' }) });
const enginePid = database.enginePid?.();
const mongo = await MongoClient.connect(database.uri);
try {
  log(`engine ${database.engine}; load average ${load()}; making ${fileCount} tagged files ...`);
  const folder = join(scratch, 'music');
  const bases = await Promise.all(
    AUDIO_FORMATS.map((format) => writeAudio(join(scratch, 'bases', `${format}.${FIXTURE_EXTENSIONS[format]}`), { format, seconds: trackSeconds, picture: testPicture(format) })),
  );
  await inBatches(Array.from({ length: fileCount }, (_, index) => index), 2, async (index) => {
    // Copies of the base files with their own tags: unique bytes, real encoder output, no re-encoding.
    const base = bases[index % bases.length]!;
    const album = `Bench Album ${Math.floor(index / 12)}`;
    const track = (index % 12) + 1;
    const name = `${String(track).padStart(2, '0')} - Track ${index}${base.slice(base.lastIndexOf('.'))}`;
    await mkdir(join(folder, album), { recursive: true });
    // ffmpeg reads an Ogg picture comment as a video stream it cannot write back into Ogg.
    const streams = /\.(ogg|opus)$/.test(base) ? '0:a' : '0';
    await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', base, '-map', streams, '-c', 'copy', '-metadata', `title=Track ${index}`, '-metadata', `album=${album}`, '-metadata', `track=${track}`, join(folder, album, name)]);
  });
  const files = await listFiles(folder);
  const totalBytes = (await Promise.all(files.map((path) => stat(path)))).reduce((sum, info) => sum + info.size, 0);
  log(`${files.length} files, ${mb(totalBytes).toFixed(1)} MB`);

  const loadBefore = load();
  const { result: raw, cpu: rawCpu } = await withCpu([process.pid, enginePid], () => timed(() => inBatches(files, concurrency, (path) => rawGridFs(mongo, path))));
  const viaApi = await newUser(api.url, 'bench');
  const commandsBefore = await engineCommands(api.url);
  const { result: uploaded, cpu: uploadCpu } = await withCpu([api.child.pid, enginePid], () => timed(() => inBatches(files, concurrency, (path) => uploadFile(viaApi, path))));
  const commandsAfter = await engineCommands(api.url);
  const cliUser = await newUser(api.url, 'benchcli');
  const cliCpu = { ms: NaN };
  const { result: cli, cpu: cliEngineCpu } = await withCpu([enginePid], () => timed(() => runCli(cliUser.user.username, folder, cliCpu)));
  const loadAfter = load();
  const perFile = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? '?' : (ms / files.length).toFixed(1));
  const commands = [...commandsAfter].map(([name, count]) => [name, count - (commandsBefore.get(name) ?? 0)] as const).filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1]);
  const commandTotal = commands.reduce((sum, [, count]) => sum + count, 0);
  const rate = (ms: number, count: number, bytes: number) => `${(count / (ms / 1000)).toFixed(1)} files/s, ${(mb(bytes) / (ms / 1000)).toFixed(1)} MB/s (${(ms / 1000).toFixed(1)} s)`;
  console.log(`\nBulk import, ${files.length} tagged files of ${AUDIO_FORMATS.length} formats, ${trackSeconds} s each, ${mb(totalBytes).toFixed(1)} MB, engine ${database.engine}, load average ${loadBefore} -> ${loadAfter}`);
  console.log(`  raw GridFS write (driver, ${concurrency} at a time, 255 KiB chunks like the API): ${rate(raw, files.length, totalBytes)}`);
  console.log(`  POST /api/uploads/songs (${concurrency} at a time):  ${rate(uploaded, files.length, totalBytes)}  = ${(raw / uploaded).toFixed(2)} of raw`);
  console.log(`  npm run import (CLI, --concurrency ${concurrency}, boot included):   ${rate(cli, files.length, totalBytes)}  = ${(raw / cli).toFixed(2)} of raw`);
  console.log(`  CPU ms per file: raw ${perFile(rawCpu[0])} bench process (the driver) + ${perFile(rawCpu[1])} engine; upload ${perFile(uploadCpu[0])} API + ${perFile(uploadCpu[1])} engine; CLI ${perFile(cliCpu.ms)} CLI + ${perFile(cliEngineCpu[0])} engine`);
  console.log(`  engine commands per upload: ${(commandTotal / files.length).toFixed(2)} (${commands.map(([name, count]) => `${name} ${(count / files.length).toFixed(2)}`).join(', ')})`);
  if (bigCount > 0) await bigUploads(rate);
} finally {
  await mongo.close();
  await api.stop();
  await database.stop();
  await rm(scratch, { recursive: true, force: true });
}

async function bigUploads(rate: (ms: number, count: number, bytes: number) => string): Promise<void> {
  log(`making ${bigCount} FLAC files of ~${bigMb} MB ...`);
  const bigBase = join(scratch, 'big', 'noise.flac');
  await mkdir(join(scratch, 'big'), { recursive: true });
  await run('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `anoisesrc=d=${Math.round((bigMb * 1048576) / (44100 * 2 * 2 * 0.9))}:c=pink:r=44100`, '-ac', '2', '-c:a', 'flac', bigBase]);
  const bigFiles: string[] = [];
  for (let index = 0; index < bigCount; index++) {
    const path = join(scratch, 'big', `${index}.flac`);
    await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', bigBase, '-c', 'copy', '-metadata', `title=Big ${index}`, path]);
    bigFiles.push(path);
  }
  const bigBytes = (await stat(bigFiles[0]!)).size;
  const bigUser = await newUser(api.url, 'benchbig');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = rssMb(api.child.pid!);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(api.child.pid!))), 25);
  const big = await timed(() => Promise.all(bigFiles.map((path) => uploadFile(bigUser, path))));
  clearInterval(sampler);
  console.log(`\n${bigCount} FLAC files of ${mb(bigBytes).toFixed(1)} MB uploaded at once: ${rate(big, bigCount, bigBytes * bigCount)}`);
  console.log(`  API RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB: +${(peak - idle).toFixed(0)} MB`);
}

async function uploadFile(client: ApiClient, path: string): Promise<void> {
  const data = new FormData();
  data.append('file', await openAsBlob(path), basename(path));
  const response = await client.post('/api/uploads/songs', { form: data });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
}

async function rawGridFs(client: MongoClient, path: string): Promise<void> {
  const bucket = new GridFSBucket(client.db(), { bucketName: 'raw_bench' });
  const { createReadStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  await pipeline(createReadStream(path), bucket.openUploadStream(basename(path)));
}

/** Runs the CLI; `cpu.ms` gets its CPU time, sampled until it exits (a process's /proc entry goes with it). */
async function runCli(username: string, folder: string, cpu: { ms: number }): Promise<void> {
  const entry = join(dist, 'import-cli.js');
  const env = { ...process.env, MONGODB_URI: database.uri, MEDIA_CACHE_DIR: join(scratch, 'cli-cache'), LOG_LEVEL: 'error' };
  const running = run(process.execPath, [entry, '--user', `${username}@example.com`, '--concurrency', String(concurrency), folder], { env, maxBuffer: 64 * 1024 * 1024 });
  const sampler = setInterval(() => (cpu.ms = cpuMs(running.child.pid) ?? cpu.ms), 20);
  try {
    const { stdout } = await running;
    log(stdout.trim().split('\n').slice(-3).join(' | '));
  } finally {
    clearInterval(sampler);
  }
}

/** The API's engine commands so far, by command name (its /api/metrics, open to loopback). */
async function engineCommands(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/api/metrics`)).text();
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/^tunafy_db_command_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
    const name = /command="([^"]+)"/.exec(match[1]!)?.[1] ?? '?';
    counts.set(name, (counts.get(name) ?? 0) + Number(match[2]));
  }
  return counts;
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)).sort();
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

async function inBatches<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await task(items[next++]!);
  }));
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((row) => row.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
}
