/**
 * The audio while the player is attached: the engine (two <audio> elements,
 * gapless hand-off, preloading the next song: see audio-engine.ts) from mount
 * to destroy, the position and duration the progress bar shows, and the two
 * clocks that run while a song plays. It knows songs, not queues: the
 * controller says which song is current and which comes next (and whether
 * each plays as part of its album, for album gain). `sourceOf` turns a song
 * into the URL and gain the settings ask for (playback-source.ts).
 */
import type { QueueItem } from '@tunafy/event-bus';
import type { AudioEngine, EngineEvents } from './audio-engine';
import { LISTEN_INTERVAL_MS, PROGRESS_INTERVAL_MS } from './constants';
import type { PlaybackSource } from './playback-source';
import { Store } from './store';

export type PlaybackEngine = Pick<
  AudioEngine,
  'mount' | 'destroy' | 'open' | 'clear' | 'preload' | 'play' | 'pause' | 'seek' | 'restart' | 'setVolume' | 'setLoop' | 'setGain' | 'position' | 'duration'
>;

/** The URL and gain of `song` under the current settings; `useAlbum` when it plays as part of its album in order. */
export type SourceOf = (song: QueueItem, useAlbum: boolean) => PlaybackSource;

interface Loaded {
  song: QueueItem;
  useAlbum: boolean;
  url: string;
}

export interface Progress {
  /** Seconds into the current song. */
  position: number;
  /** Seconds; the song's catalog duration until the audio reports its own. */
  duration: number;
}

export interface AudioSettings {
  volume: number;
  muted: boolean;
  /** Repeat-one (the element's own loop). */
  loop: boolean;
}

const NOTHING_LOADED: Progress = { position: 0, duration: NaN };

/** A duration is NaN while unknown, and unknown equals unknown here (or every tick would re-render the bar). */
const sameDuration = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

const catalogDuration = (song: QueueItem | null) => (song && song.duration > 0 ? song.duration : NaN);

