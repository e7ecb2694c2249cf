/**
 * The player without React: the queue (pure transitions), the audio engine,
 * play counting, persistence, the Media Session and the bus. The bar renders
 * its state and calls its methods; other remotes reach it only through
 * `player:command` and hear it through `player:state`.
 */
import { getEventBus, type EventBus, type PlayerCommand, type PlayerState, type QueueItem } from '@tunafy/event-bus';
import {
  EMPTY_QUEUE,
  addToQueue,
  currentEntry,
  currentSong,
  entryAfterCurrent,
  fromSnapshot,
  jumpTo,
  move,
  next,
  playList,
  playNext,
  previous,
  queueSongs,
  remove,
  setRepeat,
  setShuffle,
  toIndex,
  toSnapshot,
  trackEnded,
  type QueueEntry,
  type QueueState,
  type RepeatMode,
} from '../queue/queue';
import { randomSeed } from '../queue/shuffle';
import { AudioEngine, type EngineEvents } from './audio-engine';
import { DEFAULT_VOLUME, ERROR_VISIBLE_MS, JUMP_MS, LISTEN_INTERVAL_MS, PROGRESS_INTERVAL_MS, SERVER_SAVE_DELAY_MS, VOLUME_STEP } from './constants';
import { listeningApi, type ListeningApi } from './listening-api';
import { MediaSessionBridge, browserMediaSession } from './media-session';
import { browserStorage, clampVolume, fromServerState, loadLocal, saveLocalPosition, saveLocalQueue, toServerInput, type RestoredPlayer } from './persistence';
import { PlayCounter } from './play-counter';

/** What the bar shows; everything but the position, which changes 50 times a second (see `Progress`). */
export interface PlayerViewState {
  queue: QueueState;
  /** The user's intent: true from "play" until "pause" (also while the audio is still buffering). */
  playing: boolean;
  buffering: boolean;
  volume: number;
  muted: boolean;
  /** A playback problem the bar shows (also sent as a `ui:notify` toast). */
  notice: string | null;
  /** Saved state (local or server) has been looked at; nothing is saved before. */
  restored: boolean;
}

export interface Progress {
  /** Seconds into the current song. */
  position: number;
  /** Seconds; the song's catalog duration until the audio reports its own. */
  duration: number;
}

export type PlaybackEngine = Pick<AudioEngine, 'mount' | 'destroy' | 'open' | 'clear' | 'preload' | 'play' | 'pause' | 'seek' | 'restart' | 'setVolume' | 'setLoop' | 'position' | 'duration'>;

export interface PlayerControllerOptions {
  userId: string;
  bus?: EventBus;
  api?: ListeningApi;
  storage?: Storage | null;
  createEngine?: (events: EngineEvents) => PlaybackEngine;
  mediaSession?: MediaSession | null;
  /** Seeds for shuffling (fixed in tests). */
  seed?: () => number;
  /** Where pagehide/visibilitychange are heard. */
  pageEvents?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document?: Pick<Document, 'visibilityState'> };
}

const isPlayable = (song: QueueItem | undefined): song is QueueItem => typeof song?.id === 'string' && typeof song.song_file_url === 'string' && song.song_file_url !== '';

const EMPTY_PLAYER_STATE: PlayerState = { queue: [], index: 0, current: null, playing: false, position: 0, source: null };

export class PlayerController {
  private state: PlayerViewState;
  private progress: Progress = { position: 0, duration: NaN };
  private readonly listeners = new Set<() => void>();
  private readonly progressListeners = new Set<() => void>();

  private readonly bus: EventBus;
  private readonly api: ListeningApi;
  private readonly storage: Storage | null;
  private readonly createEngine: (events: EngineEvents) => PlaybackEngine;
  private readonly mediaSession: MediaSessionBridge;
  private readonly seed: () => number;
  private readonly counter: PlayCounter;

  private engine: PlaybackEngine | null = null;
  /** Bumped on every attach/detach, so late answers of an earlier attachment are dropped. */
  private generation = 0;
  private cleanups: (() => void)[] = [];
  /** A user or another remote acted since attaching: a late server restore must not overwrite that. */
  private touched = false;
  private failuresInARow = 0;

