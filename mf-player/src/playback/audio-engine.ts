/**
 * Two <audio> elements: the active one plays, the standby one preloads the
 * song that comes next. Shortly before the active song ends, the standby
 * element (already buffered) starts and becomes the active one while the old
 * one plays out its last milliseconds: a gapless hand-off. The engine knows
 * URLs, not songs or queues: the controller decides what plays. Each element
 * has its own normalization gain (loudness-output.ts), set with its URL.
 */
import { LoudnessOutput } from './loudness-output';

export interface EngineEvents {
  /** The active element's position moved (timeupdate). */
  time(position: number): void;
  duration(seconds: number): void;
  playing(): void;
  /** The active element stopped on its own (not by pause(), not by reaching the end). */
  pausedExternally(): void;
  waiting(): void;
  /** A seek started (ours or the browser's). */
  seeking(): void;
  /** The song is over: at its real end, or HANDOFF_LEAD_MS before it when the next song is buffered. */
  ended(): void;
  /** A looping track started over. */
  looped(): void;
  /** The active track cannot be loaded or decoded. */
  failed(detail: string): void;
  /** play() was refused (autoplay policy). */
  blocked(): void;
}

export interface OpenOptions {
  autoplay: boolean;
  /** Seconds to start at (a restored position). */
  startAt?: number;
  /** Volume normalization for this song, dB (0 when omitted). */
  gainDb?: number;
}

const HAVE_FUTURE_DATA = 3;
/**
 * The next song starts this long before the current one ends. Switching on
 * 'ended' alone left ~40 ms of silence in Chromium: 'ended' arrives ~25 ms
 * after the audio clock stopped and a buffered element needs another
 * ~15-35 ms to start. The old song plays out its end meanwhile (for an MP3,
 * mostly the encoder's padding), so nothing is cut. Measured by the gap test
 * in e2e/specs/player.spec.ts.
 */
export const HANDOFF_LEAD_MS = 40;
/** timeupdate comes about every 250 ms; inside this window before the end a precise timer takes over. */
const HANDOFF_WINDOW_MS = 1000;
/** How long a song that was handed off may play out before its element is reused anyway. */
const PLAY_OUT_LIMIT_MS = HANDOFF_LEAD_MS + 500;

const LISTENED_EVENTS = ['timeupdate', 'durationchange', 'loadedmetadata', 'playing', 'pause', 'waiting', 'seeking', 'seeked', 'ended', 'error', 'canplaythrough'] as const;

function errorDetail(element: HTMLAudioElement): string {
  const error = element.error;
  if (!error) return 'unknown error';
  const names: Record<number, string> = { 1: 'aborted', 2: 'network error', 3: 'decode error', 4: 'not found or unsupported' };
  return `${names[error.code] ?? `error ${error.code}`}${error.message ? `: ${error.message}` : ''}`;
}

type Slot = 0 | 1;

export class AudioEngine {
  private readonly elements: [HTMLAudioElement, HTMLAudioElement];
  private activeSlot: Slot = 0;
  /** What each element holds for us: the active song, or the standby's preload. */
  private readonly urls: [string | null, string | null] = [null, null];
  /** The URL to preload once the active track has buffered enough (so the two downloads do not compete). */
  private wantedPreload: string | null = null;
  private wantedPreloadGainDb = 0;
  /** Bumped by every open and pause, so a play that waited for the audio context does not start a stale song. */
  private playAttempt = 0;
  private pendingStartAt: number | null = null;
  private ownSeek = false;
  private lastTime = 0;
  private loop = false;
  private handoffTimer: ReturnType<typeof setTimeout> | null = null;
  /** The element that was handed off early and is playing out its last milliseconds; not reused until it ends. */
  private playingOut: HTMLAudioElement | null = null;
  private playOutTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set while our timer ends a song early, so the hand-off that follows lets the old element play out. */
  private endingEarly = false;
  private readonly onEvent = (event: Event) => this.handle(event);

  constructor(
    private readonly events: EngineEvents,
    createElement: () => HTMLAudioElement = () => document.createElement('audio'),
    private readonly output: LoudnessOutput = new LoudnessOutput(),
  ) {
    this.elements = [createElement(), createElement()];
    this.elements.forEach((element, slot) => {
      element.preload = 'none';
      element.dataset.tunafyPlayer = slot === 0 ? 'a' : 'b';
      LISTENED_EVENTS.forEach((type) => element.addEventListener(type, this.onEvent));
      this.output.add(element);
    });
  }

  private get active(): HTMLAudioElement {
    return this.elements[this.activeSlot];
  }
  private get standbySlot(): Slot {
    return this.activeSlot === 0 ? 1 : 0;
  }
  private get standby(): HTMLAudioElement {
    return this.elements[this.standbySlot];
  }

  /** The elements live in the page (hidden) so devtools and browser tests can see them. */
  mount(host: HTMLElement): void {
    this.elements.forEach((element) => host.appendChild(element));
  }

