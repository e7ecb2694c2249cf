import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BenchSession } from './api-session.js';
import { withBenchApi } from './bench-api.js';
import { median, ms, ratio, table } from './stats.js';

const run = promisify(execFile);

/** Issue 27's transcoding targets, measured against one real API process (docs/benchmarks.md, "Transcoding"). */
const BITRATE = 160;
const BYTES_PER_SECOND = BITRATE * 125;
const LONG_SECONDS = 360;
const PAIRS = 5;
const SEEKS = 5;
const LISTENERS = 20;
const LISTEN_SECONDS = 60;
/** What a listener buffers ahead before it holds back its reading, as a browser's media element does (~10 s). */
const READ_AHEAD_SECONDS = 10;
/** What a listener buffers before it starts playing (a media element's "enough data" is a few seconds). */
const START_SECONDS = 2;
/** The same command the API runs (services/api/src/media/transcoding/ffmpeg.ts). */
const mp3Args = (input: string) =>
  ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', input, '-map', '0:a:0', '-vn', '-map_metadata', '-1', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', `${BITRATE}k`, '-ar', '44100', '-write_xing', '0', '-id3v2_version', '0', '-f', 'mp3', 'pipe:1'];

/** A song with a bit of everything an encoder works on: two tones and quiet noise, stereo. */
async function makeFlac(path: string, seconds: number, seed: number): Promise<string> {
  const source = `sine=frequency=${220 + seed * 7}:duration=${seconds}`;
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, '-f', 'lavfi', '-i', `anoisesrc=d=${seconds}:c=pink:a=0.05:seed=${seed}`, '-filter_complex', 'amix=inputs=2,pan=stereo|c0=c0|c1=c0', '-c:a', 'flac', path]);
  return path;
}

async function upload(session: BenchSession, path: string): Promise<{ id: string; duration: number }> {
  const form = new FormData();
  form.append('file', new File([readFileSync(path)], path.slice(path.lastIndexOf('/') + 1)));
  const response = await session.send('POST', '/api/uploads/songs', { form });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { song: { id: string; duration: number } };
  return body.song;
}

/** Reads a whole answer as fast as it comes; answers the ms to its last byte and its size. */
function readWhole(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number; source: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ ms: performance.now() - started, bytes, source: String(res.headers['x-transcode'] ?? 'original') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same ffmpeg command alone, its output read through a pipe as the API reads it. */
function ffmpegAlone(input: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', mp3Args(input), { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', () => undefined);
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`ffmpeg exited with ${code}`))));
  });
}

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

interface Listening {
  /** ms from the request to START_SECONDS of audio received. */
  startMs: number;
  stalls: number;
  stalledMs: number;
  bytes: number;
  status: number;
}

/**
 * A player at real-time pace: starts playing once START_SECONDS of audio arrived, reads ahead up to READ_AHEAD_SECONDS
 * past the playback position, and counts a stall each time the bytes received fall behind the position (an underrun).
 */