  private lastPublished: PlayerState | null = null;
  private itemsFor: readonly QueueEntry[] | null = null;
  private items: QueueItem[] = [];
  /** The session ended: the API would refuse saves now. */
  private loggedOut = false;
  private savedQueueRef: QueueState | null = null;
  private savedVolume: [number, boolean] | null = null;
  private serverDirty = false;
  private serverTimer: ReturnType<typeof setTimeout> | null = null;
  private progressTimer: ReturnType<typeof setInterval> | null = null;
  private listenTimer: ReturnType<typeof setInterval> | null = null;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: PlayerControllerOptions) {
    this.bus = options.bus ?? getEventBus();
    this.api = options.api ?? listeningApi;
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.createEngine = options.createEngine ?? ((events) => new AudioEngine(events));
    this.mediaSession = new MediaSessionBridge(options.mediaSession === undefined ? browserMediaSession() : options.mediaSession);
    this.seed = options.seed ?? randomSeed;
    this.counter = new PlayCounter((songId) => {
      this.api.recordPlay(songId).catch((error: unknown) => console.warn('[mf-player] could not count a play', error));
    });
    this.state = { queue: EMPTY_QUEUE, playing: false, buffering: false, volume: DEFAULT_VOLUME, muted: false, notice: null, restored: false };
  }

  // ---- store for React (useSyncExternalStore) ----

  getState = (): PlayerViewState => this.state;
  getProgress = (): Progress => this.progress;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  subscribeProgress = (listener: () => void): (() => void) => {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  };

  // ---- lifecycle ----

  /** Starts the player in `host` (its <audio> elements go there); returns the teardown. */
  attach(host: HTMLElement): () => void {
    const generation = ++this.generation;
    const engine = this.createEngine(this.engineEvents);
    engine.mount(host);
    engine.setVolume(this.state.volume, this.state.muted);
    engine.setLoop(this.state.queue.repeat === 'one');
    this.engine = engine;
    this.touched = false;

    this.loggedOut = false;
    const commands = this.bus.on('player:command').subscribe((command) => this.command(command));
    // Heard before React unmounts the bar, so the teardown does not try to save to a session that is gone.
    const session = this.bus.on('auth:session').subscribe(({ user }) => {
      if (user?.id !== this.options.userId) this.loggedOut = true;
    });
    this.cleanups.push(() => commands.unsubscribe(), () => session.unsubscribe());

    const page = this.options.pageEvents ?? (typeof window === 'undefined' ? null : window);
    if (page) {
      // pagehide covers reloads, closing and bfcache; a hidden tab may never come back (mobile), so save then too.
      const onPageHide = () => this.flush(true);
      const onVisibility = () => (page.document ?? document).visibilityState === 'hidden' && this.flush(true);
      page.addEventListener('pagehide', onPageHide);
      page.addEventListener('visibilitychange', onVisibility);
      this.cleanups.push(() => {
        page.removeEventListener('pagehide', onPageHide);
        page.removeEventListener('visibilitychange', onVisibility);
      });
    }

    this.mediaSession.attach({
      play: () => this.play(),
      pause: () => this.pause(),
      next: () => this.next(),
      previous: () => this.previous(),
      seekTo: (seconds) => this.seek(seconds),
      seekBy: (seconds) => this.jump(seconds),
    });

    if (this.state.restored) this.reopenCurrent();
    else this.restore(generation);
    this.publish();
    return () => this.detach(generation);
  }

  private detach(generation: number): void {
    if (generation !== this.generation) return;
    this.generation++;
    this.flush(false);
    this.cleanups.forEach((cleanup) => cleanup());
    this.cleanups = [];
    this.stopTimers();
    if (this.serverTimer) clearTimeout(this.serverTimer);
    this.serverTimer = null;
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = null;
    this.engine?.destroy();
    this.engine = null;
    this.mediaSession.detach();
    this.state = { ...this.state, playing: false, buffering: false };
    this.notify();
    // List pages must stop showing "playing" (logout, or the bar went away).
    this.lastPublished = EMPTY_PLAYER_STATE;
    this.bus.publish('player:state', EMPTY_PLAYER_STATE);
  }

  private restore(generation: number): void {
    // A command held for the player while it mounted (a row clicked before the bar was there) has already run:
    // what the person asked for wins over anything saved before.
    if (this.touched) {
      this.update({ restored: true });
      return;
    }
    const local = loadLocal(this.storage, this.options.userId);
    if (local) {
      this.applyRestored(local);
      return;
    }
    // Nothing in this browser: continue where the user left off in another one.
    this.api
      .loadPlayerState()
      .then((saved) => {
        if (generation !== this.generation) return;
        if (saved && !this.touched) this.applyRestored(fromServerState(saved));
        else this.update({ restored: true });
      })
      .catch((error: unknown) => {
        if (generation !== this.generation) return;
        console.warn('[mf-player] could not load the saved player', error);
        this.update({ restored: true });
      });
  }

  /** Restored state never plays by itself (no autoplay on page load). */
  private applyRestored(restored: RestoredPlayer): void {
    const queue = fromSnapshot(restored.queue);
    this.state = { ...this.state, queue, volume: restored.volume, muted: restored.muted, playing: false, restored: true };
    this.savedQueueRef = queue;
    this.savedVolume = [restored.volume, restored.muted];
    this.engine?.setVolume(restored.volume, restored.muted);
    this.engine?.setLoop(queue.repeat === 'one');
    this.openCurrent(false, restored.position);
    this.refreshPreload();
    this.notify();
    this.publish();
  }

  /** After a re-attach (React StrictMode remounts): the same song, paused where it was. */
  private reopenCurrent(): void {
    if (currentSong(this.state.queue)) this.openCurrent(false, this.progress.position);
    this.refreshPreload();
  }

  // ---- commands (the bus) and actions (the bar) ----

  command(command: PlayerCommand): void {
    switch (command.type) {
      case 'play-list':
        this.playList(command.songs, command.index, command.source);
        break;
      case 'toggle':
        this.toggle();
        break;
      case 'play':
        this.play();
        break;
      case 'pause':
        this.pause();
        break;
      case 'next':
        this.next();
        break;
      case 'previous':
        this.previous();
        break;
      case 'seek':
        this.seek(command.seconds);
        break;
      case 'play-next':
        this.playNext(command.song);
        break;
      case 'add-to-queue':
        this.addToQueue(command.song);
        break;
      case 'queue-songs':
        this.queueSongs(command.songs, command.at);
        break;
    }
  }

  playList(songs: QueueItem[], index: number, source: string | null): void {
    if (!Array.isArray(songs)) return;
    this.touched = true;
    this.failuresInARow = 0;
    // Another remote's data: rows without a file are left out, and the chosen row stays the chosen one.
    const chosen = songs[toIndex(index, songs.length)];
    const playable = songs.filter(isPlayable);
    const at = Math.max(0, playable.indexOf(chosen));
    this.setQueue(playList(this.state.queue, playable, at, source, this.seed()), { play: playable.length > 0, restart: true });
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  play(): void {
    this.touched = true;
    if (!currentSong(this.state.queue) || this.state.playing) return;
    this.failuresInARow = 0;
    this.update({ playing: true });
    this.engine?.play();
    this.publish();
  }

  pause(): void {
    this.touched = true;
    if (!this.state.playing) return;
    this.update({ playing: false, buffering: false });
    this.engine?.pause();
    this.counter.interrupted();
    this.savePosition();
    this.scheduleServerSave();
    this.publish();
  }

  next(): void {
    this.touched = true;
    this.setQueue(next(this.state.queue));
  }

  /** SPEC §4: previous stops at 0; there it starts the first song over. */
  previous(): void {
    this.touched = true;
    if (this.state.queue.index === 0) this.seek(0);
    else this.setQueue(previous(this.state.queue));
  }

  seek(seconds: number): void {
    if (!currentSong(this.state.queue) || !Number.isFinite(seconds)) return;
    this.touched = true;
    const duration = this.progress.duration;
    const target = Math.max(0, Number.isFinite(duration) ? Math.min(seconds, duration) : seconds);
    this.engine?.seek(target);
    this.counter.interrupted();
    this.setProgress(target);
    this.savePosition();
    this.scheduleServerSave();
    this.publish();
  }

  /** Rewind/forward by `seconds` (negative rewinds). */
  jump(seconds: number): void {
    this.seek(this.readPosition() + seconds);
  }

  rewind(): void {
    this.jump(-JUMP_MS / 1000);
  }

  forward(): void {
    this.jump(JUMP_MS / 1000);
  }

  playNext(song: QueueItem): void {
    if (!isPlayable(song)) return;
    this.touched = true;
    this.setQueue(playNext(this.state.queue, song));
    this.bus.publish('ui:notify', { kind: 'info', message: `"${song.song_name}" will play next.` });
  }

  addToQueue(song: QueueItem): void {
    if (!isPlayable(song)) return;
    this.touched = true;
    this.setQueue(addToQueue(this.state.queue, song));
    this.bus.publish('ui:notify', { kind: 'info', message: `Added "${song.song_name}" to the queue.` });
  }

  /** Several songs (a selection of rows) after the current one or at the end, in the order given; one toast. */
  queueSongs(songs: QueueItem[], at: 'next' | 'end'): void {
    const playable = Array.isArray(songs) ? songs.filter(isPlayable) : [];
    if (playable.length === 0) return;
    this.touched = true;
    this.setQueue(queueSongs(this.state.queue, playable, at));
    const what = playable.length === 1 ? `"${playable[0].song_name}"` : `${playable.length} songs`;
    const message = at === 'next' ? `${what} will play next.` : `Added ${what} to the queue.`;
    this.bus.publish('ui:notify', { kind: 'info', message });
  }

  /** A row of the queue panel: play that entry now. */
  playEntry(key: number): void {
    this.touched = true;
    this.setQueue(jumpTo(this.state.queue, key), { play: true });
  }

  removeEntry(key: number): void {
    this.touched = true;
    this.setQueue(remove(this.state.queue, key));
  }

  moveEntry(from: number, to: number): void {
    this.touched = true;
    this.setQueue(move(this.state.queue, from, to));
  }

  toggleShuffle(): void {
    this.touched = true;
    this.setQueue(setShuffle(this.state.queue, !this.state.queue.shuffle, this.seed()));
  }

  setRepeat(mode: RepeatMode): void {
    this.touched = true;
    this.setQueue(setRepeat(this.state.queue, mode));
  }

  /** SPEC's loop button: repeat this song, on the audio element itself (see AudioEngine.setLoop). */
  toggleLoop(): void {
    this.setRepeat(this.state.queue.repeat === 'one' ? 'off' : 'one');
  }

  toggleRepeatAll(): void {
    this.setRepeat(this.state.queue.repeat === 'all' ? 'off' : 'all');
  }

  setVolume(volume: number): void {
    if (!Number.isFinite(volume)) return;
    this.touched = true;
    const clamped = clampVolume(volume);
    // Moving the volume up is a clear wish to hear something.
    this.applyVolume(clamped, clamped > 0 ? false : this.state.muted);
  }

  /** ↑/↓: one SPEC step (0.1) up or down. */
  stepVolume(direction: 1 | -1): void {
    this.setVolume(Math.round((this.state.volume + direction * VOLUME_STEP) * 10) / 10);
  }

  toggleMute(): void {
    this.touched = true;
    this.applyVolume(this.state.volume, !this.state.muted);
  }

  dismissNotice(): void {
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = null;
    this.update({ notice: null });
  }

  // ---- internals ----

  private applyVolume(volume: number, muted: boolean): void {
    if (volume === this.state.volume && muted === this.state.muted) return;
    this.update({ volume, muted });
    this.engine?.setVolume(volume, muted);
    this.persist();
  }

  /**
   * The one way the queue changes. A new current entry loads its song; the
   * same entry keeps playing untouched (`restart` starts it over, as choosing
   * a row does).
   */
  private setQueue(queue: QueueState, { play, restart = false }: { play?: boolean; restart?: boolean } = {}): void {
    const before = currentEntry(this.state.queue);
    const after = currentEntry(queue);
    const playing = after ? (play ?? this.state.playing) : false;
    const wasPlaying = this.state.playing;
    this.update({ queue, playing, buffering: after ? this.state.buffering : false });
    this.engine?.setLoop(queue.repeat === 'one');
    if (!after) {
      if (before) {
        this.engine?.clear();
        this.counter.start(null);
        this.progress = { position: 0, duration: NaN };
        this.notifyProgress();
      }
    } else if (before?.key !== after.key || restart) {
      this.openCurrent(playing);
    } else if (playing && !wasPlaying) {
      this.engine?.play();
    }
    this.refreshPreload();
    this.persist();
    this.publish();
  }

  private openCurrent(autoplay: boolean, startAt = 0): void {
    const song = currentSong(this.state.queue);
    if (!song || !this.engine) return;
    this.counter.start(song.id);
    this.progress = { position: startAt, duration: song.duration > 0 ? song.duration : NaN };
    this.notifyProgress();
    this.engine.open(song.song_file_url, { autoplay, startAt });
    this.mediaSession.show(song, this.state.playing);
  }

  private refreshPreload(): void {
    this.engine?.preload(entryAfterCurrent(this.state.queue)?.song.song_file_url ?? null);
  }

  private readPosition(): number {
    return this.engine && currentSong(this.state.queue) ? this.engine.position : this.progress.position;
  }

  private setProgress(position: number, duration = this.progress.duration): void {
    if (position === this.progress.position && (duration === this.progress.duration || (Number.isNaN(duration) && Number.isNaN(this.progress.duration)))) return;
    this.progress = { position, duration };
    this.notifyProgress();
  }

  private readonly engineEvents: EngineEvents = {
    time: (position) => {
      if (this.state.playing) this.counter.progress(position);
      this.setProgress(position);
    },
    duration: (seconds) => {
      const song = currentSong(this.state.queue);
      const fallback = song && song.duration > 0 ? song.duration : NaN;
      this.setProgress(this.progress.position, Number.isFinite(seconds) && seconds > 0 ? seconds : fallback);
      if (Number.isFinite(seconds)) this.failuresInARow = 0;
      this.mediaSession.position(this.progress.position, this.progress.duration);
    },
    playing: () => {
      this.failuresInARow = 0;
      this.update({ buffering: false, ...(this.state.playing ? {} : { playing: true }) });
      this.publish();
    },
    pausedExternally: () => {
      if (!this.state.playing) return;
      this.update({ playing: false, buffering: false });
      this.counter.interrupted();
      this.publish();
    },
    waiting: () => this.update({ buffering: true }),
    seeking: () => this.counter.interrupted(),
    ended: () => this.onEnded(),
    looped: () => {
      this.counter.ended();
      this.counter.start(currentSong(this.state.queue)?.id ?? null);
    },
    failed: (detail) => this.onFailed(detail),
    blocked: () => {
      this.update({ playing: false, buffering: false });
      this.publish();
    },
  };

  /** SPEC §4: when a track ends the index advances by one. The preloaded next song starts at once. */
  private onEnded(): void {
    this.counter.ended();
    const before = currentEntry(this.state.queue);
    const queue = trackEnded(this.state.queue);
    if (before && currentEntry(queue)?.key === before.key) {
      // Repeat-all over a single song (repeat-one loops inside the element and never ends).
      this.counter.start(before.song.id);
      this.engine?.restart(true);
      return;
    }
    this.setQueue(queue, { play: true });
  }

  /** A song that cannot play is skipped, with a message; a queue where nothing plays stops instead of spinning. */
  private onFailed(detail: string): void {
    const song = currentSong(this.state.queue);
    if (!song) return;
    console.warn(`[mf-player] "${song.song_name}" (${song.song_file_url}) failed: ${detail}`);
    this.failuresInARow++;
    const hopeless = this.failuresInARow >= this.state.queue.entries.length;
    const message = hopeless ? `Couldn't play "${song.song_name}". None of the songs in the queue could be played.` : `Couldn't play "${song.song_name}". Skipping to the next song.`;
    this.showNotice(message);
    this.bus.publish('ui:notify', { kind: 'error', message });
    if (hopeless) {
      this.failuresInARow = 0;
      this.update({ playing: false, buffering: false });
      this.engine?.pause();
      this.publish();
      return;
    }
    this.setQueue(next(this.state.queue));
  }

  private showNotice(message: string): void {
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => this.dismissNotice(), ERROR_VISIBLE_MS);
    this.update({ notice: message });
  }

  private update(patch: Partial<PlayerViewState>): void {
    const before = this.state;
    this.state = { ...before, ...patch };
    if (before.playing !== this.state.playing) this.syncTimers();
    if (before.playing !== this.state.playing || before.queue !== this.state.queue) {
      this.mediaSession.show(currentSong(this.state.queue), this.state.playing);
    }
    this.notify();
  }

  private notify(): void {
    this.listeners.forEach((listener) => listener());
  }

  private notifyProgress(): void {
    this.progressListeners.forEach((listener) => listener());
  }

  /** The progress bar follows the audio every PROGRESS_INTERVAL_MS; the bus and storage every LISTEN_INTERVAL_MS. */
  private syncTimers(): void {
    const active = this.state.playing && this.engine !== null;
    if (active && !this.progressTimer) {
      this.progressTimer = setInterval(() => this.engine && this.setProgress(this.engine.position), PROGRESS_INTERVAL_MS);
      this.listenTimer = setInterval(() => this.onListenTick(), LISTEN_INTERVAL_MS);
    } else if (!active) {
      this.stopTimers();
    }
  }

  private stopTimers(): void {
    if (this.progressTimer) clearInterval(this.progressTimer);
    if (this.listenTimer) clearInterval(this.listenTimer);
    this.progressTimer = null;
    this.listenTimer = null;
  }

  private onListenTick(): void {
    this.publish();
    this.savePosition();
    this.mediaSession.position(this.progress.position, this.progress.duration);
  }

  /**
   * `player:state` whenever what it says changed. Changes of the queue, the
   * song, play/pause and seeks publish at once; the position while playing
   * only reaches here from the LISTEN_INTERVAL_MS tick, so the bus hears it
   * about once a second, not 50 times.
   */
  private publish(): void {
    if (!this.engine) return;
    const { queue, playing } = this.state;
    const items = this.queueItems(queue.entries);
    const current = currentSong(queue);
    const position = Math.round(this.progress.position * 10) / 10;
    const last = this.lastPublished;
    if (last && last.queue === items && last.index === queue.index && last.playing === playing && last.source === queue.source && last.current === current && last.position === position) return;
    const state: PlayerState = { queue: items, index: queue.index, current, playing, position, source: queue.source };
    this.lastPublished = state;
    this.bus.publish('player:state', state);
  }

  /** Bus payloads hold the queue's songs; the array is rebuilt only when the entries change. */
  private queueItems(entries: readonly QueueEntry[]): QueueItem[] {
    if (entries !== this.itemsFor) {
      this.itemsFor = entries;
      this.items = entries.map((entry) => entry.song);
    }
    return this.items;
  }

  /**
   * Nothing is saved before the saved state was read (an empty player must not overwrite it), unless the
   * user already acted: then their queue wins over whatever was saved.
   */
  private get mayPersist(): boolean {
    return this.state.restored || this.touched;
  }

  /** Local copy now; server copy batched. */
  private persist(): void {
    if (!this.mayPersist) return;
    const { queue, volume, muted } = this.state;
    const queueChanged = this.savedQueueRef !== queue;
    const volumeChanged = !this.savedVolume || this.savedVolume[0] !== volume || this.savedVolume[1] !== muted;
    if (!queueChanged && !volumeChanged) return;
    this.savedQueueRef = queue;
    this.savedVolume = [volume, muted];
    saveLocalQueue(this.storage, this.options.userId, { queue: toSnapshot(queue), volume, muted });
    this.savePosition();
    this.scheduleServerSave();
  }

  private savePosition(): void {
    if (!this.mayPersist) return;
    const { queue } = this.state;
    saveLocalPosition(this.storage, this.options.userId, { index: queue.index, songId: currentSong(queue)?.id ?? null, position: this.readPosition() });
  }

  private scheduleServerSave(): void {
    if (!this.mayPersist) return;
    this.serverDirty = true;
    this.serverTimer ??= setTimeout(() => {
      this.serverTimer = null;
      this.saveToServer(false);
    }, SERVER_SAVE_DELAY_MS);
  }

  private saveToServer(keepalive: boolean): void {
    if (!this.serverDirty || this.loggedOut) return;
    this.serverDirty = false;
    const input = toServerInput(toSnapshot(this.state.queue), this.readPosition(), this.state.volume);
    this.api.savePlayerState(input, { keepalive }).catch((error: unknown) => {
      console.warn('[mf-player] could not save the player state', error);
    });
  }

  /** Everything pending, now (pagehide, hidden tab, teardown). */
  private flush(keepalive: boolean): void {
    if (!this.mayPersist) return;
    this.savePosition();
    if (this.state.playing) this.serverDirty = true;
    if (this.serverTimer) clearTimeout(this.serverTimer);
    this.serverTimer = null;
    this.saveToServer(keepalive);
  }
}