  destroy(): void {
    this.cancelHandoff();
    this.playAttempt++;
    this.releasePlayOut(false);
    this.elements.forEach((element, slot) => {
      element.pause();
      this.unload(slot as Slot);
      LISTENED_EVENTS.forEach((type) => element.removeEventListener(type, this.onEvent));
      element.remove();
    });
    this.output.destroy();
    this.wantedPreload = null;
  }

  get position(): number {
    const time = this.active.currentTime;
    return Number.isFinite(time) ? time : 0;
  }

  /** Seconds, or NaN while unknown. */
  get duration(): number {
    const duration = this.active.duration;
    return Number.isFinite(duration) ? duration : NaN;
  }

  get currentUrl(): string | null {
    return this.urls[this.activeSlot];
  }

  /** What the standby element holds, for tests and diagnostics. */
  get preloadedUrl(): string | null {
    return this.urls[this.standbySlot];
  }

  /**
   * Starts `url` from the beginning (or `startAt`). When the standby element
   * already holds it, the two elements swap: no new request, no gap.
   */
  open(url: string, { autoplay, startAt = 0, gainDb = 0 }: OpenOptions): void {
    this.cancelHandoff();
    this.playAttempt++;
    const previous = this.active;
    const handingOff = this.endingEarly;
    this.endingEarly = false;
    if (this.urls[this.standbySlot] === url && !this.standby.error && this.standby !== this.playingOut) {
      this.activeSlot = this.standbySlot;
      this.urls[this.standbySlot] = null;
      if (handingOff && !previous.paused) this.startPlayOut(previous);
      else previous.pause();
      previous.loop = false;
      this.active.loop = this.loop;
      this.pendingStartAt = null;
      // A preloaded element already sits at 0; a needless seek would only delay its start.
      if (Math.abs(this.active.currentTime - startAt) > 0.01) this.seekTo(startAt);
    } else {
      this.releasePlayOut(true);
      previous.pause();
      this.urls[this.activeSlot] = url;
      this.active.loop = this.loop;
      this.active.preload = autoplay ? 'auto' : 'metadata';
      this.active.src = url;
      this.pendingStartAt = startAt > 0 ? startAt : null;
    }
    this.output.setGain(this.active, gainDb);
    this.lastTime = startAt;
    this.events.duration(this.duration);
    if (autoplay) this.play();
    this.maybePreload();
  }

  /** Stops and forgets the current track (empty queue). */
  clear(): void {
    this.cancelHandoff();
    this.playAttempt++;
    this.releasePlayOut(true);
    this.active.pause();
    this.unload(this.activeSlot);
    this.preload(null);
  }

  /**
   * Preloads `url` into the standby element once the active track is buffered (null drops any preload), to play
   * at `gainDb`. The same URL again only changes the gain.
   */
  preload(url: string | null, gainDb = 0): void {
    if (url !== this.wantedPreload) this.cancelHandoff();
    this.wantedPreload = url;
    this.wantedPreloadGainDb = gainDb;
    if (url === null && this.standby.hasAttribute('src') && this.standby !== this.playingOut) this.unload(this.standbySlot);
    if (url !== null && this.urls[this.standbySlot] === url) this.output.setGain(this.standby, gainDb);
    this.maybePreload();
  }

  /** A new normalization gain for the current song (the setting changed). */
  setGain(gainDb: number): void {
    if (this.currentUrl) this.output.setGain(this.active, gainDb);
  }

  play(): void {
    if (!this.currentUrl) return;
    const attempt = ++this.playAttempt;
    const ready = this.output.beforePlay();
    if (ready) void ready.then(() => attempt === this.playAttempt && this.startActive());
    else this.startActive();
  }

  private startActive(): void {
    this.active.play()?.catch((error: DOMException) => {
      if (error?.name === 'NotAllowedError') this.events.blocked();
      // AbortError: a newer load replaced this one. NotSupportedError: the 'error' event reports it.
    });
  }

  pause(): void {
    this.cancelHandoff();
    this.playAttempt++;
    this.releasePlayOut(true);
    this.active.pause();
  }

  seek(seconds: number): void {
    if (!this.currentUrl) return;
    if (this.active.readyState === 0) {
      this.pendingStartAt = Math.max(0, seconds);
      return;
    }
    this.seekTo(seconds);
  }

  /** Starts the current track over (repeat-all with a single song). */
  restart(autoplay: boolean): void {
    this.seekTo(0);
    if (autoplay) this.play();
  }

  setVolume(volume: number, muted: boolean): void {
    this.elements.forEach((element) => {
      element.volume = volume;
      element.muted = muted;
    });
  }

  /** Repeat-one is the element's own loop: it starts over without an 'ended' event or a gap. */
  setLoop(loop: boolean): void {
    if (loop) this.cancelHandoff();
    this.loop = loop;
    this.active.loop = loop;
  }

