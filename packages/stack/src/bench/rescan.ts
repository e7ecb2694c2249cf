import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GridFSBucket, ObjectId } from 'mongodb';
import { API_ENV_DEFAULTS, API_NODE_FLAGS } from '../api-process.js';
import { generatedArtistName } from '../catalog/grow-catalog.js';
import { repoRoot } from '../paths.js';
import { openBenchDatabase } from './database-tools.js';
import { seededRandom } from '../catalog/seeded-random.js';

const run = promisify(execFile);

/** One ID3v2.3 text frame (ISO-8859-1 names: the generated ones are ASCII). */
function textFrame(id: string, text: string): Buffer {
  const body = Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** An ID3v2.3 tag with these frames, to put before an untagged MP3's frames. */
function id3Tag(frames: Buffer[]): Buffer {
  const body = Buffer.concat(frames);
  const size = body.length;
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, body]);
}

function rssMb(pid: number): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * `npm run bench -- --rescan N` (issue 25's target: ≥ 50 files/s, flat memory): N distinct tagged MP3s (one 2 s
 * recording, each with its own ID3v2.3 tag naming one of N/10 artists, Zipf-like, and one of N/12 albums) stored in
 * GridFS as the API stores audio, songs pointing at them with no credits (a library imported before artists), then
 * the built `npm run rescan` CLI on that database, its RSS sampled every 100 ms.
 */
export async function runRescanBench(files: number, progress: (line: string) => void): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const scratch = await mkdtemp(join(tmpdir(), 'tunafy-bench-rescan-'));
  cleanups.push(() => rm(scratch, { recursive: true, force: true }));
  try {
    const loadAtStart = loadavg()[0]!;
    const { database, db } = await openBenchDatabase(progress, cleanups);
    const raw = db.db;
    const plain = join(scratch, 'plain.mp3');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libmp3lame', '-b:a', '64k', '-write_xing', '0', '-id3v2_version', '0', '-f', 'mp3', plain]);
    const audio = readFileSync(plain);
    const owner = new ObjectId();
    await raw.collection('users').insertOne({ _id: owner, email: 'rescan-bench@example.com', username: 'rescanbench', username_lower: 'rescanbench', password_hash: 'x', created_at: new Date() });
    const cover = new ObjectId();
    const bucket = new GridFSBucket(raw, { bucketName: 'media' });
    const next = seededRandom(11);
    const artists = Math.max(2, Math.ceil(files / 10));
    const albums = Math.max(1, Math.ceil(files / 12));
    const albumIds = Array.from({ length: albums }, () => new ObjectId());
    await raw.collection('albums').insertMany(albumIds.map((id, index) => ({ _id: id, album_name: `Bench Album ${index}`, artist_id: owner, cover_file_id: cover, created_at: new Date() })));
    progress(`storing ${files.toLocaleString('en')} tagged MP3s in GridFS (${audio.length} bytes of audio each) ...`);
    const stored = Date.now();
    const songs = [];
    for (let index = 0; index < files; index++) {
      const artist = Math.min(artists - 1, Math.max(1, Math.floor(Math.exp(next() * Math.log(artists)))));
      const album = index % albums;
      const bytes = Buffer.concat([id3Tag([textFrame('TIT2', `Bench Song ${index}`), textFrame('TPE1', generatedArtistName(artist)), textFrame('TALB', `Bench Album ${album}`)]), audio]);
      const id = new ObjectId();
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStreamWithId(id, `bench-${index}.mp3`, { metadata: { kind: 'audio', contentType: 'audio/mpeg' } });
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(bytes);
      });
      songs.push({ _id: new ObjectId(), song_name: `Bench Song ${index}`, artist_id: owner, album_id: albumIds[album], cover_file_id: cover, audio_file_id: id, duration: 2, plays: 0, created_at: new Date(), audio_format: 'mp3' });
      if (songs.length === 1000 || index === files - 1) await raw.collection('songs').insertMany(songs.splice(0));
    }
    progress(`stored in ${((Date.now() - stored) / 1000).toFixed(0)} s; running npm run rescan's CLI ...`);

    const entry = join(repoRoot(), 'services/api/dist/rescan-cli.js');
    const env = { ...API_ENV_DEFAULTS, ...process.env, MONGODB_URI: database.uri, MEDIA_CACHE_DIR: join(scratch, 'media'), LOG_LEVEL: 'error', SEED_ON_EMPTY: 'false', CATALOG_SNAPSHOT_FILE: 'off' };
    const started = Date.now();
    const child = spawn(process.execPath, [...API_NODE_FLAGS, entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const samples: { seconds: number; rss: number; line: string }[] = [];
    let lastLine = '';
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const lines = output.split('\n');
      output = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('rescan:')) lastLine = line;
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const sampler = setInterval(() => samples.push({ seconds: (Date.now() - started) / 1000, rss: rssMb(child.pid!), line: lastLine }), 100);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    if (code !== 0) throw new Error(`the rescan CLI exited with ${code}: ${stderr}`);
    const final = (output.trim() || lastLine).trim();
    const rssAt = (fraction: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * fraction))]?.rss ?? 0;
    const credited = await raw.collection('songs').countDocuments({ 'credit_ids.0': { $exists: true } });
    console.log(
      [
        `Rescan of ${files.toLocaleString('en')} stored MP3s by ${artists.toLocaleString('en')} artists in ${albums.toLocaleString('en')} albums (${database.engine}; load ${loadAtStart.toFixed(2)} at start)`,
        `CLI wall time ${seconds.toFixed(1)} s including its start-up and catalog load: ${(files / seconds).toFixed(1)} files/s`,
        `its own last line: ${final}`,
        `songs with credits afterwards: ${credited.toLocaleString('en')} of ${files.toLocaleString('en')}`,
        `CLI RSS at 10/25/50/75/100 % of the run: ${[0.1, 0.25, 0.5, 0.75, 0.999].map((fraction) => rssAt(fraction).toFixed(0)).join(' / ')} MB (highest ${Math.max(...samples.map((sample) => sample.rss)).toFixed(0)} MB)`,
      ].join('\n'),
    );
  } finally {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: Error) => progress(`cleanup: ${error.message}`));
  }
}
