import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_MESSAGES, LIMITS, MESSAGES, type Album, type AlbumSongsResponse, type Song, type SongsResponse } from '@tunafy/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser } from '../test/api-client.js';
import { connectDb, coverBytes } from '../test/fixtures.js';
import { writeAudio } from '../test/test-audio.js';

const apiUrl = inject('apiUrl');
const entry = fileURLToPath(new URL('../../dist/import-cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tunafy-import-cli-'));
const music = join(dir, 'Music');
const cliCache = join(dir, 'cli-media-cache');

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The built CLI as `npm run import` runs it, against the test database; the suite's API process is the "other replica". */
function runCli(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { env: { ...process.env, MONGODB_URI: inject('mongodbUri'), MEDIA_CACHE_DIR: cliCache, LOG_LEVEL: 'error', SEED_ON_EMPTY: 'false' }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  const album = join(music, 'Some Artist', 'Folder Album');
  mkdirSync(album, { recursive: true });
  writeFileSync(join(album, 'cover.png'), coverBytes(9));
  await writeAudio(join(album, '01 - One.flac'), { format: 'flac', title: 'One', album: 'Folder Album', track: 1, disc: 1, frequency: 301 });
  await writeAudio(join(album, '02 - Two.mp3'), { format: 'mp3', title: 'Two', album: 'Folder Album', track: 2, disc: 1, frequency: 302 });
  await writeAudio(join(album, '03 - Three.m4a'), { format: 'aac', title: 'Three', album: 'Folder Album', track: 1, disc: 2, frequency: 303 });
  const loose = join(music, 'Loose');
  mkdirSync(loose, { recursive: true });
  await writeAudio(join(loose, '04 - Loose Song.ogg'), { format: 'vorbis', frequency: 304 });
  writeFileSync(join(loose, 'fake.flac'), 'This is a text file with a music name.\n'.repeat(10));
  writeFileSync(join(loose, 'notes.txt'), 'not music');
  mkdirSync(join(music, '.hidden'));
  await writeAudio(join(music, '.hidden', 'skip.mp3'), { format: 'mp3', frequency: 305 });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run import', () => {
  it('imports a folder tree with the upload rules, reports what it did, and imports nothing new the second time', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const email = `${ann.user.username}@example.com`;

    const first = await runCli(['--user', email, music]);
    expect(first.stderr).toBe('');
    // One file failed (the text named .flac), so the exit code says so.
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('Imported 4 songs (1 new albums), skipped 0 duplicates, 1 failed, 2 other files left alone; 5 audio files');
    expect(first.stdout).toContain(`failed: Loose/fake.flac: ${IMPORT_MESSAGES.unsupportedFormat}`);

    // The API process (another replica) sees the songs through the change feed.
    const songs = (await ann.get<SongsResponse>('/api/songs')).body.songs.filter((song) => song.artist_id === ann.user.id);
    expect(songs.map((song) => song.song_name).sort()).toEqual(['Loose Song', 'One', 'Three', 'Two']);
    const albums = (await ann.get<Album[]>(`/api/albums/current/${ann.user.id}`)).body;
    expect(albums.map((album) => album.album_name)).toEqual(['Folder Album']);
    const albumSongs = (await ann.get<AlbumSongsResponse>(`/api/albums/${albums[0]!.id}/songs`)).body.songs;
    expect(albumSongs.map((song) => song.song_name)).toEqual(['One', 'Two', 'Three']);
    // No embedded pictures: the folder's cover.png is the album's and its songs' cover.
    expect((await ann.get(albums[0]!.album_cover_url)).raw.equals(coverBytes(9))).toBe(true);
    expect((await ann.get(albumSongs[2]!.song_cover_url)).raw.equals(coverBytes(9))).toBe(true);
    // Stored once: the album and its songs show one shared file.
    expect(new Set(albumSongs.map((song) => song.song_cover_url))).toEqual(new Set([albums[0]!.album_cover_url]));
    // The claims' "done" marks are written in batches, and the last batch before the CLI exits.
    const { db, close } = await connectDb(inject('mongodbUri'));
    try {
      const claims = await db.collection<{ _id: string; target_id: string }>('song_hashes').find({ _id: { $regex: `^${ann.user.id}:` } }).toArray();
      expect(claims).toHaveLength(4);
      const marks = await db.collection<{ _id: string }>('import_claims_done').find({ _id: { $in: claims.map((claim) => `song:${claim._id}@${claim.target_id}`) } }).toArray();
      expect(marks).toHaveLength(4);
    } finally {
      await close();
    }
    const loose = songs.find((song: Song) => song.song_name === 'Loose Song')!;
    expect(loose).toMatchObject({ track: 4, album_id: null, audio_format: 'vorbis' });
    expect((await ann.get(loose.song_file_url)).headers.get('content-type')).toBe('audio/ogg');

    const second = await runCli(['--user', email, music]);
    expect(second.code).toBe(1);
    expect(second.stdout).toContain('Imported 0 songs (0 new albums), skipped 4 duplicates, 1 failed');
    expect((await ann.get<SongsResponse>('/api/songs')).body.songs.filter((song) => song.artist_id === ann.user.id)).toHaveLength(4);
    expect((await ann.get<Album[]>(`/api/albums/current/${ann.user.id}`)).body).toHaveLength(1);
  });

  it('imports a file found several times in the folder once, the other copies as its duplicates; follows links', async () => {
    const bo = await newUser(apiUrl, 'bo');
    const copies = join(dir, 'Copies');
    mkdirSync(join(copies, 'Best Of'), { recursive: true });
    const original = await writeAudio(join(copies, 'Single.mp3'), { format: 'mp3', title: 'Single', frequency: 306 });
    for (const path of [join(copies, 'Single (copy).mp3'), join(copies, 'Best Of', '07 - Single.mp3'), join(copies, 'Best Of', '08 - Single again.mp3')]) copyFileSync(original, path);
    // A folder linked in from elsewhere (another disk), a link back up the tree, and a link to nothing.
    await writeAudio(join(dir, 'Elsewhere', 'Linked Song.flac'), { format: 'flac', title: 'Linked Song', frequency: 307 });
    symlinkSync(join(dir, 'Elsewhere'), join(copies, 'Linked'));
    symlinkSync(copies, join(copies, 'Best Of', 'Loop'));
    symlinkSync(join(dir, 'nothing.mp3'), join(copies, 'Gone.mp3'));
    // Folder pictures that cannot be covers: said once per folder, the songs still imported.
    await writeAudio(join(copies, 'Bad Cover', '01 - Plain.mp3'), { format: 'mp3', title: 'Plain', frequency: 308 });
    await writeAudio(join(copies, 'Bad Cover', '02 - Plainer.mp3'), { format: 'mp3', title: 'Plainer', frequency: 309 });
    writeFileSync(join(copies, 'Bad Cover', 'cover.jpg'), 'not a picture');
    await writeAudio(join(copies, 'Huge Cover', 'Wide.mp3'), { format: 'mp3', title: 'Wide', frequency: 310 });
    writeFileSync(join(copies, 'Huge Cover', 'folder.jpg'), Buffer.alloc(LIMITS.coverBytesMax + 1));
    // Audio in formats that are not imported: named in the report by extension.
    for (const name of ['a.wma', 'b.WMA', 'c.ape']) writeFileSync(join(copies, 'Best Of', name), 'not imported');

    const run = await runCli(['--user', `${bo.user.username}@example.com`, copies]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Imported 5 songs (0 new albums), skipped 3 duplicates, 0 failed, 5 other files left alone');
    expect(run.stdout).toContain('  left alone, in audio formats that are not imported: 2 .wma, 1 .ape.');
    const warnings = run.stdout.split('\n').filter((line) => line.includes('warning:'));
    expect(warnings.sort()).toEqual([
      "  warning: Bad Cover/cover.jpg: It was not used as its folder's cover: it is not a JPEG, PNG or GIF that can be read, or it claims more pixels than a cover may have.",
      '  warning: Gone.mp3: This link points at nothing that can be read; it was left out.',
      `  warning: Huge Cover/folder.jpg: It was not used as its folder's cover: ${MESSAGES.coverTooLarge}`,
    ]);
    const songs = (await bo.get<SongsResponse>('/api/songs')).body.songs.filter((song) => song.artist_id === bo.user.id);
    expect(songs.map((song) => song.song_name).sort()).toEqual(['Linked Song', 'Plain', 'Plainer', 'Single', 'Wide']);
  });

  it('explains usage mistakes with exit code 2', async () => {
    expect((await runCli([music])).code).toBe(2);
    const unknown = await runCli(['--user', 'nobody@example.com', music]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No user with the email nobody@example.com');
    expect((await runCli(['--user', 'a@b.co', join(dir, 'missing')])).code).toBe(2);
  });
});