  /**
   * Near the end of a song whose successor is buffered, a timer reports the
   * end HANDOFF_LEAD_MS early; the controller then opens the next song, which
   * swaps the elements. Without a buffered successor the real 'ended' does it.
   */
  private scheduleHandoff(): void {
    if (this.handoffTimer || this.loop || this.ownSeek) return;
    const active = this.active;
    const next = this.urls[this.standbySlot];
    if (active.paused || next === null || next !== this.wantedPreload || this.standby.readyState < HAVE_FUTURE_DATA || this.standby.error) return;
    const remainingMs = (this.duration - active.currentTime) * 1000;
    if (!Number.isFinite(remainingMs) || remainingMs > HANDOFF_WINDOW_MS) return;
    this.handoffTimer = setTimeout(() => {
      this.handoffTimer = null;
      if (active !== this.active || active.paused || active.ended || this.loop) return;
      this.endingEarly = true;
      this.events.ended();
      this.endingEarly = false;
    }, Math.max(0, remainingMs - HANDOFF_LEAD_MS));
  }

  private cancelHandoff(): void {
    if (this.handoffTimer) clearTimeout(this.handoffTimer);
    this.handoffTimer = null;
  }

  /** The old song finishes by itself (its events no longer count); its element is reused once it has. */
  private startPlayOut(element: HTMLAudioElement): void {
    this.releasePlayOut(true);
    this.playingOut = element;
    this.playOutTimer = setTimeout(() => this.releasePlayOut(true), PLAY_OUT_LIMIT_MS);
  }

  private releasePlayOut(stop: boolean): void {
    if (this.playOutTimer) clearTimeout(this.playOutTimer);
    this.playOutTimer = null;
    const element = this.playingOut;
    if (!element) return;
    this.playingOut = null;
    if (stop) element.pause();
    // Its slot is the standby one now: drop the old song, then preload whatever comes next.
    if (element === this.standby) {
      if (this.urls[this.standbySlot] === null) this.unload(this.standbySlot);
      this.maybePreload();
    }
  }

  private seekTo(seconds: number): void {
    const duration = this.duration;
    const target = Math.max(0, Number.isFinite(duration) ? Math.min(seconds, duration) : seconds);
    this.ownSeek = true;
    this.lastTime = target;
    this.active.currentTime = target;
  }

  private unload(slot: Slot): void {
    const element = this.elements[slot];
    this.urls[slot] = null;
    if (element.hasAttribute('src')) {
      element.removeAttribute('src');
      element.load();
    }
  }

  private maybePreload(): void {
    const url = this.wantedPreload;
    if (url === null || this.urls[this.standbySlot] === url || this.standby === this.playingOut) return;
    // Wait for the current track first; its own 'canplaythrough' calls us again.
    if (this.currentUrl && this.active.readyState < HAVE_FUTURE_DATA) return;
    const standby = this.standby;
    this.urls[this.standbySlot] = url;
    standby.loop = false;
    standby.preload = 'auto';
    standby.src = url;
    this.output.setGain(standby, this.wantedPreloadGainDb);
  }

  private handle(event: Event): void {
    const element = event.target as HTMLAudioElement;
    if (element !== this.active) {
      if (element === this.playingOut) {
        if (event.type === 'ended' || event.type === 'error') this.releasePlayOut(false);
        return;
      }
      // A preload that failed is forgotten, so the hand-off loads the song normally (and reports the error then).
      if (event.type === 'error' && element.hasAttribute('src')) this.urls[this.standbySlot] = null;
      return;
    }
    if (!this.currentUrl) return;
    switch (event.type) {
      case 'loadedmetadata':
        if (this.pendingStartAt !== null) {
          const startAt = this.pendingStartAt;
          this.pendingStartAt = null;
          this.seekTo(startAt);
        }
        this.events.duration(this.duration);
        break;
      case 'durationchange':
        this.events.duration(this.duration);
        break;
      case 'timeupdate': {
        const time = this.position;
        if (this.loop && !this.ownSeek && time + 1 < this.lastTime) this.events.looped();
        this.lastTime = time;
        this.events.time(time);
        this.scheduleHandoff();
        break;
      }
      case 'seeking':
        this.cancelHandoff();
        this.events.seeking();
        break;
      case 'seeked':
        this.ownSeek = false;
        this.lastTime = this.position;
        this.events.time(this.position);
        break;
      case 'playing':
        this.events.playing();
        break;
      case 'pause':
        // The browser pauses before 'ended' at the end of a track: not a pause. A 'pause' heard after play()
        // was already called again (switching songs) is stale.
        if (!element.ended && element.paused) {
          this.cancelHandoff();
          this.events.pausedExternally();
        }
        break;
      case 'waiting':
        this.events.waiting();
        break;
      case 'ended':
        // Reached only when no early hand-off happened (after one, this element is no longer the active one).
        this.cancelHandoff();
        this.events.ended();
        break;
      case 'canplaythrough':
        this.maybePreload();
        break;
      case 'error':
        if (element.hasAttribute('src')) this.events.failed(errorDetail(element));
        break;
    }
  }
}
