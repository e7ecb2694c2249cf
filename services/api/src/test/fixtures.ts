import { MongoClient, type Db } from 'mongodb';
import { parseBuffer } from 'music-metadata';
import type { Album, Song } from '@tunafy/contracts';
import { ChangeFeed } from '../catalog/change-feed.js';
import { renderCover } from '../media/synth/render-cover.js';
import { synthesizeSong } from '../media/synth/synth-song.js';
import type { ApiClient } from './api-client.js';

/**
 * Shared fixtures for the integration suites: real PNG covers and real MP3s
 * (so the API's byte sniffing and duration reading run as in production), and
 * helpers that create songs and albums through the API.
 */

// Encoding costs about a second per 30 s of audio: reuse the bytes per length.
const songCache = new Map<string, Buffer>();
const coverCache = new Map<string, Buffer>();

export function coverBytes(seed = 1, title = 'fixture'): Buffer {
  const key = `${seed}:${title}`;
  let bytes = coverCache.get(key);
  if (!bytes) {
    bytes = renderCover({ seed, title, size: 64 });
    coverCache.set(key, bytes);
  }
  return bytes;
}

export function songBytes(seconds = 2, seed = 1): Buffer {
  const key = `${seconds}:${seed}`;
  let bytes = songCache.get(key);
  if (!bytes) {
    bytes = synthesizeSong({ seed, seconds });
    songCache.set(key, bytes);
  }
  return bytes;
}

/** The length the API should report for an mp3: its real duration in whole seconds. */
export async function mp3Seconds(bytes: Buffer): Promise<number> {
  const { format } = await parseBuffer(bytes, { mimeType: 'audio/mpeg', size: bytes.length }, { duration: true });
  return Math.round(format.duration!);
}

/** A real PNG cover, named like a browser upload would name it. */
export function coverFile(options: { seed?: number; name?: string } = {}): File {
  return new File([coverBytes(options.seed)], options.name ?? 'cover.png', { type: 'image/png' });
}

/** A real MP3 of about `seconds` seconds. */
export function songFile(seconds = 2, options: { seed?: number; name?: string } = {}): File {
  return new File([songBytes(seconds, options.seed)], options.name ?? 'song.mp3', { type: 'audio/mpeg' });
}

/** Any bytes as an upload, for the negative cases (text named .mp3, empty files, ...). */
export function rawFile(data: Buffer | string, name: string, type = 'application/octet-stream'): File {
  return new File([typeof data === 'string' ? Buffer.from(data) : data], name, { type });
}

/** A multipart form from text fields and files; undefined entries are left out. */
export function form(fields: Record<string, string | Blob | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) data.append(name, value);
  }
  return data;
}

export interface SongOverrides {
  song_name?: string;
  album_id?: string;
  seconds?: number;
  cover?: Blob;
  audio?: Blob;
}

/** The form the create-song page sends, including the fields the API ignores (artist_id, duration 260). */
export function songForm(client: ApiClient, overrides: SongOverrides = {}): FormData {
  return form({
    song_name: overrides.song_name ?? 'Fixture Song',
    artist_id: client.user?.id,
    duration: '260',
    album_id: overrides.album_id,
    song_cover_url: overrides.cover ?? coverFile(),
    song_file_url: overrides.audio ?? songFile(overrides.seconds ?? 2),
  });
}

/** Creates a song as the client's user and answers the parsed Song; throws on anything but 201. */
export async function createSong(client: ApiClient, overrides: SongOverrides = {}): Promise<Song> {
  const response = await client.post<Song>('/api/songs/new', { form: songForm(client, overrides) });
  if (response.status !== 201) throw new Error(`create song failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export interface AlbumOverrides {
  album_name?: string;
  cover?: Blob;
}

export async function createAlbum(client: ApiClient, overrides: AlbumOverrides = {}): Promise<Album> {
  const response = await client.post<Album>('/api/albums/new', {
    form: form({ album_name: overrides.album_name ?? 'Fixture Album', artist_id: client.user?.id, album_cover_url: overrides.cover ?? coverFile() }),
  });
  if (response.status !== 201) throw new Error(`create album failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The file id inside a `/api/files/<id>` url. */
export function fileId(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

/**
 * A direct connection to the test database, for what the API does not expose
 * (GridFS file counts, seeding rows of features that may not exist yet).
 * Close it in afterAll.
 */
export async function connectDb(mongodbUri: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const client = await MongoClient.connect(mongodbUri, { serverSelectionTimeoutMS: 5000 });
  return { db: client.db(), close: () => client.close() };
}

/** Number of files in the media GridFS bucket. */
export function mediaFileCount(db: Db): Promise<number> {
  return db.collection('media.files').countDocuments();
}

/**
 * Tells the API that the test wrote behind its back (as a crash midway through
 * a delete would leave things): the API's read model reloads before its next
 * answer, as it does after a seed or any bulk write logged with a reload.
 */
export async function announceDirectWrite(db: Db): Promise<void> {
  await new ChangeFeed(() => db).publish([{ kind: 'reload' }]);
}

/**
 * Polls until `check` holds (or `timeoutMs` passed) and answers the last value read: for what another API replica
 * shows after its next look at the catalog's change feed. The caller asserts on the value.
 */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
