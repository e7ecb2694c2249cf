import { randomUUID } from 'node:crypto';
import type { Playlist, SessionUser, Song, UserPlaylistsResponse } from '@tunafy/contracts';
import type { ApiSession } from './production-stack.js';

/**
 * A steady mixed load through the gateway for the fault drills (production.spec.ts): a few workers, each in a
 * loop of idempotent reads (the songs list, one song, the session check, a Range read of a song's audio)
 * with a playlist creation every few requests (each with its own Idempotency-Key). Every answer is checked, not
 * only its status: a Range read must be a 206 with exactly the asked bytes, the session check must name the
 * logged-in user.
 */

export type RequestKind = 'songs' | 'song' | 'session' | 'range' | 'write';

export interface Sample {
  kind: RequestKind;
  /** Date.now() when it was sent. */
  startedAt: number;
  ms: number;
  /** 0: no HTTP answer (connection error, timeout). A body cut after the headers keeps its status, ok false. */
  status: number;
  ok: boolean;
  /** The error's `code` from a JSON error body (SERVICE_UNAVAILABLE, ...). */
  code?: string;
  message?: string;
  detail?: string;
  /** Writes: the name of the playlist it created. */
  name?: string;
  /** Answered from the API's idempotency record (`Idempotent-Replayed: true`): an earlier attempt had run it. */
  replayed?: boolean;
}

export interface LoadTarget {
  session: ApiSession;
  user: SessionUser;
  songs: Song[];
}

const RANGE_BYTES = 64 * 1024;
const ROTATION: RequestKind[] = ['songs', 'range', 'session', 'song', 'range', 'songs', 'session', 'range'];

export class MixedLoad {
  readonly samples: Sample[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private writeCount = 0;

  constructor(
    private readonly target: LoadTarget,
    private readonly options: { concurrency: number; writeEvery: number; pauseMs: number; tag: string },
  ) {}

  start(): void {
    this.running = true;
    this.workers = Array.from({ length: this.options.concurrency }, (_, id) => this.worker(id));
  }

  async stop(): Promise<Sample[]> {
    this.running = false;
    await Promise.all(this.workers);
    return this.samples;
  }

  /** Names of the playlists whose creation was acknowledged (201). */
  acknowledgedWrites(): string[] {
    return this.samples.filter((sample) => sample.kind === 'write' && sample.ok).map((sample) => sample.name!);
  }

  private async worker(id: number): Promise<void> {
    let step = id * 3; // the workers do not all send the same kind at once
    while (this.running) {
      step++;
      const kind = step % this.options.writeEvery === 0 ? 'write' : ROTATION[step % ROTATION.length]!;
      this.samples.push(await this.one(kind, step));
      await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs));
    }
  }

  private async one(kind: RequestKind, step: number): Promise<Sample> {
    const { session, songs, user } = this.target;
    const song = songs[step % songs.length]!;
    const startedAt = Date.now();
    const sample: Sample = { kind, startedAt, ms: 0, status: 0, ok: false };
    try {
      let response: Response;
      if (kind === 'songs') {
        response = await session.fetch('GET', '/api/songs?limit=20');
        sample.status = response.status;
        sample.ok = response.status === 200 && Array.isArray(((await response.json()) as { songs?: unknown[] }).songs);
      } else if (kind === 'song') {
        response = await session.fetch('GET', `/api/songs/${song.id}`);
        sample.status = response.status;
        sample.ok = response.status === 200 && ((await response.json()) as Song).id === song.id;
      } else if (kind === 'session') {
        response = await session.fetch('GET', '/api/auth/');
        sample.status = response.status;
        sample.ok = response.status === 200 && ((await response.json()) as SessionUser).id === user.id;
      } else if (kind === 'range') {
        const from = (step * 7919) % 200_000;
        response = await session.fetch('GET', song.song_file_url, { headers: { range: `bytes=${from}-${from + RANGE_BYTES - 1}` } });
        sample.status = response.status;
        const body = Buffer.from(await response.arrayBuffer());
        sample.ok = response.status === 206 && body.length === RANGE_BYTES && (response.headers.get('content-range') ?? '').startsWith(`bytes ${from}-`);
        if (!sample.ok) {
          sample.detail = `${body.length} bytes, content-range ${response.headers.get('content-range')}`;
          if (response.status !== 206) readError(sample, body.toString('utf8'));
        }
      } else {
        const name = `${this.options.tag} ${++this.writeCount}`;
        sample.name = name;
        const form = new FormData();
        form.set('playlist_name', name);
        form.set('description', 'drill');
        // A fresh Idempotency-Key, as the app's api-client sends: nginx may resend the write to the other replica when
        // its connection fails, and the API runs it once (docs/api.md, "Retrying writes").
        response = await session.fetch('POST', '/api/playlists/new', { body: form, headers: { 'idempotency-key': randomUUID() } });
        sample.status = response.status;
        sample.replayed = response.headers.get('idempotent-replayed') === 'true';
        sample.ok = response.status === 201 && ((await response.json()) as Playlist).playlist_name === name;
      }
      if (!sample.ok && !response.bodyUsed) readError(sample, await response.text());
    } catch (error) {
      sample.ok = false;
      sample.detail = (error as Error).message;
    }
    sample.ms = Date.now() - startedAt;
    return sample;
  }
}

/** The error's code and message from a JSON error body (the API's and the gateway's shape). */
function readError(sample: Sample, text: string): void {
  sample.detail ??= text.slice(0, 200);
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    sample.code = body.code;
    sample.message = body.message;
  } catch {
    // not JSON
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Figures {
  requests: number;
  failed: number;
  reads: number;
  failedReads: number;
  writes: number;
  failedWrites: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
}

/** Counts and latencies of the samples sent within [from, to) (Date.now() values). */
export function figures(samples: Sample[], from = 0, to = Number.POSITIVE_INFINITY): Figures {
  const chosen = samples.filter((sample) => sample.startedAt >= from && sample.startedAt < to);
  const times = chosen.map((sample) => sample.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const sample of chosen) statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
  const reads = chosen.filter((sample) => sample.kind !== 'write');
  const writes = chosen.filter((sample) => sample.kind === 'write');
  return {
    requests: chosen.length,
    failed: chosen.filter((sample) => !sample.ok).length,
    reads: reads.length,
    failedReads: reads.filter((sample) => !sample.ok).length,
    writes: writes.length,
    failedWrites: writes.filter((sample) => !sample.ok).length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? 0,
    statuses,
  };
}

export function describeFigures(label: string, f: Figures): string {
  const statuses = Object.entries(f.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return `${label}: ${f.requests} requests (${f.reads} reads, ${f.writes} writes), ${f.failed} failed (${f.failedReads} reads, ${f.failedWrites} writes), p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms; statuses ${statuses}`;
}

/** The user's playlists by name, as many times as each exists (read through the gateway). */
export async function playlistNameCounts(session: ApiSession, userId: string): Promise<Map<string, number>> {
  const { playlists } = await session.json<UserPlaylistsResponse>('GET', `/api/playlists/${userId}/manage`);
  const counts = new Map<string, number>();
  for (const playlist of playlists) counts.set(playlist.playlist_name, (counts.get(playlist.playlist_name) ?? 0) + 1);
  return counts;
}
