import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { BenchSession } from './api-session.js';
import { withBenchApi } from './bench-api.js';
import { loadMediaGenerators } from './media.js';
import { withCpu } from './process-cpu.js';
import { mbps, median, ratio, table } from './stats.js';
import type { WholeFileInput, WholeFileResult, WholeFileTarget } from './whole-file-worker.js';
import { runWorker } from './workers.js';

/** Issue 26's measure: Subsonic's /rest/stream against the web player's /api/files/{id}, whole songs, same API process. */
const SONGS = 4;
const SONG_BYTES = 4 * 1024 * 1024;
/**
 * Short runs of each side in turn, compared pair by pair: on a shared two-core machine the load moves within seconds,
 * and a median of pairs sees through that where one long run of each side would not.
 */
const PAIRS = 9;
const MODES = [
  { label: 'sequential (1 at a time)', concurrency: 1, rounds: 8 },
  { label: 'concurrent (8 at once)', concurrency: 8, rounds: 2 },
] as const;

interface Side {
  label: string;
  files: WholeFileTarget[];
  headers: Record<string, string>;
}

interface Run {
  mbPerSecond: number;
  cpuMsPerMb: number;
}

/**
 * `npm run bench -- --subsonic-stream`: uploads SONGS mp3s of SONG_BYTES through the web's form, makes an app password,
 * then reads the songs whole, one at a time and eight at once, in alternating short runs, through `/api/files/{id}` with the session cookie and
 * through `/rest/stream?id=` with the app password as API key; prints the median MB/s of each, the median ratio of
 * the pairs (target ≥ 0.9) with its spread, and the API's CPU per MB.
 */
export async function runSubsonicStreamBench(progress: (line: string) => void): Promise<void> {
  await withBenchApi('subsonic', progress, async ({ api, database, loadAtStart }) => {
    const session = new BenchSession(api.url);
    await session.signup();

    progress(`uploading ${SONGS} songs of ${(SONG_BYTES / 1048576).toFixed(0)} MB ...`);
    const media = await loadMediaGenerators();
    const songs: { songId: string; fileId: string; bytes: number; sha1: string }[] = [];
    for (let index = 0; index < SONGS; index++) {
      const mp3 = media.synthesizeSongOfSize(SONG_BYTES, 40 + index);
      const song = await session.uploadSong(`Subsonic Bench ${index}`, media.renderCover({ seed: 40 + index, title: 'Subsonic', size: 64 }), mp3);
      songs.push({ songId: song.id, fileId: song.song_file_url.slice(song.song_file_url.lastIndexOf('/') + 1), bytes: mp3.length, sha1: createHash('sha1').update(mp3).digest('hex') });
    }
    const made = await session.send('POST', '/api/me/app-passwords', { json: { name: 'bench' } });
    if (made.status !== 201) throw new Error(`making an app password failed: ${made.status} ${await made.text()}`);
    const apiKey = encodeURIComponent(((await made.json()) as { password: string }).password);

    const sides: Side[] = [
      { label: 'web /api/files/{id}', files: songs.map(({ fileId, bytes, sha1 }) => ({ url: `${api.url}/api/files/${fileId}`, bytes, sha1 })), headers: { cookie: session.cookieHeader } },
      {
        label: 'Subsonic /rest/stream',
        files: songs.map(({ songId, bytes, sha1 }) => ({ url: `${api.url}/rest/stream?id=${songId}&apiKey=${apiKey}&v=1.16.1&c=bench&f=json`, bytes, sha1 })),
        headers: {},
      },
    ];

    const rows = [['reads', 'web MB/s', 'Subsonic MB/s', 'Subsonic ÷ web (median of pairs)', 'pairs min–max', 'API CPU ms/MB web / Subsonic']];
    for (const mode of MODES) {
      progress(`${mode.label}: ${PAIRS} pairs of runs, ${mode.rounds} rounds each ...`);
      const runs: Run[][] = [[], []];
      for (let pair = 0; pair < PAIRS; pair++) {
        // Each pair starts with the other side, so neither always runs first.
        for (const index of pair % 2 === 0 ? [0, 1] : [1, 0]) {
          const input: WholeFileInput = { files: sides[index]!.files, headers: sides[index]!.headers, concurrency: mode.concurrency, warmupRounds: 1, rounds: mode.rounds };
          const { result, cpu } = await withCpu([api.child.pid], () => runWorker<WholeFileResult>('whole-file-worker', input));
          const mb = result.bytes / 1048576;
          // CPU covers the warm-up round too: per measured MB an upper bound, the same for both sides.
          runs[index]!.push({ mbPerSecond: mb / (result.ms / 1000), cpuMsPerMb: (cpu[0] ?? NaN) / mb });
        }
      }
      const [web, subsonic] = runs as [Run[], Run[]];
      const ratios = web.map((run, pair) => subsonic[pair]!.mbPerSecond / run.mbPerSecond);
      const medianOf = (list: Run[], key: keyof Run) => median(list.map((run) => run[key]));
      rows.push([
        mode.label,
        mbps(medianOf(web, 'mbPerSecond') * 1048576),
        mbps(medianOf(subsonic, 'mbPerSecond') * 1048576),
        ratio(median(ratios)),
        `${ratio(Math.min(...ratios))}–${ratio(Math.max(...ratios))}`,
        `${medianOf(web, 'cpuMsPerMb').toFixed(2)} / ${medianOf(subsonic, 'cpuMsPerMb').toFixed(2)}`,
      ]);
    }
    console.log(
      [
        '',
        `Subsonic stream vs the web player's file route: ${SONGS} songs of ${(SONG_BYTES / 1048576).toFixed(0)} MB read whole, one API process, ${database.engine}, load ${loadAtStart.toFixed(2)} at start, ${loadavg()[0]!.toFixed(2)} at end`,
        table(rows),
        'Issue 26 target: Subsonic ÷ web ≥ 0.90.',
        '',
      ].join('\n'),
    );
  });
}
