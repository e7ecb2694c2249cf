import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LYRICS_MESSAGES, type Lyrics, type SearchResponse, type Song, type SongsResponse } from '@tunafy/contracts';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { callOk, appPassword, subsonicClient } from '../subsonic/subsonic-testing.js';
import { ApiClient, newUser } from '../test/api-client.js';
import { createSong, form } from '../test/fixtures.js';
import { FIXTURE_EXTENSIONS, writeAudio, type AudioFixture } from '../test/test-audio.js';

const apiUrl = inject('apiUrl');
const dir = mkdtempSync(join(tmpdir(), 'tunafy-lyrics-'));
const cliEntry = fileURLToPath(new URL('../../dist/import-cli.js', import.meta.url));
let count = 0;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LRC = '[ti:Lighthouse]\n[offset:+100]\n[00:01.10]Harbour lights are calling\n[00:02.60][00:06.60]Bring the ships home tonight\n[00:04.10]<00:04.10>Over <00:04.60>the water\n[01:99.00]broken stamp\n';

async function upload(client: ApiClient, fixture: AudioFixture, lrc?: { name: string; text: string | Buffer }) {
  const name = `${++count}.${FIXTURE_EXTENSIONS[fixture.format]}`;
  const path = await writeAudio(join(dir, name), { frequency: 250 + count, seconds: 1, ...fixture });
  const fields: Record<string, Blob> = { file: new File([readFileSync(path)], name) };
  if (lrc) fields.lyrics = new File([lrc.text], lrc.name);
  const response = await client.post<any>('/api/uploads/songs', { form: form(fields) });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { song: Song; lyrics: 'embedded' | 'lrc' | null; warnings: string[] };
}

const lyricsOf = (client: ApiClient, songId: string) => client.get<Lyrics>(`/api/songs/${songId}/lyrics`);

describe('lyrics at upload (POST /api/uploads/songs)', () => {
  it('reads an MP3’s ID3 USLT as plain lyrics, and its SYLT (milliseconds) over it as timed lines', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const plain = await upload(ann, { format: 'mp3', title: 'Plain', id3Lyrics: { uslt: 'First verse\nSecond verse', lang: 'eng' } });
    expect(plain).toMatchObject({ lyrics: 'embedded', warnings: [], song: { has_lyrics: true } });
    expect((await lyricsOf(ann, plain.song.id)).body).toMatchObject({ song_id: plain.song.id, synced: null, plain: 'First verse\nSecond verse', source: 'embedded', lang: 'eng' });

    const timed = await upload(ann, { format: 'mp3', title: 'Timed', id3Lyrics: { uslt: 'Plain words', sylt: [['Hel', 500], ['lo', 800], ['\nWorld', 1500]] } });
    expect((await lyricsOf(ann, timed.song.id)).body).toMatchObject({ synced: [{ start_ms: 500, text: 'Hello' }, { start_ms: 1500, text: 'World' }], plain: null, source: 'embedded' });
  });

  it('reads LRC in a FLAC LYRICS comment and an M4A ©lyr; a song without lyrics says so and answers 404', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const flac = await upload(ann, { format: 'flac', lyrics: '[00:00.50]Vorbis line\n[00:01.00]Next' });
    expect((await lyricsOf(ann, flac.song.id)).body.synced).toEqual([{ start_ms: 500, text: 'Vorbis line' }, { start_ms: 1000, text: 'Next' }]);
    const m4a = await upload(ann, { format: 'aac', lyrics: 'Just words from iTunes' });
    expect((await lyricsOf(ann, m4a.song.id)).body).toMatchObject({ plain: 'Just words from iTunes', source: 'embedded' });

    const none = await upload(ann, { format: 'opus' });
    expect(none).toMatchObject({ lyrics: null, warnings: [], song: { has_lyrics: false } });
    const missing = await lyricsOf(ann, none.song.id);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Lyrics not found.' });
  });

  it('takes the .lrc sent with the file over the tags (offset applied, bad stamps dropped with a warning)', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const result = await upload(ann, { format: 'mp3', id3Lyrics: { uslt: 'Tag words' } }, { name: 'song.lrc', text: LRC });
    expect(result.lyrics).toBe('lrc');
    expect(result.warnings).toEqual(['1 line of the lyrics in "song.lrc" could not be read and was left out.']);
    const lyrics = (await lyricsOf(ann, result.song.id)).body;
    expect(lyrics).toMatchObject({ source: 'lrc', plain: null });
    expect(lyrics.synced).toEqual([
      { start_ms: 1000, text: 'Harbour lights are calling' },
      { start_ms: 2500, text: 'Bring the ships home tonight' },
      { start_ms: 4000, text: 'Over the water' },
      { start_ms: 6500, text: 'Bring the ships home tonight' },
    ]);
  });

  it('never fails a song for bad lyrics: an unreadable .lrc falls back to the tags, with the reason', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const tooLong = Array.from({ length: 2100 }, (_, index) => `[00:${String(index % 60).padStart(2, '0')}.00]line ${index}`).join('\n');
    const result = await upload(ann, { format: 'mp3', id3Lyrics: { uslt: 'Tag words' } }, { name: 'long.lrc', text: tooLong });
    expect(result).toMatchObject({ lyrics: 'embedded', warnings: [`The lyrics in "long.lrc" were not kept: ${LYRICS_MESSAGES.tooManyLines}`] });
    const binary = await upload(ann, { format: 'flac' }, { name: 'x.lrc', text: Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x00]) });
    expect(binary).toMatchObject({ lyrics: null, song: { has_lyrics: false } });
    expect(binary.warnings[0]).toMatch(/were not kept: it is not text in UTF-8 or UTF-16/);
  });

  it('reads an .lrc saved as UTF-16 with its byte-order mark, as Windows lyrics tools save them', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const result = await upload(ann, { format: 'mp3' }, { name: 'windows.lrc', text: Buffer.from('\ufeff[00:01.00]Première ligne\r\n[00:02.50]Zweite Zeile\r\n', 'utf16le') });
    expect(result).toMatchObject({ lyrics: 'lrc', warnings: [] });
    expect((await lyricsOf(ann, result.song.id)).body.synced).toEqual([
      { start_ms: 1000, text: 'Première ligne' },
      { start_ms: 2500, text: 'Zweite Zeile' },
    ]);
  });
});