export class AudioSession {
  /** Kept apart from the bar's other state: it changes 50 times a second and only the progress bar needs it. */
  readonly progress = new Store<Progress>(NOTHING_LOADED);
  private engine: PlaybackEngine | null = null;
  private current: Loaded | null = null;
  private preloaded: Loaded | null = null;
  private progressTimer: ReturnType<typeof setInterval> | null = null;
  private listenTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly createEngine: (events: EngineEvents) => PlaybackEngine,
    /** Every LISTEN_INTERVAL_MS while playing: what is slower than the progress bar (the bus, saving). */
    private readonly onListenTick: () => void,
    private readonly sourceOf: SourceOf,
  ) {}

  get attached(): boolean {
    return this.engine !== null;
  }

  /** The URL the current song was opened from (its file or a stream), for messages about it. */
  get currentUrl(): string | null {
    return this.current?.url ?? null;
  }

  /** The elements go into `host`; the settings are applied before anything loads. */
  attach(host: HTMLElement, events: EngineEvents, { volume, muted, loop }: AudioSettings): void {
    const engine = this.createEngine(events);
    engine.mount(host);
    engine.setVolume(volume, muted);
    engine.setLoop(loop);
    this.engine = engine;
  }

  detach(): void {
    this.stopClocks();
    this.engine?.destroy();
    this.engine = null;
    this.current = null;
    this.preloaded = null;
  }

  /**
   * Loads `song` (paused unless `autoplay`, at `startAt`); false while
   * detached, when there is nothing to load it into. The progress is set
   * first: the engine reports the duration it knows while opening.
   */
  open(song: QueueItem, { autoplay, startAt = 0, useAlbum = false }: { autoplay: boolean; startAt?: number; useAlbum?: boolean }): boolean {
    if (!this.engine) return false;
    this.progress.set({ position: startAt, duration: catalogDuration(song) });
    const { url: fresh, gainDb } = this.sourceOf(song, useAlbum);
    // The preloaded song keeps the URL it was buffered with (Automatic may judge the connection differently now):
    // the engine swaps to it only for the same URL, and that swap is the gapless hand-off.
    const url = this.preloaded?.song.id === song.id ? this.preloaded.url : fresh;
    this.current = { song, useAlbum, url };
    this.engine.open(url, { autoplay, startAt, gainDb });
    return true;
  }

  /** The queue emptied: nothing loaded, nothing preloaded, the bar back at 0. */
  clear(): void {
    this.engine?.clear();
    this.current = null;
    this.preloaded = null;
    this.progress.set(NOTHING_LOADED);
  }

  /** Gapless: the song that comes next, buffered in the standby element (null drops it). */
  preload(song: QueueItem | null, useAlbum = false): void {
    if (!this.engine) return;
    if (!song) {
      this.preloaded = null;
      this.engine.preload(null);
      return;
    }
    const { url: fresh, gainDb } = this.sourceOf(song, useAlbum);
    const url = this.preloaded?.song.id === song.id ? this.preloaded.url : fresh;
    this.preloaded = { song, useAlbum, url };
    this.engine.preload(url, gainDb);
  }

  /**
   * The Streaming quality or Volume normalization changed: the current song keeps playing from the URL it has (at
   * the new gain), the preloaded one is loaded again from the URL the new quality asks for.
   */
  settingsChanged(): void {
    if (!this.engine) return;
    if (this.current) this.engine.setGain(this.sourceOf(this.current.song, this.current.useAlbum).gainDb);
    const preloaded = this.preloaded;
    this.preloaded = null;
    if (preloaded) this.preload(preloaded.song, preloaded.useAlbum);
  }

  play(): void {
    this.engine?.play();
  }

  pause(): void {
    this.engine?.pause();
  }

  /** Repeat-all over a single song: the same element starts over, nothing reloads. */
  restart(): void {
    this.engine?.restart(true);
  }

  setVolume(volume: number, muted: boolean): void {
    this.engine?.setVolume(volume, muted);
  }

  setLoop(loop: boolean): void {
    this.engine?.setLoop(loop);
  }

  /** Moves to `seconds`, kept inside the song when its length is known; returns where it went. */
  seek(seconds: number): number {
    const { duration } = this.progress.get();
    const target = Math.max(0, Number.isFinite(duration) ? Math.min(seconds, duration) : seconds);
    this.engine?.seek(target);
    this.showPosition(target);
    return target;
  }

  /** The element's own position while attached (the progress store lags it by up to PROGRESS_INTERVAL_MS). */
  livePosition(): number {
    return this.engine ? this.engine.position : this.progress.get().position;
  }

  showPosition(position: number): void {
    const current = this.progress.get();
    if (position !== current.position) this.progress.set({ ...current, position });
  }

  /** The audio's own duration wins; while it has none (or reports none), the catalog's. */
  showDuration(seconds: number, song: QueueItem | null): void {
    const current = this.progress.get();
    const duration = Number.isFinite(seconds) && seconds > 0 ? seconds : catalogDuration(song);
    if (!sameDuration(duration, current.duration)) this.progress.set({ ...current, duration });
  }

  /**
   * The clocks run only while something plays: timeupdate comes about every
   * 250 ms, too coarse for the bar, so it reads the element every
   * PROGRESS_INTERVAL_MS; everything slower runs on the listen tick.
   */
  followPlayback(playing: boolean): void {
    const active = playing && this.engine !== null;
    if (active && !this.progressTimer) {
      this.progressTimer = setInterval(() => this.engine && this.showPosition(this.engine.position), PROGRESS_INTERVAL_MS);
      this.listenTimer = setInterval(this.onListenTick, LISTEN_INTERVAL_MS);
    } else if (!active) {
      this.stopClocks();
    }
  }

  private stopClocks(): void {
    if (this.progressTimer) clearInterval(this.progressTimer);
    if (this.listenTimer) clearInterval(this.listenTimer);
    this.progressTimer = null;
    this.listenTimer = null;
  }
}
