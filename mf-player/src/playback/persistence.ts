/**
 * Where the player keeps its state between visits: localStorage for this
 * browser (restored first, without autoplay) and the API for the user's other
 * browsers. Both are per user, so a second account on the same browser never
 * sees the first one's queue.
 */
import { AUDIO_FORMATS, type ArtistRef, type AudioFormat, type PlayerState as SavedPlayerState, type PlayerStateInput, type Song, type SongLoudness } from '@tunafy/contracts';
import type { QueueItem } from '@tunafy/event-bus';
import type { QueueSnapshot, RepeatMode } from '../queue/queue';
import { DEFAULT_VOLUME, SERVER_QUEUE_MAX, SONG_ID_PATTERN } from './constants';

const VERSION = 1;
const REPEAT_MODES: readonly RepeatMode[] = ['off', 'all', 'one'];

export interface RestoredPlayer {
  queue: QueueSnapshot;
  /** Seconds into the current song. */
  position: number;
  volume: number;
  muted: boolean;
}

interface StoredQueue {
  v: typeof VERSION;
  queue: QueueSnapshot;
  volume: number;
  muted: boolean;
}

/** Written every second while playing, so it is kept apart from the (bigger) queue. */
interface StoredPosition {
  v: typeof VERSION;
  index: number;
  song_id: string;
  position: number;
}

export function storageKeys(userId: string): { queue: string; position: string } {
  const base = `tunafy.player.v${VERSION}:${userId}`;
  return { queue: base, position: `${base}:position` };
}

/** localStorage, or null where it is unavailable (privacy modes, sandboxed frames). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const finiteOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
export const clampVolume = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100));

/** A stored song, if it still has what the player needs to show and stream it. */
function toQueueItem(value: unknown): QueueItem | null {
  if (!isObject(value)) return null;
  const { id, song_name, song_file_url } = value;
  if (typeof id !== 'string' || typeof song_name !== 'string' || typeof song_file_url !== 'string') return null;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  const optional = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : null);
  return {
    id,
    song_name,
    song_file_url,
    artist_id: text('artist_id'),
    artist_username: text('artist_username'),
    song_cover_url: text('song_cover_url'),
    album_id: optional('album_id'),
    album_name: optional('album_name'),
    duration: Math.max(0, finiteOr(value.duration, 0)),
    ...(artistsOf(value.artists) ?? {}),
    // Without its format a restored ALAC would be taken for an mp3 and never transcoded (playback-source.ts).
    ...(AUDIO_FORMATS.includes(value.audio_format as AudioFormat) ? { audio_format: value.audio_format as AudioFormat } : {}),
    ...(loudnessOf(value.loudness) ?? {}),
  };
}

const finiteOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Stored loudness, kept when its track values are numbers (the album's may be null: a single). */
function loudnessOf(value: unknown): { loudness: SongLoudness } | null {
  if (!isObject(value)) return null;
  const track_lufs = finiteOrNull(value.track_lufs);
  const track_peak_db = finiteOrNull(value.track_peak_db);
  if (track_lufs === null || track_peak_db === null) return null;
  const album_lufs = finiteOrNull(value.album_lufs);
  const album_peak_db = finiteOrNull(value.album_peak_db);
  const album = album_lufs !== null && album_peak_db !== null;
  return { loudness: { track_lufs, track_peak_db, album_lufs: album ? album_lufs : null, album_peak_db: album ? album_peak_db : null } };
}

/** Stored credited artists, kept when each still has an id and a name (a queue saved before 1.4.0 has none). */
function artistsOf(value: unknown): { artists: ArtistRef[] } | null {
  if (!Array.isArray(value)) return null;
  const artists = value.filter((artist): artist is ArtistRef => isObject(artist) && typeof artist.id === 'string' && typeof artist.name === 'string').map(({ id, name }) => ({ id, name }));
  return { artists };
}

export function songToQueueItem(song: Song): QueueItem {
  const { id, song_name, artist_id, artist_username, album_id, album_name, song_cover_url, song_file_url, duration, artists, audio_format, loudness } = song;
  return {
    id,
    song_name,
    artist_id,
    artist_username,
    album_id,
    album_name,
    song_cover_url,
    song_file_url,
    duration,
    ...(artists ? { artists } : {}),
    ...(audio_format ? { audio_format } : {}),
    ...(loudness ? { loudness } : {}),
  };
}

function readJson(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the server copy still works.
  }
}