function listen(url: string, headers: Record<string, string>, seconds: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const result: Listening = { startMs: NaN, stalls: 0, stalledMs: 0, bytes: 0, status: 0 };
    const requested = performance.now();
    let startedAt = 0;
    let stalledSince = 0;
    let timer: NodeJS.Timeout | undefined;
    const req = request(url, { headers }, (res) => {
      result.status = res.statusCode ?? 0;
      res.on('data', (chunk: Buffer) => {
        result.bytes += chunk.length;
        if (!startedAt && result.bytes >= START_SECONDS * BYTES_PER_SECOND) {
          startedAt = performance.now();
          result.startMs = startedAt - requested;
        }
        if (!startedAt) return;
        const position = ((performance.now() - startedAt) / 1000) * BYTES_PER_SECOND;
        if (result.bytes > position + READ_AHEAD_SECONDS * BYTES_PER_SECOND) res.pause();
      });
      res.on('error', () => undefined);
      timer = setInterval(() => {
        if (!startedAt) return;
        const elapsed = performance.now() - startedAt;
        const position = (elapsed / 1000) * BYTES_PER_SECOND;
        if (res.isPaused() && result.bytes <= position + READ_AHEAD_SECONDS * BYTES_PER_SECOND) res.resume();
        const behind = result.bytes < position;
        if (behind && !stalledSince) {
          result.stalls++;
          stalledSince = performance.now();
        } else if (!behind && stalledSince) {
          result.stalledMs += performance.now() - stalledSince;
          stalledSince = 0;
        }
        if (elapsed >= seconds * 1000) {
          clearInterval(timer);
          if (stalledSince) result.stalledMs += performance.now() - stalledSince;
          req.destroy();
          resolve(result);
        }
      }, 50);
    });
    req.on('error', (error) => {
      clearInterval(timer);
      if (result.bytes > 0) resolve(result);
      else reject(error);
    });
    req.end();
  });
}

/**
 * `npm run bench -- --transcode`: (1) a 6-minute FLAC transcoded to 160 kbit/s MP3 through GET /api/songs/{id}/stream
 * vs the same ffmpeg command alone, in alternating pairs (ratio of throughputs, target ≥ 0.9); (2) a Range request at
 * 3:00 while that song is being transcoded, time to its first byte (target ≤ 1 s); (3) 20 listeners of 20 songs being
 * transcoded, reading at real-time pace for 60 s: stalls and the API's RSS growth (target ≤ 30 MB).
 */
