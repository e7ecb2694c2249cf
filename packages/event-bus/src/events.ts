/// <reference lib="dom" />
// The events carry browser objects (files, dropped folders); node-side readers of this file (build tooling) need their types too.
import type { SessionUser, Song } from '@tunafy/contracts';

/**
 * The contract between the shell and the remotes. Bump the major version for
 * any change a remote built against the previous one could misread; remotes
 * built against another major are refused at load with a clear message.
 */
export const EVENT_CONTRACT_VERSION = '1.5.0';

export type ModalName = 'login' | 'signup' | 'please-log-in';

/**
 * What the player plays: enough to show and stream a song without another fetch. `artists` (the credited artists,
 * optional as on Song) since 1.4.0: a player built before shows the owner's name, as it did. `audio_format` and
 * `loudness` since 1.5.0: without them the player plays the stored file at full level, as before.
 */
export type QueueItem = Pick<Song, 'id' | 'song_name' | 'artist_username' | 'song_cover_url' | 'song_file_url' | 'duration' | 'album_id' | 'album_name' | 'artist_id' | 'artists' | 'audio_format' | 'loudness'>;

/** A song as the player's queue holds it: the fields above (its credited artists, format and loudness when it has them). */
export function toQueueItem(song: Song): QueueItem {
  return {
    ...(song.artists ? { artists: song.artists } : {}),
    ...(song.audio_format ? { audio_format: song.audio_format } : {}),
    ...(song.loudness ? { loudness: song.loudness } : {}),
    id: song.id,
    song_name: song.song_name,
    artist_username: song.artist_username,
    artist_id: song.artist_id,
    song_cover_url: song.song_cover_url,
    song_file_url: song.song_file_url,
    duration: song.duration,
    album_id: song.album_id,
    album_name: song.album_name,
  };
}

export type PlayerCommand =
  /** Queue the whole list and play from `index` (SPEC §4). `source` lets list pages know the queue is theirs. */
  | { type: 'play-list'; songs: QueueItem[]; index: number; source: string }
  | { type: 'toggle' }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'seek'; seconds: number }
  | { type: 'play-next'; song: QueueItem }
  | { type: 'add-to-queue'; song: QueueItem }
  /**
   * Several songs at once (a multi-row selection), in this order: right after the current song (`next`) or at the
   * end (`end`). One command, so the player changes its queue, saves and tells the user once. Since 1.3.0.
   */
  | { type: 'queue-songs'; songs: QueueItem[]; at: 'next' | 'end' };

export interface PlayerState {
  queue: QueueItem[];
  index: number;
  current: QueueItem | null;
  playing: boolean;
  /** Seconds into the current song. */
  position: number;
  /** The `source` of the last play-list command, e.g. 'album:<id>' or 'songs'. */
  source: string | null;
}

export interface EventMap {
  /** The session user, or null for a guest. Published by the shell after the session check and on every login/logout. */
  'auth:session': { user: SessionUser | null };
  /** Ask the shell's modal host to open a modal (the auth remote renders them). */
  'ui:open-modal': { modal: ModalName };
  'ui:close-modal': Record<string, never>;
  /** A short message for the user (toast). */
  'ui:notify': { kind: 'info' | 'error'; message: string };
  /** Commands to the player remote. */
  'player:command': PlayerCommand;
  /** The player's state, for play/pause icons on list pages. */
  'player:state': PlayerState;
  /** Something in the library changed (for lists to refresh). */
  'library:changed': { entity: 'song' | 'album' | 'playlist' | 'like'; id: string; action: 'created' | 'updated' | 'deleted' };
  /**
   * Files a logged-in user dropped on the app outside the upload screen; the shell opens /upload and the library's
   * upload screen takes them. `entries` are the drop's (folders included: they stay readable after the drop), `files`
   * the plain list for browsers without entries.
   */
  'library:files-dropped': { entries: FileSystemEntry[]; files: File[] };
}

export type EventName = keyof EventMap;

export interface EventBehaviour {
  /** Late subscribers get the last value: remotes mount after the shell has published. */
  replay: boolean;
  /**
   * A command published while nobody listens is held this long (ms) and handed to the first subscriber, once.
   * A person can click a song before the player remote has mounted; the click is still meant a few seconds
   * later, but playing it a minute later would surprise.
   */
  holdUnheardMs?: number;
}

/** Declared per event, so nobody has to guess whether a late subscriber sees the past. */
export const EVENT_BEHAVIOUR: { readonly [K in EventName]: EventBehaviour } = {
  'auth:session': { replay: true },
  'ui:open-modal': { replay: false },
  'ui:close-modal': { replay: false },
  'ui:notify': { replay: false },
  'player:command': { replay: false, holdUnheardMs: 5000 },
  'player:state': { replay: true },
  'library:changed': { replay: false },
  // The upload screen mounts after the shell navigated there: the drop is held for it, once.
  'library:files-dropped': { replay: false, holdUnheardMs: 15000 },
};
