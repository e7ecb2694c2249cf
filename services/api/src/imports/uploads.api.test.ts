import { request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIO_FORMATS, AUDIO_FORMAT_INFO, IMPORT_MESSAGES, MESSAGES, type AlbumSongsResponse, type AudioFormat, type ImportResponse, type Song } from '@tunafy/contracts';
import { ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser } from '../test/api-client.js';
import { cookieHeader } from '@tunafy/stack';
import { connectDb, coverBytes, coverFile, createAlbum, createSong, form, mediaFileCount, rawFile, songBytes } from '../test/fixtures.js';
import { FIXTURE_EXTENSIONS, testPicture, writeAudio, type AudioFixture } from '../test/test-audio.js';

const apiUrl = inject('apiUrl');
const cacheDir = inject('apiEnv').MEDIA_CACHE_DIR!;
const dir = mkdtempSync(join(tmpdir(), 'tunafy-uploads-'));
let db: Db;
let closeDb: () => Promise<void>;
let fixtureCount = 0;

beforeAll(async () => {
  ({ db, close: closeDb } = await connectDb(inject('mongodbUri')));
  // The form test's mp3s, encoded (and cached) before any request: seconds of synchronous work under load, during
  // which a keep-alive socket of an earlier request expires on the server, and the next request fails on it (EPIPE).
  songBytes(2, 7101);
  songBytes(2, 7102);
});
afterAll(async () => {
  await closeDb?.();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh audio file (unique bytes unless `frequency` is given) as an upload. */
async function audioFile(fixture: AudioFixture, name?: string): Promise<File> {
  const count = ++fixtureCount;
  const fileName = name ?? `fixture-${count}.${FIXTURE_EXTENSIONS[fixture.format]}`;
  const path = await writeAudio(join(dir, `${count}-${fileName}`), { frequency: 200 + count, ...fixture });
  return new File([readFileSync(path)], fileName);
}

function upload(client: ApiClient, file: Blob | undefined, fields: Record<string, string | Blob | undefined> = {}) {
  // Typed loosely: the answer is an ImportResponse or the API's error body.
  return client.post<any>('/api/uploads/songs', { form: form({ ...fields, file }) });
}

async function imported(client: ApiClient, file: Blob, fields: Record<string, string | Blob | undefined> = {}) {
  const response = await upload(client, file, fields);
  if (response.status !== 201 || response.body.status !== 'imported') throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

function spools(): string[] {
  return readdirSync(cacheDir).filter((name) => name.startsWith('upload-'));
}

describe('POST /api/uploads/songs', () => {
  it.each(AUDIO_FORMATS.map((format) => [format]))('stores %s with its tags and real duration, and serves it with its type and Range', async (format: AudioFormat) => {
    const ann = await newUser(apiUrl, 'ann');
    const file = await audioFile({ format, title: `Tagged ${format}`, track: 2, disc: 1, year: 1999, genre: 'Ambient', seconds: 3 });
    const result = await imported(ann, file);
    // ffmpeg writes no disc number into WAV's RIFF INFO chunk.
    const disc = format === 'wav' ? null : 1;
    expect(result.song).toMatchObject({ song_name: `Tagged ${format}`, audio_format: format, duration: 3, track: 2, disc, year: 1999, genre: 'Ambient', album_id: null });
    expect(result).toMatchObject({ album: null, album_created: false, cover: 'generated' });

    const whole = await ann.get(result.song.song_file_url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe(AUDIO_FORMAT_INFO[format].contentType);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(whole.raw.equals(bytes)).toBe(true);
    const part = await ann.get(result.song.song_file_url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers.get('content-type')).toBe(AUDIO_FORMAT_INFO[format].contentType);
    expect(part.raw.equals(bytes.subarray(100, 200))).toBe(true);

    const cover = await ann.get(result.song.song_cover_url);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    // Reads show the new song at once.
    expect((await ann.get<Song>(`/api/songs/${result.song.id}`)).body).toEqual(result.song);
  });

  it('makes one album of a multi-disc set uploaded out of order, ordered by disc and track, with the embedded cover', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const picture = testPicture('multi-disc');
    const order = [
      { disc: 2, track: 2, format: 'flac' },
      { disc: 1, track: 2, format: 'mp3' },
      { disc: 2, track: 1, format: 'aac' },
      { disc: 1, track: 1, format: 'opus' },
    ] as const;
    const results: Extract<ImportResponse, { status: 'imported' }>[] = [];
    for (const { disc, track, format } of order) {
      results.push(await imported(ann, await audioFile({ format, title: `D${disc}T${track}`, album: 'Double Set', disc, track, picture })));
    }
    expect(results.map((result) => result.album_created)).toEqual([true, false, false, false]);
    const albumId = results[0]!.album!.id;
    expect(new Set(results.map((result) => result.song.album_id))).toEqual(new Set([albumId]));
    expect(results.every((result) => result.cover === 'embedded')).toBe(true);

    const songs = await ann.get<AlbumSongsResponse>(`/api/albums/${albumId}/songs`);
    expect(songs.body.songs.map((song) => song.song_name)).toEqual(['D1T1', 'D1T2', 'D2T1', 'D2T2']);
    const paged = await ann.get<AlbumSongsResponse>(`/api/albums/${albumId}/songs?limit=3`);
    const rest = await ann.get<AlbumSongsResponse>(`/api/albums/${albumId}/songs?limit=3&cursor=${paged.body.next_cursor}`);
    expect(rest.body.songs.map((song) => song.song_name)).toEqual(['D2T2']);

    const albumCover = await ann.get(results[0]!.album!.album_cover_url);
    expect(albumCover.raw.equals(picture)).toBe(true);
    // The album and its songs show the same picture from one shared file, not a copy each.
    expect(new Set([results[0]!.album!.album_cover_url, ...results.map((result) => result.song.song_cover_url)])).toEqual(new Set([results[0]!.album!.album_cover_url]));
  });

  it('keeps a cover shared by an album and its songs while any of them shows it, and leaves it unreferenced after the last', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const picture = testPicture('shared-art');
    const results: Extract<ImportResponse, { status: 'imported' }>[] = [];
    for (const track of [1, 2, 3]) results.push(await imported(ann, await audioFile({ format: 'mp3', album: 'Shared Art', track, picture })));
    const album = results[0]!.album!;
    const coverUrl = album.album_cover_url;
    expect(results.map((result) => result.song.song_cover_url)).toEqual([coverUrl, coverUrl, coverUrl]);
    const coverId = coverUrl.split('/').pop()!;
    const shared = () => db.collection('shared_covers').findOne({ _id: coverId as never });
    expect(await shared()).toMatchObject({ owner: ann.user.id });
    const stored = async () => (await db.collection('media.files').countDocuments({ _id: new ObjectId(coverId) })) === 1;

    // Deleting one song, then the album, leaves the picture to the songs still showing it.
    expect((await ann.delete(`/api/songs/${results[0]!.song.id}`)).status).toBe(200);
    expect((await ann.get(coverUrl)).raw.equals(picture)).toBe(true);
    expect((await ann.delete(`/api/albums/${album.id}`)).status).toBe(200);
    expect((await ann.get(coverUrl)).raw.equals(picture)).toBe(true);
    expect((await ann.get<Song>(`/api/songs/${results[1]!.song.id}`)).body).toMatchObject({ album_id: null, song_cover_url: coverUrl });
    // An update form's new cover lets the old one go like a delete does; the form's own cover is not shared, and
    // goes at once with its song.
    const updated = await ann.put<Song>(`/api/songs/${results[1]!.song.id}/update`, { form: form({ song_name: 'Own Cover', song_cover_url: coverFile({ seed: 9 }) }) });
    expect(updated.status).toBe(200);
    expect(updated.body.song_cover_url).not.toBe(coverUrl);
    expect((await ann.get(coverUrl)).raw.equals(picture)).toBe(true);
    expect((await ann.delete(`/api/songs/${results[1]!.song.id}`)).status).toBe(200);
    expect((await ann.get(updated.body.song_cover_url)).status).toBe(404);

    // The last record showing the shared picture goes: no record references the file any more. Given out seconds ago,
    // it is left to the janitor's orphan sweep (a record showing it could still be on its way); given out longer ago
    // it goes with that delete (shared-covers.test.ts, janitor.service.test.ts).
    expect((await ann.delete(`/api/songs/${results[2]!.song.id}`)).status).toBe(200);
    expect(await stored()).toBe(true);
    const coverObjectId = new ObjectId(coverId);
    expect(await db.collection('songs').countDocuments({ cover_file_id: coverObjectId })).toBe(0);
    expect(await db.collection('albums').countDocuments({ cover_file_id: coverObjectId })).toBe(0);
  });

  it("joins an album of the same name the uploader owns, ignoring case; never another user's", async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    const own = await createAlbum(ann, { album_name: 'Blue Train' });
    await createAlbum(bob, { album_name: 'blue train' });
    const result = await imported(ann, await audioFile({ format: 'mp3', album: '  blue   TRAIN ', track: 1 }));
    expect(result).toMatchObject({ album_created: false, album: { id: own.id }, cover: 'album' });
    // Without an embedded picture, the song takes a copy of its album's cover.
    expect((await ann.get(result.song.song_cover_url)).raw.equals(coverBytes())).toBe(true);
    const bobs = await imported(bob, await audioFile({ format: 'mp3', album: 'Blue Train' }));
    expect(bobs.album!.id).not.toBe(own.id);
    expect(bobs.album!.artist_id).toBe(bob.user.id);
  });

  it('creates one album when files of a new album arrive at the same time', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const files = await Promise.all([1, 2, 3, 4].map((track) => audioFile({ format: 'vorbis', album: 'Simultaneous', track })));
    const results = await Promise.all(files.map((file) => imported(ann, file)));
    expect(new Set(results.map((result) => result.album!.id)).size).toBe(1);
    expect(results.filter((result) => result.album_created)).toHaveLength(1);
    const albums = await ann.get(`/api/albums/current/${ann.user.id}`);
    expect(albums.body.filter((album: { album_name: string }) => album.album_name === 'Simultaneous')).toHaveLength(1);
  });

  it('reports the same bytes again as a duplicate of the existing song and stores nothing', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const file = await audioFile({ format: 'flac', title: 'Once', album: 'Dupes' });
    const first = await imported(ann, file);
    const files = await mediaFileCount(db);
    const again = await upload(ann, new File([new Uint8Array(await file.arrayBuffer())], 'renamed copy.flac'), { title: 'Other name' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'duplicate', song: first.song });
    expect(await mediaFileCount(db)).toBe(files);
    expect(spools()).toEqual([]);

    const hash = (await import('node:crypto')).createHash('sha256').update(new Uint8Array(await file.arrayBuffer())).digest('hex');
    const check = await ann.post('/api/uploads/check', { json: { sha256: [hash, 'f'.repeat(64)] } });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ duplicates: { [hash]: first.song.id } });

    // Another user's copy is theirs to keep.
    const bob = await newUser(apiUrl, 'bob');
    expect((await upload(bob, file)).status).toBe(201);
    // Once the song is deleted, the same bytes are new again.
    expect((await ann.delete(`/api/songs/${first.song.id}`)).status).toBe(200);
    expect((await upload(ann, file)).status).toBe(201);
  });

  it('answers the same bytes sent twice at once as one song and its duplicate, not a conflict', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const file = await audioFile({ format: 'mp3', title: 'Twice at once', seconds: 3 });
    const files = await mediaFileCount(db);
    const answers = await Promise.all([upload(ann, file), upload(ann, new File([new Uint8Array(await file.arrayBuffer())], 'copy.mp3'))]);
    const stored = answers.find((answer) => answer.status === 201);
    const duplicate = answers.find((answer) => answer.status === 200);
    expect(stored?.body.status).toBe('imported');
    expect(duplicate?.body).toEqual({ status: 'duplicate', song: stored!.body.song });
    // The song's audio and its generated cover, once.
    expect(await mediaFileCount(db)).toBe(files + 2);
    expect(spools()).toEqual([]);
  });

  it("counts the single-song form's mp3s as the user's bytes, and moves that claim when the form replaces the audio", async () => {
    const ann = await newUser(apiUrl, 'ann');
    const first = songBytes(2, 7101);
    const second = songBytes(2, 7102);
    const made = await createSong(ann, { song_name: 'By The Form', audio: new File([first], 'form.mp3') });
    // The same bytes through the bulk upload: a duplicate of the form's song, nothing stored.
    const files = await mediaFileCount(db);
    const again = await upload(ann, new File([first], 'copy.mp3'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'duplicate', song: { id: made.id } });
    expect(await mediaFileCount(db)).toBe(files);

    // The form replaces the audio: the old bytes are new again, the new ones are the song's.
    expect((await ann.put(`/api/songs/${made.id}/update`, { form: form({ song_name: 'By The Form', song_file_url: new File([second], 'new.mp3') }) })).status).toBe(200);
    const hashOf = async (bytes: Buffer) => (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex');
    const check = await ann.post('/api/uploads/check', { json: { sha256: [await hashOf(first), await hashOf(second)] } });
    expect(check.body).toEqual({ duplicates: { [await hashOf(second)]: made.id } });
    expect((await upload(ann, new File([second], 'again.mp3'))).body).toMatchObject({ status: 'duplicate', song: { id: made.id } });
    const old = await upload(ann, new File([first], 'old.mp3'));
    expect(old.status).toBe(201);
    expect(old.body.song.id).not.toBe(made.id);
  });

  it('takes title and track from the file name when there are no tags, and draws a cover', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const result = await imported(ann, await audioFile({ format: 'wav' }, '05 - From The Name.wav'));
    expect(result.song).toMatchObject({ song_name: 'From The Name', track: 5, disc: null, album_id: null, audio_format: 'wav' });
    expect(result.cover).toBe('generated');
    const cover = await ann.get(result.song.song_cover_url);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
  });

  it('applies the review edits over the tags, and a sent cover when the file has none', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const file = await audioFile({ format: 'opus', title: 'Tag Title', album: 'Tag Album', track: 9, genre: 'Tag' });
    const result = await imported(ann, file, { title: 'Edited Title', album: '', track: '3', genre: '', cover: coverFile({ seed: 4 }), artist_id: '0'.repeat(24) });
    expect(result.song).toMatchObject({ song_name: 'Edited Title', album_id: null, track: 3, genre: null, artist_id: ann.user.id });
    expect(result.cover).toBe('sidecar');
    expect((await ann.get(result.song.song_cover_url)).raw.equals(coverBytes(4))).toBe(true);
  });

  it('refuses what is not supported audio with the accepted formats named, keyed by field, storing nothing', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const files = await mediaFileCount(db);
    const fake = await upload(ann, rawFile('Just text, not a FLAC at all.\n'.repeat(50), 'song.flac', 'audio/flac'));
    expect(fake.status).toBe(415);
    expect(fake.body).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: IMPORT_MESSAGES.unsupportedFormat, errors: { file: IMPORT_MESSAGES.unsupportedFormat } });
    expect(IMPORT_MESSAGES.unsupportedFormat).toMatch(/MP3, FLAC, AAC or ALAC \(\.m4a\), Ogg Vorbis, Opus and WAV/);
    const picture = await upload(ann, coverFile({ name: 'song.mp3' }));
    expect(picture.status).toBe(415);
    const missing = await upload(ann, undefined, { title: 'No file' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ file: IMPORT_MESSAGES.fileRequired });
    const badEdit = await upload(ann, await audioFile({ format: 'mp3' }), { track: 'zero' });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.errors).toEqual({ track: IMPORT_MESSAGES.trackInvalid });
    expect(await mediaFileCount(db)).toBe(files);
    expect(spools()).toEqual([]);
  });

  it('refuses an mp3 over its format limit while it arrives, before the overall limit', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const files = await mediaFileCount(db);
    const mp3 = songBytes(2);
    const oversize = Buffer.alloc(AUDIO_FORMAT_INFO.mp3.maxBytes + 1024 * 1024);
    // Real frames first, so the container is known from the first bytes; the rest never needs to be valid.
    for (let offset = 0; offset + mp3.length <= 256 * 1024; offset += mp3.length) mp3.copy(oversize, offset);
    const response = await upload(ann, new File([oversize], 'long.mp3'));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { file: 'MP3 files must be at most 60 MB.' } });
    expect(await mediaFileCount(db)).toBe(files);
    expect(spools()).toEqual([]);
  });

  it('leaves nothing behind when the client goes away mid-upload', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const files = await mediaFileCount(db);
    const songsBefore = (await ann.get('/api/songs?limit=1')).body.total;
    const boundary = 'tunafy-abort-boundary';
    const csrf = await ann.csrf();
    const cookie = cookieOf(ann);
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${apiUrl}/api/uploads/songs`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': csrf, cookie, 'content-length': String(50 * 1024 * 1024) },
      });
      req.on('error', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.flac"\r\nContent-Type: audio/flac\r\n\r\n`);
      const chunk = Buffer.alloc(1024 * 1024, 7);
      let sent = 0;
      const pump = () => {
        if (sent++ < 5) req.write(chunk, pump);
        else setTimeout(() => {
          // The spool exists while the body arrives...
          expect(spools().length).toBe(1);
          req.destroy();
          resolve();
        }, 300);
      };
      pump();
    });
    // ...and is gone once the upload is abandoned.
    for (let attempt = 0; attempt < 50 && spools().length > 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(spools()).toEqual([]);
    expect(await mediaFileCount(db)).toBe(files);
    expect((await ann.get('/api/songs?limit=1')).body.total).toBe(songsBefore);
  });

  it('is for logged-in users only', async () => {
    const guest = new ApiClient(apiUrl);
    const response = await upload(guest, rawFile('x', 'a.mp3'));
    expect(response.status).toBe(401);
    expect((await guest.post('/api/uploads/check', { json: { sha256: ['a'.repeat(64)] } })).status).toBe(401);
  });

  it('makes an imported song an mp3 when the update form replaces its audio', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const result = await imported(ann, await audioFile({ format: 'flac', title: 'Was FLAC' }));
    const updated = await ann.put(`/api/songs/${result.song.id}/update`, { form: form({ song_name: 'Now MP3', song_file_url: new File([songBytes(2)], 'new.mp3') }) });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ song_name: 'Now MP3', audio_format: 'mp3' });
    expect((await ann.get(updated.body.song_file_url)).headers.get('content-type')).toBe('audio/mpeg');
    expect((await ann.get(`/api/songs/${result.song.id}`)).body.audio_format).toBe('mp3');
  });

  it('keeps the single-song form mp3-only with the spec text', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const flac = await audioFile({ format: 'flac' }, 'song.mp3');
    const response = await ann.post('/api/songs/new', { form: form({ song_name: 'Form', song_cover_url: coverFile(), song_file_url: flac }) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ song_file_url: MESSAGES.songFormat });
  });
});

/** The client's cookies as a header, for the hand-made request above. */
function cookieOf(client: ApiClient): string {
  return cookieHeader((client as unknown as { cookies: Map<string, string> }).cookies);
}