export async function runTranscodeBench(progress: (line: string) => void): Promise<void> {
  const env = { TRANSCODE_MAX_PER_PROCESS: String(LISTENERS + 4), TRANSCODE_MAX_PER_USER: String(LISTENERS + 4) };
  await withBenchApi(
    'transcode',
    progress,
    async ({ api, scratch, loadAtStart }) => {
      const cacheDir = join(scratch, 'media', 'transcodes');
      // A reader's answer ends at the declared length, maybe just before ffmpeg exits: wait for running jobs to end.
      const clearCache = async () => {
        for (let waited = 0; waited < 30_000 && (await readdir(cacheDir).catch(() => [])).some((name) => name.endsWith('.part')); waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        for (const name of await readdir(cacheDir).catch(() => [])) await rm(join(cacheDir, name), { force: true });
      };
      const session = new BenchSession(api.url);
      await session.signup();
      const headers = { cookie: session.cookieHeader };

      progress(`making and uploading a ${LONG_SECONDS / 60}-minute FLAC and ${LISTENERS} of ${LISTEN_SECONDS + 30} s ...`);
      const longPath = await makeFlac(join(scratch, 'long.flac'), LONG_SECONDS, 1);
      const long = await upload(session, longPath);
      const shorts: { id: string }[] = [];
      for (let index = 0; index < LISTENERS; index++) shorts.push(await upload(session, await makeFlac(join(scratch, `short-${index}.flac`), LISTEN_SECONDS + 30, 10 + index)));
      const streamUrl = (id: string) => `${api.url}/api/songs/${id}/stream?format=mp3&maxBitRate=${BITRATE}`;
      // One unmeasured transcode: the API's code paths warm, and the media cache holds the FLAC's local copy.
      await readWhole(streamUrl(long.id), headers);

      progress(`throughput: ${PAIRS} pairs of API vs ffmpeg alone ...`);
      const ratios: number[] = [];
      const apiMs: number[] = [];
      const aloneMs: number[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        for (const side of pair % 2 === 0 ? ['api', 'alone'] : ['alone', 'api']) {
          if (side === 'api') {
            await clearCache();
            const read = await readWhole(streamUrl(long.id), headers);
            if (read.source !== 'start') throw new Error(`expected a fresh transcode, got ${read.source}`);
            apiMs.push(read.ms);
          } else aloneMs.push(await ffmpegAlone(longPath));
        }
        ratios.push(aloneMs[pair]! / apiMs[pair]!);
      }

      progress(`seek to 3:00 mid-transcode, ${SEEKS} times ...`);
      const seekMs: number[] = [];
      const seekSources: string[] = [];
      for (let attempt = 0; attempt < SEEKS; attempt++) {
        await clearCache();
        const whole = await new Promise<{ destroy: () => void }>((resolve, reject) => {
          const req = request(streamUrl(long.id), { headers }, (res) => res.once('data', () => resolve({ destroy: () => req.destroy() })));
          req.on('error', reject);
          req.end();
        });
        const started = performance.now();
        const at = 180 * BYTES_PER_SECOND;
        await new Promise<void>((resolve, reject) => {
          const req = request(streamUrl(long.id), { headers: { ...headers, range: `bytes=${at}-` } }, (res) => {
            seekSources.push(String(res.headers['x-transcode']));
            res.once('data', () => {
              seekMs.push(performance.now() - started);
              req.destroy();
              resolve();
            });
          });
          req.on('error', reject);
          req.end();
        });
        whole.destroy();
        await new Promise((resolve) => setTimeout(resolve, 500));
      }

      progress(`${LISTENERS} listeners at real-time pace for ${LISTEN_SECONDS} s ...`);
      await clearCache();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rssBefore = rssMb(api.child.pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(api.child.pid))), 250);
      const listened = await Promise.all(shorts.map((song) => listen(streamUrl(song.id), headers, LISTEN_SECONDS)));
      clearInterval(sampler);
      const rssAfter = rssMb(api.child.pid);
      const stalls = listened.reduce((sum, one) => sum + one.stalls, 0);
      const stalledMs = listened.reduce((sum, one) => sum + one.stalledMs, 0);
      const failed = listened.filter((one) => one.status !== 200).length;

      const rows = [
        ['measure', 'value', 'target'],
        [`throughput, API ÷ ffmpeg alone (median of ${PAIRS} pairs; min–max)`, `${ratio(median(ratios))} (${ratio(Math.min(...ratios))}–${ratio(Math.max(...ratios))})`, '≥ 0.90'],
        [`  6-min FLAC → ${BITRATE}k MP3, API / alone (medians)`, `${ms(median(apiMs))} / ${ms(median(aloneMs))}`, ''],
        [`Range at 3:00 mid-transcode, first byte (median of ${SEEKS}; max)`, `${ms(median(seekMs))} (${ms(Math.max(...seekMs))})`, '≤ 1 s'],
        ['  answered by', [...new Set(seekSources)].join(', '), ''],
        [`${LISTENERS} listeners × ${LISTEN_SECONDS} s: stalls (total stalled time)`, `${stalls} (${ms(stalledMs)})`, '0'],
        ['  listeners not answered 200', String(failed), '0'],
        [`  time to ${START_SECONDS} s of audio buffered (median; max)`, `${ms(median(listened.map((one) => one.startMs)))} (${ms(Math.max(...listened.map((one) => one.startMs)))})`, ''],
        ['API RSS before / peak / after', `${rssBefore.toFixed(0)} / ${rssPeak.toFixed(0)} / ${rssAfter.toFixed(0)} MB`, ''],
        ['API RSS growth (peak − before)', `${(rssPeak - rssBefore).toFixed(1)} MB`, '≤ 30 MB'],
      ];
      console.log(
        [
          '',
          `Transcoding (issue 27): one API process, ffmpeg ${await ffmpegVersion()}, load ${loadAtStart.toFixed(2)} at start, ${loadavg()[0]!.toFixed(2)} at end`,
          table(rows),
          '',
        ].join('\n'),
      );
    },
    env,
  );
}

async function ffmpegVersion(): Promise<string> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-version']);
  return /ffmpeg version (\S+)/.exec(stdout)?.[1] ?? 'unknown';
}
