import { vi } from 'vitest';
import type { PlayerState as SavedPlayerState, Song } from '@tunafy/contracts';
import type { QueueItem } from '@tunafy/event-bus';
import type { EngineEvents, OpenOptions } from '../playback/audio-engine';
import type { ListeningApi } from '../playback/listening-api';
import type { PlaybackEngine } from '../playback/audio-session';

/** A 24-hex id the API would accept, readable in failures: hexId(3) = '000000000000000000000003'. */
export const hexId = (n: number) => n.toString(16).padStart(24, '0');

export function catalogSong(n: number, seconds = 120): Song {
  return {
    id: hexId(n),
    song_name: `Song ${n}`,
    artist_id: hexId(1000 + n),
    artist_username: `Artist ${n}`,
    album_id: null,
    album_name: null,
    song_cover_url: `/api/files/${hexId(2000 + n)}`,
    song_file_url: `/api/files/${hexId(3000 + n)}`,
    duration: seconds,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

export function catalogItem(n: number, seconds = 120): QueueItem {
  const { created_at: _created, ...item } = catalogSong(n, seconds);
  return item;
}

/** Records what the controller asks of the audio; tests play the browser's part through `events`. */
export class FakeEngine implements PlaybackEngine {
  events!: EngineEvents;
  /** What each open asked for, without its gain (see `gainDb`). */
  opened: ({ url: string } & Omit<OpenOptions, 'gainDb'>)[] = [];
  preloaded: string | null = null;
  /** The normalization gain of the current and of the preloaded song, dB. */
  gainDb = 0;
  preloadedGainDb = 0;
  playing = false;
  position = 0;
  duration = NaN;
  volume = -1;
  muted = false;
  loop = false;
  mounted: HTMLElement | null = null;
  destroyed = false;
  cleared = 0;
  restarts = 0;

  mount(host: HTMLElement) {
    this.mounted = host;
  }
  destroy() {
    this.destroyed = true;
    this.playing = false;
  }
  open(url: string, { gainDb = 0, ...options }: OpenOptions) {
    this.opened.push({ url, ...options });
    this.gainDb = gainDb;
    this.position = options.startAt ?? 0;
    this.playing = options.autoplay;
  }
  clear() {
    this.cleared++;
    this.playing = false;
    this.preloaded = null;
  }
  preload(url: string | null, gainDb = 0) {
    this.preloaded = url;
    this.preloadedGainDb = gainDb;
  }
  setGain(gainDb: number) {
    this.gainDb = gainDb;
  }
  play() {
    this.playing = true;
  }
  pause() {
    this.playing = false;
  }
  seek(seconds: number) {
    this.position = seconds;
  }
  restart(autoplay: boolean) {
    this.restarts++;
    this.position = 0;
    this.playing = autoplay;
  }
  setVolume(volume: number, muted: boolean) {
    this.volume = volume;
    this.muted = muted;
  }
  setLoop(loop: boolean) {
    this.loop = loop;
  }
  get lastUrl(): string | undefined {
    return this.opened.at(-1)?.url;
  }
  /** The browser playing on: timeupdate every 250 ms from the current position. */
  advance(seconds: number) {
    for (let t = 0.25; t <= seconds + 1e-9; t += 0.25) {
      this.position += 0.25;
      this.events.time(this.position);
    }
  }
}

export function fakeApi(saved: SavedPlayerState | null = null) {
  return {
    recordPlay: vi.fn<ListeningApi['recordPlay']>(async () => true),
    recentlyPlayed: vi.fn<ListeningApi['recentlyPlayed']>(async () => []),
    loadPlayerState: vi.fn<ListeningApi['loadPlayerState']>(async () => saved),
    savePlayerState: vi.fn<ListeningApi['savePlayerState']>(async () => undefined),
  } satisfies ListeningApi;
}

/** A fake media session that records metadata and handlers. */
export function fakeMediaSession() {
  const handlers = new Map<MediaSessionAction, MediaSessionActionHandler | null>();
  const session = {
    metadata: null as MediaMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    setActionHandler: (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => void handlers.set(action, handler),
    setPositionState: vi.fn(),
    setCameraActive: vi.fn(),
    setMicrophoneActive: vi.fn(),
  };
  return { session: session as unknown as MediaSession, handlers, raw: session };
}

/** jsdom has no MediaMetadata: a stand-in that keeps what it is given (undo with vi.unstubAllGlobals()). */
export function stubMediaMetadata(): void {
  vi.stubGlobal(
    'MediaMetadata',
    class {
      constructor(init: MediaMetadataInit) {
        Object.assign(this, init);
      }
    },
  );
}
