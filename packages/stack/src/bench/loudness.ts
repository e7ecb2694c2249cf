import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GridFSBucket, ObjectId, type Db } from 'mongodb';
import { startApi, throwawayApiEnv } from '../api-process.js';
import { openBenchDatabase } from './database-tools.js';

const run = promisify(execFile);

/** Stores a file in GridFS as the API stores audio; answers its id. */
async function storeAudio(db: Db, path: string, contentType: string): Promise<ObjectId> {
  const id = new ObjectId();
  const bucket = new GridFSBucket(db, { bucketName: 'media' });
  await new Promise<void>((resolve, reject) => {
    const upload = bucket.openUploadStreamWithId(id, path.split('/').at(-1)!, { metadata: { kind: 'audio', contentType } });
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(readFileSync(path));
  });
  return id;
}

/** The same ffmpeg analysis the API runs, alone, `times` times in a row: what the API's rate is compared with. */
async function ffmpegAlone(path: string, times: number): Promise<number> {
  const started = Date.now();
  for (let index = 0; index < times; index++) {
    await run('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', '-i', path, '-map', '0:a:0', '-vn', '-sn', '-dn', '-filter:a', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-']);
  }
  return (Date.now() - started) / 1000;
}

/**
 * `npm run bench -- --loudness 1000` (issue 27's target: ≥ 10× real time per core): N songs of `seconds` each, half a
 * stereo 44.1 kHz FLAC and half a 192 kbit/s MP3 (one recording of each in GridFS, as the generated catalogs share
 * theirs), stored without loudness; then an API whose loudness job measures them all, one ffmpeg at a time
 * (LOUDNESS_CONCURRENCY=1, the default) at normal priority (LOUDNESS_NICE=0: the speed of the analysis, not its share of
 * a contended core), timed from listening to the last song measured. Beside it, ffmpeg's own analysis of the two files
 * run alone, for what the API adds.
 */
export async function runLoudnessBench(songs: number, seconds: number, concurrency: number, progress: (line: string) => void): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const scratch = await mkdtemp(join(tmpdir(), 'tunafy-bench-loudness-'));
  cleanups.push(() => rm(scratch, { recursive: true, force: true }));
  try {
    const loadAtStart = loadavg()[0]!;
    const { database, db } = await openBenchDatabase(progress, cleanups);
    const raw = db.db;
    // Pink noise with a tone: decodes like music, not like silence a codec squeezes to nothing.
    const flac = join(scratch, 'bench.flac');
    const mp3 = join(scratch, 'bench.mp3');
    const source = ['-f', 'lavfi', '-i', `anoisesrc=d=${seconds}:c=pink:a=0.2:r=44100,aformat=channel_layouts=stereo`, '-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}:sample_rate=44100`, '-filter_complex', '[0][1]amix=inputs=2'];
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...source, '-c:a', 'flac', flac]);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...source, '-c:a', 'libmp3lame', '-b:a', '192k', mp3]);
    const [flacId, mp3Id] = [await storeAudio(raw, flac, 'audio/flac'), await storeAudio(raw, mp3, 'audio/mpeg')];
    const owner = new ObjectId();
    await raw.collection('users').insertOne({ _id: owner, email: 'loudness-bench@example.com', username: 'loudnessbench', username_lower: 'loudnessbench', password_hash: 'x', created_at: new Date() });
    const cover = new ObjectId();
    for (let start = 0; start < songs; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, songs - start) }, (_, offset) => {
        const index = start + offset;
        const isFlac = index % 2 === 0;
        return { _id: new ObjectId(), song_name: `Loudness Bench ${index}`, artist_id: owner, album_id: null, cover_file_id: cover, audio_file_id: isFlac ? flacId : mp3Id, duration: seconds, plays: 0, created_at: new Date(), audio_format: isFlac ? 'flac' : 'mp3' };
      });
      await raw.collection('songs').insertMany(batch);
    }
    progress(`${songs} songs of ${seconds} s stored; timing ffmpeg alone on the two files ...`);
    const aloneTimes = Math.max(2, Math.min(20, Math.round(songs / 50)));
    const aloneFlac = await ffmpegAlone(flac, aloneTimes);
    const aloneMp3 = await ffmpegAlone(mp3, aloneTimes);
    const aloneRate = (2 * aloneTimes * seconds) / (aloneFlac + aloneMp3);

    progress(`starting an API whose loudness job measures them (LOUDNESS_CONCURRENCY=${concurrency}) ...`);
    const lines: string[] = [];
    const started = Date.now();
    const api = await startApi({
      mongodbUri: database.uri,
      env: throwawayApiEnv(join(scratch, 'media'), { LOG_LEVEL: 'info', LOUDNESS_CONCURRENCY: String(concurrency), LOUDNESS_NICE: '0', LOUDNESS_PROGRESS_MS: '10000', CATALOG_SNAPSHOT_FILE: 'off' }),
      log: (line) => {
        if (line.includes('loudness job')) {
          lines.push(line);
          progress(((): string => {
            try {
              return String((JSON.parse(line) as { message?: unknown }).message);
            } catch {
              return line;
            }
          })());
        }
      },
    });
    cleanups.push(() => api.stop());
    const listening = (Date.now() - started) / 1000;
    for (;;) {
      const left = await raw.collection('songs').countDocuments({ 'loudness.track_lufs': { $exists: false }, loudness_error: { $exists: false } });
      if (left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const wall = (Date.now() - started) / 1000;
    const working = wall - listening;
    const failed = await raw.collection('songs').countDocuments({ loudness_error: { $exists: true } });
    const sample = await raw.collection('songs').findOne({ audio_file_id: flacId }, { projection: { loudness: 1 } });
    const audioSeconds = songs * seconds;
    const rate = audioSeconds / working;
    console.log(
      [
        `Loudness analysis of ${songs.toLocaleString('en')} songs of ${seconds} s (half FLAC, half MP3 192k), ${concurrency} ffmpeg at a time (${database.engine}; load ${loadAtStart.toFixed(2)} at start, ${loadavg()[0]!.toFixed(2)} at the end)`,
        `API start to listening ${listening.toFixed(1)} s; listening to the last song measured ${working.toFixed(1)} s (${failed} not measurable)`,
        `${(songs / working).toFixed(1)} songs/s, ${rate.toFixed(1)} audio seconds per wall second: ${(rate / concurrency).toFixed(1)}× real time per core`,
        `ffmpeg alone on the same files (${aloneTimes} runs each, one at a time): ${aloneRate.toFixed(1)}× real time; the API's job reaches ${((rate / concurrency / aloneRate) * 100).toFixed(0)} % of it`,
        `a FLAC song's stored loudness: ${JSON.stringify(sample?.loudness)}`,
      ].join('\n'),
    );
  } finally {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: Error) => progress(`cleanup: ${error.message}`));
  }
}
