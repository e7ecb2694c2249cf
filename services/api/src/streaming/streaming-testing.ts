import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type { ImportResponse, Song } from '@tunafy/contracts';
import { cookieHeader } from '@tunafy/stack';
import type { ApiClient } from '../test/api-client.js';
import { form } from '../test/fixtures.js';

const run = promisify(execFile);

/** A folder for one test file's fixtures and bodies. */
export const scratch = () => mkdtempSync(join(tmpdir(), 'tunafy-streaming-'));

/** Writes an audio file with ffmpeg from lavfi sources and output arguments. */
export async function makeAudio(path: string, input: string[], output: string[]): Promise<string> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...input, ...output, path]);
  return path;
}

/** Uploads a file through Upload Music's call, as a user would; answers the imported song. */
export async function uploadSong(client: ApiClient, path: string): Promise<Song> {
  const response = await client.post<ImportResponse>('/api/uploads/songs', { form: form({ file: new File([readFileSync(path)], basename(path)) }) });
  if (response.status !== 201 || response.body.status !== 'imported') throw new Error(`upload of ${basename(path)} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.song;
}

/** The client's session cookies as a Cookie header, for requests made with fetch (to read part of a body, or leave). */
export function sessionCookie(client: ApiClient): string {
  return cookieHeader((client as unknown as { cookies: Map<string, string> }).cookies);
}

export interface Probe {
  codec: string;
  channels: number;
  sampleRate: number;
  packets: number;
  /** Seconds of decoded audio (packets × samples per packet / rate; for Opus and AAC, ffprobe's duration). */
  seconds: number;
}

/** Decodes the bytes with ffprobe, counting the packets it can read. */
export async function probe(bytes: Buffer, dir: string): Promise<Probe> {
  const path = join(dir, `probe-${Date.now()}-${Math.random().toString(16).slice(2)}`);
  writeFileSync(path, bytes);
  try {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-count_packets', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,channels,sample_rate,nb_read_packets,duration:format=duration', '-of', 'json', path]);
    const parsed = JSON.parse(stdout) as { streams: Record<string, string | number>[]; format: { duration?: string } };
    const stream = parsed.streams[0]!;
    const codec = String(stream.codec_name);
    const packets = Number(stream.nb_read_packets);
    const sampleRate = Number(stream.sample_rate);
    const seconds = codec === 'mp3' ? (packets * 1152) / sampleRate : Number(stream.duration ?? parsed.format.duration);
    return { codec, channels: Number(stream.channels), sampleRate, packets, seconds };
  } finally {
    await rm(path, { force: true });
  }
}

/** ffmpeg processes whose command line names this text (the stored file's id is in the input path). */
export async function ffmpegsNaming(text: string): Promise<number[]> {
  try {
    const { stdout } = await run('pgrep', ['-f', `ffmpeg.*${text}`]);
    return stdout.trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Polls until `check` holds (the API ends ffmpeg asynchronously); throws with `what` if it never does. */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

/** One value of a Prometheus series from the API's /api/metrics. */
export async function metric(apiUrl: string, series: string): Promise<number> {
  const text = await (await fetch(`${apiUrl}/api/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  if (!line) throw new Error(`no ${series} in the metrics`);
  return Number(line.slice(series.length + 1));
}
