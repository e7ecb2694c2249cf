/**
 * The player without React, composed of its parts: the queue transitions
 * (queue-transitions.ts), the audio (audio-session.ts), play counting
 * (play-counter.ts), saving and resuming (player-saver.ts, resume.ts), the
 * Media Session (media-session.ts) and the bus (player-bus.ts). The bar
 * renders its state and calls its methods; other remotes reach it only
 * through `player:command` and hear it through `player:state`.
 */
import type { NormalizationLevel, StreamQuality } from '@tunafy/contracts';
import { getEventBus, type EventBus, type PlayerCommand, type QueueItem } from '@tunafy/event-bus';
import { EMPTY_QUEUE, currentSong, entryAfterCurrent, fromSnapshot, jumpTo, move, next, previous, remove, setRepeat, setShuffle, type QueueState, type RepeatMode } from '../queue/queue';
import { randomSeed } from '../queue/shuffle';
import { AudioEngine, type EngineEvents } from './audio-engine';
import { AudioSession, type PlaybackEngine, type Progress } from './audio-session';
import { DEFAULT_VOLUME, ERROR_VISIBLE_MS, JUMP_MS, VOLUME_STEP } from './constants';
import { listeningApi, type ListeningApi } from './listening-api';
import { MediaSessionBridge, browserMediaSession } from './media-session';
import { browserStorage, clampVolume, type RestoredPlayer } from './persistence';
import { OfflinePlays } from './offline-plays';
import { playCounterFor, type PlayCounter } from './play-counter';
import { loadPlaybackSettings, savePlaybackSettings, type PlaybackSettings } from './playback-settings';
import { browserEnvironment, playbackSource, playsAlbumInOrder, type BrowserEnvironment } from './playback-source';
import { FailureStreak } from './playback-failures';
import { StatePublisher, runCommand } from './player-bus';
import { PlayerSaver, onPageLeave, type PageEvents } from './player-saver';
import { addToQueueChange, afterTrackEnded, audioStepFor, playListChange, playNextChange, queueSongsChange, type QueueChange } from './queue-transitions';
import { resume, type ResumeSources } from './resume';
import { Store } from './store';
import type { IdleScheduler } from './when-idle';

export type { PlaybackEngine, Progress };

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
  /** Streaming quality and Volume normalization, per device (playback-settings.ts). */
  settings: PlaybackSettings;
}

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
  pageEvents?: PageEvents;
  /** What the browser plays and how fast its connection is (the stream URL depends on both). */
  environment?: BrowserEnvironment;
}

export class PlayerController {
  private readonly view: Store<PlayerViewState>;
  private readonly bus: EventBus;
  private readonly seed: () => number;
  private readonly audio: AudioSession;
  private readonly counter: PlayCounter;
  private readonly plays: OfflinePlays;
  private readonly saver: PlayerSaver;
  private readonly resumeFrom: ResumeSources;
  private readonly publisher: StatePublisher;
  private readonly mediaSession: MediaSessionBridge;
  private readonly failures = new FailureStreak();
  private readonly storage: Storage | null;
  private readonly environment: BrowserEnvironment;

