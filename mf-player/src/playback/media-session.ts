/**
 * The Media Session API: the song on the lock screen, the OS media overlay and
 * hardware media keys, which then drive the same controller as the bar.
 */
import type { QueueItem } from '@tunafy/event-bus';
import { creditNames } from '@tunafy/ui';
import { JUMP_MS } from './constants';

/** The player's own transport, so the controller can hand itself over. */
export interface MediaSessionControls {
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
  /** To `seconds` into the song. */
  seek(seconds: number): void;
  /** By `seconds` (negative rewinds). */
  jump(seconds: number): void;
}

export function browserMediaSession(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'nexttrack', 'previoustrack', 'seekto', 'seekbackward', 'seekforward'];

export class MediaSessionBridge {
  private shownSongId: string | null = null;

  constructor(private readonly session: MediaSession | null) {}

  attach(controls: MediaSessionControls): void {
    const session = this.session;
    if (!session) return;
    const handlers: Partial<Record<MediaSessionAction, MediaSessionActionHandler>> = {
      play: () => controls.play(),
      pause: () => controls.pause(),
      nexttrack: () => controls.next(),
      previoustrack: () => controls.previous(),
      seekto: (details) => details.seekTime !== undefined && controls.seek(details.seekTime),
      seekbackward: (details) => controls.jump(-(details.seekOffset ?? JUMP_MS / 1000)),
      seekforward: (details) => controls.jump(details.seekOffset ?? JUMP_MS / 1000),
    };
    for (const action of ACTIONS) {
      try {
        session.setActionHandler(action, handlers[action] ?? null);
      } catch {
        // This browser does not know the action.
      }
    }
  }

  detach(): void {
    const session = this.session;
    if (!session) return;
    for (const action of ACTIONS) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // Unknown action.
      }
    }
    this.shownSongId = null;
    session.metadata = null;
    session.playbackState = 'none';
  }

  show(song: QueueItem | null, playing: boolean): void {
    const session = this.session;
    if (!session) return;
    session.playbackState = song ? (playing ? 'playing' : 'paused') : 'none';
    if ((song?.id ?? null) === this.shownSongId) return;
    this.shownSongId = song?.id ?? null;
    if (!song || typeof MediaMetadata === 'undefined') {
      session.metadata = null;
      return;
    }
    session.metadata = new MediaMetadata({
      title: song.song_name,
      artist: creditNames(song),
      album: song.album_name ?? '',
      artwork: song.song_cover_url ? [{ src: new URL(song.song_cover_url, document.baseURI).href }] : [],
    });
  }

  position(position: number, duration: number): void {
    if (!this.session?.setPositionState || !Number.isFinite(duration) || duration <= 0) return;
    try {
      this.session.setPositionState({ duration, position: Math.min(Math.max(position, 0), duration), playbackRate: 1 });
    } catch {
      // Inconsistent numbers mid-load; the next update fixes them.
    }
  }
}
