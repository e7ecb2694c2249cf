import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchDatabase } from './database-tools.js';
import type { MediaGenerators } from './media.js';
import type { BenchOptions } from './options.js';
import { withCpu } from './process-cpu.js';
import type { RangeInput, RangeResult } from './range-worker.js';
import type { ApiTarget, CpuPerRequest } from './songs-list.js';
import { runWorker, startWorkerServer } from './workers.js';

export type MeasuredStreams = RangeResult & { cpu: CpuPerRequest };

export interface AudioReport {
  fileBytes: number;
  rangeBytes: number;
  chunks: number;
  gridfs: { fullMs: number; rangeMs: number };
  cold: RangeResult;
  warm: MeasuredStreams;
  local: MeasuredStreams;
}

/**
 * A ~5 MB mp3 uploaded through the API, read from its middle to the end by
 * `streams` concurrent players: cold (the API's media cache emptied and the
 * API restarted, so the first read comes from GridFS), warm, and from a bare
 * node server streaming the same bytes from a local file.
 */
export async function benchAudio(
  target: () => ApiTarget,
  database: BenchDatabase,
  media: MediaGenerators,
  options: BenchOptions,
  scratchDir: string,
  /** Stops the API, empties its media cache and starts it again (target() then names the new process). */
  restartColdApi: () => Promise<void>,
): Promise<AudioReport> {
  const mp3 = media.synthesizeSongOfSize(options.audioBytes, 7);
  const song = await target().session.uploadSong('Bench Stream', media.renderCover({ seed: 7, title: 'Bench Stream', size: 64 }), mp3);
  const fileId = song.song_file_url.slice(song.song_file_url.lastIndexOf('/') + 1);
  const start = Math.floor(mp3.length / 2);
  const rangeBytes = mp3.length - start;
  const expectedSha1 = createHash('sha1').update(mp3.subarray(start)).digest('hex');
  const localFile = join(scratchDir, 'stream.mp3');
  await writeFile(localFile, mp3);

  const range = async (url: string, warmupRounds: number, rounds: number, headers: Record<string, string>, pids: (number | undefined)[]) => {
    const input: RangeInput = { url, start, expectedBytes: rangeBytes, expectedSha1, concurrency: options.streams, warmupRounds, rounds, headers };
    const { result, cpu } = await withCpu(pids, () => runWorker<RangeResult>('range-worker', input));
    const streams = (warmupRounds + rounds) * options.streams;
    const perStream = (ms: number | undefined) => (ms === undefined ? undefined : ms / streams);
    return { ...result, cpu: { server: perStream(cpu[0]), database: perStream(cpu[1]) } };
  };
  const apiUrl = () => `${target().session.baseUrl}/api/files/${fileId}`;
  const apiHeaders = () => ({ cookie: target().session.cookieHeader });

  const gridfs = await database.timeGridFsReads(fileId, mp3.length, options.gridfsReads);
  const chunks = await database.chunkCount();

  const cold: RangeResult = { ttfbMs: [], totalMs: [], roundMs: [], bytes: 0 };
  for (let run = 0; run < options.coldRuns; run++) {
    await restartColdApi();
    const once = await range(apiUrl(), 0, 1, apiHeaders(), []);
    cold.ttfbMs.push(...once.ttfbMs);
    cold.totalMs.push(...once.totalMs);
    cold.roundMs.push(...once.roundMs);
    cold.bytes += once.bytes;
  }
  const warm = await range(apiUrl(), 1, options.warmRounds, apiHeaders(), [target().apiPid, target().databasePid]);

  const bare = await startWorkerServer('bare-server', { mode: 'file', file: localFile, contentType: 'audio/mpeg' });
  try {
    const local = await range(`${bare.url}/stream.mp3`, 1, options.warmRounds, {}, [bare.pid]);
    return { fileBytes: mp3.length, rangeBytes, chunks, gridfs, cold, warm, local };
  } finally {
    await bare.stop();
  }
}