  /** Bumped on every attach/detach, so late answers of an earlier attachment are dropped. */
  private generation = 0;
  private cleanups: (() => void)[] = [];
  /** What is left of `attach`'s start, in order; `stepping` while one runs. */
  private steps: (() => void)[] = [];
  private stepping = false;
  private cancelIdle: (() => void) | null = null;
  /** A user or another remote acted since attaching: a late server restore must not overwrite that. */
  private touched = false;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: PlayerControllerOptions) {
    const { userId } = options;
    const api = options.api ?? listeningApi;
    const storage = options.storage === undefined ? browserStorage() : options.storage;
    this.bus = options.bus ?? getEventBus();
    this.seed = options.seed ?? randomSeed;
    this.storage = storage;
    this.environment = options.environment ?? browserEnvironment();
    this.audio = new AudioSession(
      options.createEngine ?? ((events) => new AudioEngine(events)),
      () => this.onListenTick(),
      (song, useAlbum) => playbackSource(song, this.state.settings, this.environment, useAlbum),
    );
    // A play made offline is kept with its time and sent once the API answers (docs/offline.md).
    this.plays = new OfflinePlays(userId, api, storage);
    this.counter = playCounterFor({ recordPlay: (songId, context) => this.plays.report(songId, context).then(() => true) }, () => this.state.queue.source);
    this.saver = new PlayerSaver({
      userId,
      storage,
      api,
      read: () => this.state,
      position: () => this.readPosition(),
      // An empty player must not overwrite the saved state before it was read, unless the user already acted:
      // then their queue wins over whatever was saved.
      mayPersist: () => this.state.restored || this.touched,
    });
    this.resumeFrom = { userId, storage, api };
    this.publisher = new StatePublisher(this.bus);
    this.mediaSession = new MediaSessionBridge(options.mediaSession === undefined ? browserMediaSession() : options.mediaSession);
    this.view = new Store<PlayerViewState>({
      queue: EMPTY_QUEUE,
      playing: false,
      buffering: false,
      volume: DEFAULT_VOLUME,
      muted: false,
      notice: null,
      restored: false,
      settings: loadPlaybackSettings(storage),
    });
  }

  // ---- store for React (useSyncExternalStore) ----

  getState = (): PlayerViewState => this.view.get();
  getProgress = (): Progress => this.audio.progress.get();
  subscribe = (listener: () => void): (() => void) => this.view.subscribe(listener);
  subscribeProgress = (listener: () => void): (() => void) => this.audio.progress.subscribe(listener);

  private get state(): PlayerViewState {
    return this.view.get();
  }

  // ---- lifecycle ----

  /**
   * Starts the player in `host` (its <audio> elements go there); returns the teardown. With `idle` the start runs in
   * steps, each when the page is idle (the audio, the page and session hooks, the restore), and the first action on
   * the player (a bus command, the bar, a key) runs what is left at once, before itself (decision 0031).
   */
  attach(host: HTMLElement, idle?: IdleScheduler): () => void {
    const generation = ++this.generation;
    this.touched = false;
    // The bus replays commands sent before the bar was there inside `subscribe`: they run once the audio is attached
    // and before anything saved is read, so the person's choice wins over it (resume.ts).
    const held: PlayerCommand[] = [];
    let subscribing = true;
    const commands = this.bus.on('player:command').subscribe((command) => (subscribing ? held.push(command) : this.command(command)));
    subscribing = false;
    this.cleanups.push(() => commands.unsubscribe());

    this.steps = [
      () => {
        const { volume, muted, queue } = this.state;
        this.audio.attach(host, this.engineEvents, { volume, muted, loop: queue.repeat === 'one' });
      },
      () => this.hookPageAndSession(),
      ...(held.length > 0 ? [() => held.forEach((command) => this.command(command))] : []),
      () => {
        if (this.state.restored) this.reopenCurrent();
        else this.restore(generation);
        this.publish();
      },
    ];
    if (idle && held.length === 0) this.stepWhenIdle(idle, generation);
    else this.ready();
    return () => this.detach(generation);
  }

  private hookPageAndSession(): void {
    this.saver.sessionStarted();
    // Heard before React unmounts the bar, so the teardown does not try to save to a session that is gone.
    const session = this.bus.on('auth:session').subscribe(({ user }) => {
      if (user?.id !== this.options.userId) this.saver.sessionEnded();
    });
    this.cleanups.push(() => session.unsubscribe());

    const page = this.options.pageEvents ?? (typeof window === 'undefined' ? null : window);
    if (page) this.cleanups.push(onPageLeave(page, () => this.saver.flush(true)));
    if (page) {
      const sendOfflinePlays = () => void this.plays.flush();
      page.addEventListener('online', sendOfflinePlays);
      this.cleanups.push(() => page.removeEventListener('online', sendOfflinePlays));
    }
    void this.plays.flush();

    this.mediaSession.attach(this);
  }

  private stepWhenIdle(idle: IdleScheduler, generation: number): void {
    this.cancelIdle = idle(() => {
      this.cancelIdle = null;
      if (generation !== this.generation) return;
      this.runSteps(1);
      if (this.steps.length > 0) this.stepWhenIdle(idle, generation);
    });
  }

  /** Whatever is left of the start, now: every action on the player calls this first. */
  private ready(): void {
    this.runSteps(Infinity);
    if (this.steps.length === 0) this.cancelIdleStep();
  }

  private runSteps(count: number): void {
    // A step's own actions (the held commands) run inside it, with the steps before it done.
    if (this.stepping) return;
    this.stepping = true;
    try {
      for (let run = 0; run < count && this.steps.length > 0; run++) this.steps.shift()!();
    } finally {
      this.stepping = false;
    }
  }

  private cancelIdleStep(): void {
    this.cancelIdle?.();
    this.cancelIdle = null;
  }

  private detach(generation: number): void {
    if (generation !== this.generation) return;
    this.generation++;
    this.cancelIdleStep();
    this.steps = [];
    this.saver.flush(false);
    this.cleanups.forEach((cleanup) => cleanup());
    this.cleanups = [];
    this.saver.cancel();
    this.clearNoticeTimer();
    this.audio.detach();
    this.mediaSession.detach();
    this.view.set({ ...this.state, playing: false, buffering: false });
    // List pages must stop showing "playing" (logout, or the bar went away).
    this.publisher.publishStopped();
  }

  private restore(generation: number): void {
    resume(this.resumeFrom, { userActed: () => this.touched, stillAttached: () => generation === this.generation }, (restored) =>
      restored ? this.applyRestored(restored) : this.update({ restored: true }),
    );
  }

  /** Restored state never plays by itself (no autoplay on page load). */
  private applyRestored(restored: RestoredPlayer): void {
    const queue = fromSnapshot(restored.queue);
    const { volume, muted } = restored;
    this.view.replace({ ...this.state, queue, volume, muted, playing: false, restored: true });
    this.saver.alreadySaved(queue, volume, muted);
    this.audio.setVolume(volume, muted);
    this.audio.setLoop(queue.repeat === 'one');
    this.openCurrent(false, restored.position);
    this.refreshPreload();
    this.view.notify();
    this.publish();
  }

  /** After a re-attach (React StrictMode remounts): the same song, paused where it was. */
  private reopenCurrent(): void {
    if (currentSong(this.state.queue)) this.openCurrent(false, this.audio.progress.get().position);
    this.refreshPreload();
  }

  // ---- commands (the bus) and actions (the bar) ----

  command(command: PlayerCommand): void {
    runCommand(command, this);
  }

  playList(songs: QueueItem[], index: number, source: string | null): void {
    this.ready();
    const change = playListChange(this.state.queue, songs, index, source, this.seed());
    if (!change) return;
    this.touched = true;
    this.failures.reset();
    this.applyChange(change);
  }

  toggle(): void {
    this.ready();
    if (this.state.playing) this.pause();
    else this.play();
  }

  play(): void {
    this.ready();
    this.touched = true;
    if (!currentSong(this.state.queue) || this.state.playing) return;
    this.failures.reset();
    this.update({ playing: true });
    this.audio.play();
    this.publish();
  }

  pause(): void {
    this.ready();
    this.touched = true;
    if (!this.state.playing) return;
    this.update({ playing: false, buffering: false });
    this.audio.pause();
    this.counter.interrupted();
    this.saver.savePosition();
    this.saver.scheduleServerSave();
    this.publish();
  }

  next(): void {
    this.ready();
    this.touched = true;
    this.setQueue(next(this.state.queue));
  }

  /** SPEC §4: previous stops at 0; there it starts the first song over. */
  previous(): void {
    this.ready();
    this.touched = true;
    if (this.state.queue.index === 0) this.seek(0);
    else this.setQueue(previous(this.state.queue));
  }

  seek(seconds: number): void {
    this.ready();
    if (!currentSong(this.state.queue) || !Number.isFinite(seconds)) return;
    this.touched = true;
    this.audio.seek(seconds);
    this.counter.interrupted();
    this.saver.savePosition();
    this.saver.scheduleServerSave();
    this.publish();
  }

  /** The audio element's own position now, in seconds (the progress store lags it by up to PROGRESS_INTERVAL_MS): the lyrics view reads it every frame. */
  livePosition(): number {
    return this.readPosition();
  }

  /** Rewind/forward by `seconds` (negative rewinds). */
  jump(seconds: number): void {
    this.ready();
    this.seek(this.readPosition() + seconds);
  }

  rewind(): void {
    this.jump(-JUMP_MS / 1000);
  }

  forward(): void {
    this.jump(JUMP_MS / 1000);
  }

  playNext(song: QueueItem): void {
    this.ready();
    this.applyUserChange(playNextChange(this.state.queue, song));
  }

  addToQueue(song: QueueItem): void {
    this.ready();
    this.applyUserChange(addToQueueChange(this.state.queue, song));
  }

  /** Several songs (a selection of rows) after the current one or at the end, in the order given; one toast. */
  queueSongs(songs: QueueItem[], at: 'next' | 'end'): void {
    this.ready();
    this.applyUserChange(queueSongsChange(this.state.queue, songs, at));
  }

  /** A row of the queue panel: play that entry now. */
  playEntry(key: number): void {
    this.ready();
    this.touched = true;
    this.setQueue(jumpTo(this.state.queue, key), { play: true });
  }

  removeEntry(key: number): void {
    this.ready();
    this.touched = true;
    this.setQueue(remove(this.state.queue, key));
  }

  moveEntry(from: number, to: number): void {
    this.ready();
    this.touched = true;
    this.setQueue(move(this.state.queue, from, to));
  }

  toggleShuffle(): void {
    this.ready();
    this.touched = true;
    this.setQueue(setShuffle(this.state.queue, !this.state.queue.shuffle, this.seed()));
  }

  setRepeat(mode: RepeatMode): void {
    this.ready();
    this.touched = true;
    this.setQueue(setRepeat(this.state.queue, mode));
  }

  /** SPEC's loop button: repeat this song, on the audio element itself (see AudioEngine.setLoop). */
  toggleLoop(): void {
    this.ready();
    this.setRepeat(this.state.queue.repeat === 'one' ? 'off' : 'one');
  }

  toggleRepeatAll(): void {
    this.ready();
    this.setRepeat(this.state.queue.repeat === 'all' ? 'off' : 'all');
  }

  setVolume(volume: number): void {
    this.ready();
    if (!Number.isFinite(volume)) return;
    this.touched = true;
    const clamped = clampVolume(volume);
    // Moving the volume up is a clear wish to hear something.
    this.applyVolume(clamped, clamped > 0 ? false : this.state.muted);
  }

  /** ↑/↓: one SPEC step (0.1) up or down. */
  stepVolume(direction: 1 | -1): void {
    this.ready();
    this.setVolume(Math.round((this.state.volume + direction * VOLUME_STEP) * 10) / 10);
  }

  toggleMute(): void {
    this.ready();
    this.touched = true;
    this.applyVolume(this.state.volume, !this.state.muted);
  }

  /** From the next song on: the current one keeps playing as it is, the preloaded one reloads (AudioSession.settingsChanged). */
  setStreamQuality(quality: StreamQuality): void {
    this.changeSettings({ quality });
  }

  /** At once, on the current song too. */
  setNormalization(normalization: NormalizationLevel): void {
    this.changeSettings({ normalization });
  }

  dismissNotice(): void {
    this.clearNoticeTimer();
    this.update({ notice: null });
  }

  // ---- internals ----

  /** A refused change (a row without a file) leaves everything as it was, including whether the user acted. */
  private applyUserChange(change: QueueChange | null): void {
    if (!change) return;
    this.touched = true;
    this.applyChange(change);
  }

  private applyChange(change: QueueChange): void {
    this.setQueue(change.queue, change);
    if (change.toast) this.bus.publish('ui:notify', { kind: 'info', message: change.toast });
  }

  private changeSettings(patch: Partial<PlaybackSettings>): void {
    const settings = { ...this.state.settings, ...patch };
    if (settings.quality === this.state.settings.quality && settings.normalization === this.state.settings.normalization) return;
    this.update({ settings });
    savePlaybackSettings(this.storage, settings);
    this.audio.settingsChanged();
  }

  private applyVolume(volume: number, muted: boolean): void {
    if (volume === this.state.volume && muted === this.state.muted) return;
    this.update({ volume, muted });
    this.audio.setVolume(volume, muted);
    this.saver.persist();
  }

  /** The one way the queue changes, so the bar, the audio (see audioStepFor), storage and the bus always agree. */
  private setQueue(queue: QueueState, options: Pick<QueueChange, 'play' | 'restart'> = {}): void {
    const { playing, step } = audioStepFor(this.state.queue, this.state.playing, queue, options);
    this.update({ queue, playing, buffering: currentSong(queue) ? this.state.buffering : false });
    this.audio.setLoop(queue.repeat === 'one');
    if (step === 'clear') {
      this.audio.clear();
      this.counter.start(null);
    } else if (step === 'open') {
      this.openCurrent(playing);
    } else if (step === 'resume') {
      this.audio.play();
    }
    this.refreshPreload();
    this.saver.persist();
    this.publish();
  }

  private openCurrent(autoplay: boolean, startAt = 0): void {
    const song = currentSong(this.state.queue);
    if (!song || !this.audio.attached) return;
    this.counter.start(song.id);
    this.audio.open(song, { autoplay, startAt, useAlbum: playsAlbumInOrder(this.state.queue, song) });
    this.mediaSession.show(song, this.state.playing);
  }

  private refreshPreload(): void {
    const song = entryAfterCurrent(this.state.queue)?.song ?? null;
    this.audio.preload(song, song !== null && playsAlbumInOrder(this.state.queue, song));
  }

  private readPosition(): number {
    return currentSong(this.state.queue) ? this.audio.livePosition() : this.audio.progress.get().position;
  }

  private readonly engineEvents: EngineEvents = {
    time: (position) => {
      if (this.state.playing) this.counter.progress(position);
      this.audio.showPosition(position);
    },
    duration: (seconds) => {
      this.audio.showDuration(seconds, currentSong(this.state.queue));
      if (Number.isFinite(seconds)) this.failures.reset();
      const { position, duration } = this.audio.progress.get();
      this.mediaSession.position(position, duration);
    },
    playing: () => {
      this.failures.reset();
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
    const after = afterTrackEnded(this.state.queue);
    if (after.replay) {
      this.counter.start(currentSong(this.state.queue)?.id ?? null);
      this.audio.restart();
      return;
    }
    this.setQueue(after.queue, { play: true });
  }

  /** A song that cannot play is skipped, with a message; a queue where nothing plays stops instead of spinning. */
  private onFailed(detail: string): void {
    const song = currentSong(this.state.queue);
    if (!song) return;
    console.warn(`[mf-player] "${song.song_name}" (${this.audio.currentUrl ?? song.song_file_url}) failed: ${detail}`);
    const { message, hopeless } = this.failures.failed(song, this.state.queue.entries.length);
    this.showNotice(message);
    this.bus.publish('ui:notify', { kind: 'error', message });
    if (hopeless) {
      this.update({ playing: false, buffering: false });
      this.audio.pause();
      this.publish();
      return;
    }
    this.setQueue(next(this.state.queue));
  }

  private showNotice(message: string): void {
    this.clearNoticeTimer();
    this.noticeTimer = setTimeout(() => this.dismissNotice(), ERROR_VISIBLE_MS);
    this.update({ notice: message });
  }

  private clearNoticeTimer(): void {
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = null;
  }

  /** Every change of the bar's state goes through here, so the clocks and the Media Session never miss one. */
  private update(patch: Partial<PlayerViewState>): void {
    const before = this.state;
    const after = { ...before, ...patch };
    this.view.replace(after);
    if (before.playing !== after.playing) this.audio.followPlayback(after.playing);
    if (before.playing !== after.playing || before.queue !== after.queue) this.mediaSession.show(currentSong(after.queue), after.playing);
    this.view.notify();
  }

  private onListenTick(): void {
    this.publish();
    this.saver.savePosition();
    const { position, duration } = this.audio.progress.get();
    this.mediaSession.position(position, duration);
  }

  /**
   * Changes of the queue, the song, play/pause and seeks publish at once; the
   * position while playing only from the listen tick, so the bus hears it about
   * once a second, not 50 times.
   */
  private publish(): void {
    if (!this.audio.attached) return;
    this.publisher.publish(this.state.queue, this.state.playing, this.audio.progress.get().position);
  }
}