export function loadLocal(storage: Storage | null, userId: string): RestoredPlayer | null {
  if (!storage) return null;
  const keys = storageKeys(userId);
  const stored = readJson(storage, keys.queue);
  if (!isObject(stored) || stored.v !== VERSION || !isObject(stored.queue)) return null;
  const raw = stored.queue;
  if (!Array.isArray(raw.songs)) return null;
  const items = raw.songs.map(toQueueItem);
  // A damaged entry would shift every position after it; better to start that queue over.
  const songs = items.every((item): item is QueueItem => item !== null) ? items : [];
  const index = Math.trunc(finiteOr(raw.index, 0));
  const queue: QueueSnapshot = {
    songs,
    index: songs.length > 0 ? Math.min(Math.max(index, 0), songs.length - 1) : 0,
    source: typeof raw.source === 'string' ? raw.source : null,
    shuffle: raw.shuffle === true,
    repeat: REPEAT_MODES.includes(raw.repeat as RepeatMode) ? (raw.repeat as RepeatMode) : 'off',
    unshuffledOrder: Array.isArray(raw.unshuffledOrder) && raw.unshuffledOrder.every((n) => Number.isInteger(n)) ? (raw.unshuffledOrder as number[]) : null,
  };
  const saved = readJson(storage, keys.position);
  const current = songs[queue.index];
  const position = isObject(saved) && saved.v === VERSION && current && saved.index === queue.index && saved.song_id === current.id ? Math.max(0, finiteOr(saved.position, 0)) : 0;
  return { queue, position, volume: clampVolume(finiteOr(stored.volume, DEFAULT_VOLUME)), muted: stored.muted === true };
}

export function saveLocalQueue(storage: Storage | null, userId: string, state: { queue: QueueSnapshot; volume: number; muted: boolean }): void {
  if (storage) writeJson(storage, storageKeys(userId).queue, { v: VERSION, ...state } satisfies StoredQueue);
}

export function saveLocalPosition(storage: Storage | null, userId: string, position: { index: number; songId: string | null; position: number }): void {
  if (!storage || position.songId === null) return;
  writeJson(storage, storageKeys(userId).position, { v: VERSION, index: position.index, song_id: position.songId, position: Math.round(position.position * 10) / 10 } satisfies StoredPosition);
}

/**
 * The API's shape: song ids, at most SERVER_QUEUE_MAX of them (a window
 * around the current song), and only real ids (a dev page's sample songs are
 * not in the catalog). The list order of a shuffled queue is not kept there.
 */
export function toServerInput(queue: QueueSnapshot, position: number, volume: number): PlayerStateInput {
  const valid = queue.songs.map((song, at) => ({ id: song.id, at })).filter(({ id }) => SONG_ID_PATTERN.test(id));
  let index = valid.findIndex(({ at }) => at >= queue.index);
  const currentKept = index >= 0 && valid[index].at === queue.index;
  if (index < 0) index = Math.max(0, valid.length - 1);
  const start = Math.min(Math.max(0, index - Math.floor(SERVER_QUEUE_MAX / 2)), Math.max(0, valid.length - SERVER_QUEUE_MAX));
  const window = valid.slice(start, start + SERVER_QUEUE_MAX);
  return {
    queue: window.map(({ id }) => id),
    index: window.length > 0 ? index - start : 0,
    position: currentKept ? Math.max(0, Math.round(position * 10) / 10) : 0,
    volume: clampVolume(volume),
    shuffle: queue.shuffle,
    repeat: queue.repeat,
  };
}

export function fromServerState(saved: SavedPlayerState): RestoredPlayer {
  const songs = saved.queue.map(songToQueueItem);
  return {
    queue: {
      songs,
      index: songs.length > 0 ? Math.min(Math.max(Math.trunc(saved.index), 0), songs.length - 1) : 0,
      source: null,
      shuffle: saved.shuffle === true,
      repeat: REPEAT_MODES.includes(saved.repeat) ? saved.repeat : 'off',
      unshuffledOrder: null,
    },
    position: Math.max(0, finiteOr(saved.position, 0)),
    volume: clampVolume(finiteOr(saved.volume, DEFAULT_VOLUME)),
    muted: false,
  };
}
