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
 * Covers (docs/covers.md): uploads and the CLI derive each new cover's sizes as they store it (`--derive off` sets
 * COVER_UPLOADS=off in both, for a run to compare); the upload phase is followed by the wait for the API's last sizes
 * (printed), the CLI waits for its own before it exits (timed). `--album-covers`: each album gets its own 1500 px JPEG
 * of ~350 KB (a real album's art) beside its files and sent with each upload, instead of the files' tiny embedded
 * pictures. Last, `--cover-rate N` covers of that kind are derived in this process, one at a time: covers per second.
 * Needs ffmpeg. Fresh test database (the local engine, or a throwaway database on MONGODB_URI).
 */
import { execFile } from 'node:child_process';
import { openAsBlob, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { AUDIO_FORMATS, COVER_SIZES } from '@tunafy/contracts';
import { cpuMs, IMPORT_NODE_FLAGS, startApi, startDatabase, throwawayApiEnv, withCpu } from '@tunafy/stack';
import { MongoClient, GridFSBucket, ObjectId } from 'mongodb';
import sharp from 'sharp';
import { deriveCovers, readPicture } from '../covers/cover-encoder.js';
import { keptFormats } from '../covers/cover-rules.js';
import { renderCover } from '../media/synth/render-cover.js';
import { FIXTURE_EXTENSIONS, testPicture, writeAudio } from './test-audio.js';
import { newUser, type ApiClient } from './api-client.js';

const run = promisify(execFile);
const { values } = parseArgs({
  options: { files: { type: 'string', default: '200' }, seconds: { type: 'string', default: '20' }, big: { type: 'string', default: '20' }, 'big-mb': { type: 'string', default: '40' }, concurrency: { type: 'string', default: '4' }, dist: { type: 'string' }, derive: { type: 'string', default: 'on' }, 'album-covers': { type: 'boolean', default: false }, 'cover-rate': { type: 'string', default: '20' } },
});
const fileCount = Number(values.files);
const trackSeconds = Number(values.seconds);
const bigCount = Number(values.big);
const bigMb = Number(values['big-mb']);
const concurrency = Number(values.concurrency);
const dist = values.dist ? resolve(values.dist) : fileURLToPath(new URL('../../dist', import.meta.url));
const derive = values.derive === 'off' ? 'off' : 'on';
const albumCovers = values['album-covers'] === true;
const coverRateCount = Number(values['cover-rate']);
/** The picture album covers are made from (albumCover), drawn once. */
let coverBase: Buffer | undefined;
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const log = (line: string) => console.error(`[bench:import] ${line}`);
const mb = (bytes: number) => bytes / 1048576;

const scratch = await mkdtemp(join(tmpdir(), 'tunafy-import-bench-'));
const database = await startDatabase({ mode: 'test' });
const api = await startApi({ mongodbUri: database.uri, entry: join(dist, 'main.js'), env: throwawayApiEnv(join(scratch, 'api-cache'), { LOUDNESS_JOB: 'off', COVER_JOB: 'off', COVER_UPLOADS: derive }) });
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
    // With --album-covers the album's cover.jpg is the picture, so the files keep none of their own.
    const streams = albumCovers || /\.(ogg|opus)$/.test(base) ? '0:a' : '0';
    if (albumCovers && track === 1) await writeFile(join(folder, album, 'cover.jpg'), await albumCover(Math.floor(index / 12)));
    await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', base, '-map', streams, '-c', 'copy', '-metadata', `title=Track ${index}`, '-metadata', `album=${album}`, '-metadata', `track=${track}`, join(folder, album, name)]);
  });
  const files = (await listFiles(folder)).filter((path) => !path.endsWith('/cover.jpg'));
  const totalBytes = (await Promise.all(files.map((path) => stat(path)))).reduce((sum, info) => sum + info.size, 0);
  log(`${files.length} files, ${mb(totalBytes).toFixed(1)} MB`);

  const loadBefore = load();
  const { result: raw, cpu: rawCpu } = await withCpu([process.pid, enginePid], () => timed(() => inBatches(files, concurrency, (path) => rawGridFs(mongo, path))));
  const viaApi = await newUser(api.url, 'bench');
  const commandsBefore = await engineCommands(api.url);
  const { result: uploaded, cpu: uploadCpu } = await withCpu([api.child.pid, enginePid], () => timed(() => inBatches(files, concurrency, (path) => uploadFile(viaApi, path))));
  const commandsAfter = await engineCommands(api.url);
  const uploadCovers = derive === 'on' ? await coversDerived(viaApi.user!.id, uploaded) : '';
  const cliUser = await newUser(api.url, 'benchcli');
  const cliCpu = { ms: NaN };
  const { result: cli, cpu: cliEngineCpu } = await withCpu([enginePid], () => timed(() => runCli(cliUser.user.username, folder, cliCpu)));
  const cliCovers = derive === 'on' ? await coversDerived(cliUser.user!.id, 0) : '';
  const loadAfter = load();
  const perFile = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? '?' : (ms / files.length).toFixed(1));
  const commands = [...commandsAfter].map(([name, count]) => [name, count - (commandsBefore.get(name) ?? 0)] as const).filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1]);
  const commandTotal = commands.reduce((sum, [, count]) => sum + count, 0);
  const rate = (ms: number, count: number, bytes: number) => `${(count / (ms / 1000)).toFixed(1)} files/s, ${(mb(bytes) / (ms / 1000)).toFixed(1)} MB/s (${(ms / 1000).toFixed(1)} s)`;
  console.log(`\nBulk import, ${files.length} tagged files of ${AUDIO_FORMATS.length} formats, ${trackSeconds} s each, ${mb(totalBytes).toFixed(1)} MB, engine ${database.engine}, load average ${loadBefore} -> ${loadAfter}`);
  console.log(`  raw GridFS write (driver, ${concurrency} at a time, 255 KiB chunks like the API): ${rate(raw, files.length, totalBytes)}`);
  console.log(`  covers: ${albumCovers ? 'a 1500 px JPEG per album' : 'the files\' own (48 px) or generated (300 px)'}, sizes derived on upload and import: ${derive}`);
  console.log(`  POST /api/uploads/songs (${concurrency} at a time):  ${rate(uploaded, files.length, totalBytes)}  = ${(raw / uploaded).toFixed(2)} of raw${uploadCovers}`);
  console.log(`  npm run import (CLI, --concurrency ${concurrency}, boot included):   ${rate(cli, files.length, totalBytes)}  = ${(raw / cli).toFixed(2)} of raw${cliCovers}`);
  console.log(`  CPU ms per file: raw ${perFile(rawCpu[0])} bench process (the driver) + ${perFile(rawCpu[1])} engine; upload ${perFile(uploadCpu[0])} API + ${perFile(uploadCpu[1])} engine; CLI ${perFile(cliCpu.ms)} CLI + ${perFile(cliEngineCpu[0])} engine`);
  console.log(`  engine commands per upload: ${(commandTotal / files.length).toFixed(2)} (${commands.map(([name, count]) => `${name} ${(count / files.length).toFixed(2)}`).join(', ')})`);
  if (bigCount > 0) await bigUploads(rate);
  if (coverRateCount > 0) await coverRate();
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
  if (albumCovers) data.append('cover', await openAsBlob(join(dirname(path), 'cover.jpg')), 'cover.jpg');
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
  const env = { ...process.env, MONGODB_URI: database.uri, MEDIA_CACHE_DIR: join(scratch, 'cli-cache'), LOG_LEVEL: 'error', COVER_UPLOADS: derive };
  const running = run(process.execPath, [...IMPORT_NODE_FLAGS, entry, '--user', `${username}@example.com`, '--concurrency', String(concurrency), folder], { env, maxBuffer: 64 * 1024 * 1024 });
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