describe('GET, PUT and DELETE /api/songs/{id}/lyrics', () => {
  it('lets the owner paste LRC or plain text and upload a file, others read but not write; deleting the song deletes them', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const bob = await newUser(apiUrl, 'lyr');
    const song = await createSong(ann, { song_name: 'Form song' });
    expect(song.has_lyrics).toBe(false);

    const put = await ann.put<Lyrics>(`/api/songs/${song.id}/lyrics`, { json: { text: '[la:en]\n[00:03.00]Three\n[00:01.00]One' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ song_id: song.id, synced: [{ start_ms: 1000, text: 'One' }, { start_ms: 3000, text: 'Three' }], plain: null, source: 'user', lang: 'en' });
    expect((await bob.get<Song>(`/api/songs/${song.id}`)).body.has_lyrics).toBe(true);
    expect((await bob.get<Lyrics>(`/api/songs/${song.id}/lyrics`)).body).toEqual(put.body);
    // Lists carry the flag only.
    const listed = (await ann.get<SongsResponse>('/api/songs?limit=500')).body.songs.find((row) => row.id === song.id)!;
    expect(listed).toMatchObject({ has_lyrics: true });
    expect(JSON.stringify(listed)).not.toContain('Three');

    const file = await ann.put<Lyrics>(`/api/songs/${song.id}/lyrics`, { form: form({ file: new File(['Verse from a file\n\nEnd'], 'words.txt'), lang: 'fr' }) });
    expect(file.body).toMatchObject({ synced: null, plain: 'Verse from a file\n\nEnd', lang: 'fr', source: 'user' });
    const utf16 = Buffer.from('\ufeffVerse in UTF-16', 'utf16le').swap16();
    const bigEndian = await ann.put<Lyrics>(`/api/songs/${song.id}/lyrics`, { form: form({ file: new File([utf16], 'words.txt') }) });
    expect(bigEndian.body).toMatchObject({ plain: 'Verse in UTF-16', source: 'user' });

    const forbidden = await bob.put(`/api/songs/${song.id}/lyrics`, { json: { text: 'Mine now' } });
    expect(forbidden.status).toBe(403);
    expect((await bob.delete(`/api/songs/${song.id}/lyrics`)).status).toBe(403);
    expect((await new ApiClient(apiUrl).get(`/api/songs/${song.id}/lyrics`)).status).toBe(401);

    const removed = await ann.delete(`/api/songs/${song.id}/lyrics`);
    expect(removed.body).toEqual({ id: song.id, deleted: true });
    expect((await lyricsOf(ann, song.id)).status).toBe(404);
    expect((await ann.get<Song>(`/api/songs/${song.id}`)).body.has_lyrics).toBe(false);
    expect((await ann.delete(`/api/songs/${song.id}/lyrics`)).status).toBe(404);

    await ann.put(`/api/songs/${song.id}/lyrics`, { json: { text: 'Back again' } });
    expect((await ann.delete(`/api/songs/${song.id}`)).status).toBe(200);
    expect((await lyricsOf(ann, song.id)).status).toBe(404);
    expect((await ann.put(`/api/songs/${song.id}/lyrics`, { json: { text: 'Too late' } })).status).toBe(404);
  });

  it('refuses bad input with a clear 400 (or 413 for a megabyte), never a 500', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const song = await createSong(ann, { song_name: 'Bad input' });
    const send = (body: { json?: unknown; form?: FormData }) => ann.put<any>(`/api/songs/${song.id}/lyrics`, body);

    expect((await send({ json: {} })).body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', errors: { text: LYRICS_MESSAGES.required } });
    expect((await send({ json: { text: '\u0000\u0001  \n' } })).body.errors).toEqual({ text: LYRICS_MESSAGES.required });
    const lines = Array.from({ length: 2001 }, (_, index) => `line ${index}`).join('\n');
    expect((await send({ json: { text: lines } })).body.errors).toEqual({ text: LYRICS_MESSAGES.tooManyLines });
    const big = Array.from({ length: 140 }, () => 'x'.repeat(490) + ' ü').join('\n');
    expect((await send({ form: form({ text: big }) })).body.errors).toEqual({ text: LYRICS_MESSAGES.tooLong });
    expect((await send({ json: { text: 'ok', lang: 'not a language' } })).body.errors).toEqual({ lang: LYRICS_MESSAGES.langInvalid });
    expect((await send({ form: form({ file: new File(['x'], 'cover.png') }) })).body.errors).toEqual({ file: LYRICS_MESSAGES.notText });
    expect((await send({ form: form({ file: new File([Buffer.from([0xc3, 0x28])], 'bad.lrc') }) })).body.errors).toEqual({ file: LYRICS_MESSAGES.notText });

    const megabyte = await send({ form: form({ file: new File(['a'.repeat(1024 * 1024)], 'huge.lrc') }) });
    expect(megabyte.status).toBe(413);
    expect(megabyte.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { file: LYRICS_MESSAGES.inputTooLong } });
    const megabyteJson = await send({ json: { text: 'a'.repeat(1024 * 1024) } });
    expect([400, 413]).toContain(megabyteJson.status);
    expect(megabyteJson.body.code).toBeDefined();

    // Control characters are cleaned, not refused.
    const cleaned = await send({ json: { text: '[00:01.00]Bell\u0007 \u202eringing' } });
    expect(cleaned.body.synced).toEqual([{ start_ms: 1000, text: 'Bell ringing' }]);
    expect((await ann.get('/api/songs/nope/lyrics')).status).toBe(400);
    expect((await ann.get('/api/songs/0123456789abcdef01234567/lyrics')).body).toMatchObject({ statusCode: 404, message: 'Song not found.' });
  });
});