/** A distinct album cover like a real import's: 1500 px, ~350 KB of JPEG (drawn once, then recoloured and grained per album). */
async function albumCover(index: number): Promise<Buffer> {
  coverBase ??= renderCover({ seed: 3, title: 'bench album', size: 1500 });
  const grain = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).png().toBuffer();
  return sharp(coverBase).modulate({ hue: (index * 37) % 360 }).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
}

/** Waits until every cover of the user's songs has its sizes; answers how long after `since` (ms into the phase) that was. */
async function coversDerived(userId: string, since: number): Promise<string> {
  const db = mongo.db();
  const started = performance.now();
  const covers = (await db.collection('songs').distinct('cover_file_id', { artist_id: new ObjectId(userId) })).map(String);
  for (;;) {
    const done = await db.collection('cover_variants').countDocuments({ _id: { $in: covers as never[] } });
    const waited = performance.now() - started;
    if (done >= covers.length) return `; sizes of its ${covers.length} covers done ${((since + waited) / 1000).toFixed(1)} s after the phase started${since ? ` (${(waited / 1000).toFixed(1)} s after its last upload)` : ''}`;
    if (waited > 300_000) return `; sizes of only ${done} of ${covers.length} covers after 5 minutes`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Derivation throughput in this process, one cover at a time (the API's background slot): the whole set of each. */
async function coverRate(): Promise<void> {
  const pictures = await Promise.all(Array.from({ length: coverRateCount }, (_, index) => albumCover(100 + index)));
  const asks = COVER_SIZES.map((size) => ({ size, formats: keptFormats(false) }));
  const loadBefore = load();
  const started = performance.now();
  let bytes = 0;
  for (const picture of pictures) for (const image of await deriveCovers(picture, await readPicture(picture), asks)) bytes += image.bytes.length;
  const ms = performance.now() - started;
  const byFormat: string[] = [];
  for (const format of keptFormats(false)) {
    const at = performance.now();
    for (const picture of pictures.slice(0, 5)) await deriveCovers(picture, await readPicture(picture), [{ size: 640, formats: [format] }]);
    byFormat.push(`${format} ${((performance.now() - at) / 5).toFixed(0)} ms`);
  }
  const size = pictures.reduce((sum, picture) => sum + picture.length, 0) / pictures.length;
  console.log(`\nCover derivation, ${pictures.length} JPEGs of 1500 px (~${(size / 1024).toFixed(0)} KB), one at a time, load average ${loadBefore} -> ${load()}:`);
  console.log(`  whole set (${COVER_SIZES.join('/')} px × ${keptFormats(false).join(', ')}): ${(pictures.length / (ms / 1000)).toFixed(2)} covers/s, ${(ms / pictures.length).toFixed(0)} ms each, ${(bytes / pictures.length / 1024).toFixed(0)} KB of sizes per cover`);
  console.log(`  one 640 px size from the 1500 px original: ${byFormat.join(', ')}`);
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