describe('search', () => {
  it('finds songs by whole words of their lyrics with the matching line, and forgets lyrics that were removed', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const song = await createSong(ann, { song_name: 'Unrelated title' });
    await ann.put(`/api/songs/${song.id}/lyrics`, { json: { text: '[00:01.00]Nothing here\n[00:02.00]The quixotic Zebrafinch sings\n[00:03.00]quixotic again' } });
    const search = (q: string) => ann.get<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`);

    const found = (await search('zebrafinch QUIXOTIC')).body;
    expect(found.lyrics).toEqual([{ song: expect.objectContaining({ id: song.id, has_lyrics: true }), line: 'The quixotic Zebrafinch sings' }]);
    expect((await search('quixotic')).body.lyrics?.[0]?.line).toBe('The quixotic Zebrafinch sings');
    // Whole words only.
    expect((await search('zebrafin')).body.lyrics).toEqual([]);

    await ann.delete(`/api/songs/${song.id}/lyrics`);
    expect((await search('zebrafinch')).body.lyrics).toEqual([]);
  });
});

describe('npm run import', () => {
  it('takes a sidecar .lrc of the same name, reports lyrics and warnings, and leaves a song with bad lyrics imported', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const folder = join(dir, 'cli', 'Album');
    mkdirSync(folder, { recursive: true });
    await writeAudio(join(folder, '01 Sidecar.mp3'), { format: 'mp3', title: 'Sidecar CLI', frequency: 611 });
    writeFileSync(join(folder, '01 Sidecar.LRC'), '[00:00.40]From the sidecar\n');
    await writeAudio(join(folder, '02 Tagged.mp3'), { format: 'mp3', title: 'Tagged CLI', frequency: 612, id3Lyrics: { uslt: 'From the tag' } });
    await writeAudio(join(folder, '03 Bad.flac'), { format: 'flac', title: 'Bad CLI', frequency: 613 });
    writeFileSync(join(folder, '03 Bad.lrc'), '[00:01.00]\n[00:02.00]\n');
    const run = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(
        process.execPath,
        [cliEntry, '--user', `${ann.user.username}@example.com`, join(dir, 'cli')],
        { env: { ...process.env, MONGODB_URI: inject('mongodbUri'), MEDIA_CACHE_DIR: join(dir, 'cli-cache'), LOG_LEVEL: 'error', SEED_ON_EMPTY: 'false' }, timeout: 120_000 },
        (error, stdout) => resolve({ code: error ? 1 : 0, stdout }),
      ),
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 with lyrics');
    expect(run.stdout).toContain(`warning: Album/03 Bad.flac: The lyrics in "03 Bad.lrc" were not kept: ${LYRICS_MESSAGES.required}`);

    const songs = (await ann.get<SongsResponse>('/api/songs?limit=500')).body.songs.filter((song) => song.artist_id === ann.user.id);
    const byName = (name: string) => songs.find((song) => song.song_name === name)!;
    expect(byName('Bad CLI').has_lyrics).toBe(false);
    expect((await lyricsOf(ann, byName('Sidecar CLI').id)).body).toMatchObject({ source: 'lrc', synced: [{ start_ms: 400, text: 'From the sidecar' }] });
    expect((await lyricsOf(ann, byName('Tagged CLI').id)).body).toMatchObject({ source: 'embedded', plain: 'From the tag' });
  });
});

describe('Subsonic', () => {
  it('announces songLyrics and answers getLyricsBySongId (synced and plain) and getLyrics through the client library', async () => {
    const ann = await newUser(apiUrl, 'lyr');
    const timed = await upload(ann, { format: 'mp3', title: 'Subsonic Timed Ballad', id3Lyrics: { sylt: [['Opening', 250], ['\nClosing', 900]], lang: 'eng' } });
    const plain = await createSong(ann, { song_name: 'Subsonic Plain Ballad' });
    await ann.put(`/api/songs/${plain.id}/lyrics`, { json: { text: 'Row one\nRow two' } });
    const key = await appPassword(ann);
    const api = subsonicClient(apiUrl, { username: ann.user.username, password: key.password });

    const extensions = await callOk(api, 'getOpenSubsonicExtensions');
    expect(extensions.openSubsonicExtensions).toContainEqual({ name: 'songLyrics', versions: [1] });

    for (const format of ['json', 'xml'] as const) {
      const synced = await callOk(api, 'getLyricsBySongId', { id: timed.song.id }, format);
      expect(synced.lyricsList.structuredLyrics).toEqual([
        expect.objectContaining({ displayTitle: 'Subsonic Timed Ballad', lang: 'eng', synced: true, line: [{ start: 250, value: 'Opening' }, { start: 900, value: 'Closing' }] }),
      ]);
      const unsynced = await callOk(api, 'getLyricsBySongId', { id: plain.id }, format);
      expect(unsynced.lyricsList.structuredLyrics).toEqual([expect.objectContaining({ lang: 'und', synced: false, line: [{ value: 'Row one' }, { value: 'Row two' }] })]);
    }
    const typed = await api.getLyricsBySongId({ id: timed.song.id });
    expect((typed.lyricsList as unknown as { structuredLyrics: unknown[] }).structuredLyrics).toHaveLength(1);
    const none = await callOk(api, 'getLyricsBySongId', { id: (await createSong(ann)).id });
    expect(none.lyricsList.structuredLyrics ?? []).toEqual([]);
    const unknown = (await (await api.custom('getLyricsBySongId', { id: '0123456789abcdef01234567' })).json()) as { 'subsonic-response': { error: { code: number } } };
    expect(unknown['subsonic-response'].error.code).toBe(70);

    const legacy = await callOk(api, 'getLyrics', { artist: ann.user.username, title: 'subsonic plain BALLAD' });
    expect(legacy.lyrics).toEqual({ artist: ann.user.username, title: 'Subsonic Plain Ballad', value: 'Row one\nRow two' });
    expect((await callOk(api, 'getLyrics', { artist: 'Nobody', title: 'Nothing at all' })).lyrics).toEqual({ value: '' });
  });
});
