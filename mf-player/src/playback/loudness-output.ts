/**
 * Volume normalization with Web Audio (docs/streaming.md, In the player): each of the engine's two <audio>
 * elements goes through its own GainNode into one AudioContext, so the element that plays out a song's last
 * milliseconds keeps that song's gain while the next one starts at its own (gapless stays gapless).
 *
 * An element routed into a context plays only through it: into a suspended one it plays silently. So the context
 * is made on the first play (a user gesture, which lets it run), the elements are routed only once it runs, and a
 * play waits for a suspended context to resume. Without Web Audio, or while the context has never run, the
 * elements play straight to the speakers, unnormalized rather than silent.
 */

/** The part of a GainNode the output uses. */
export interface GainLike {
  gain: { value: number };
  connect(destination: unknown): unknown;
}

/** The part of an AudioContext the output uses (tests give a fake). */
export interface AudioContextLike {
  readonly state: string;
  readonly destination: unknown;
  resume(): Promise<void>;
  close?(): Promise<void>;
  createMediaElementSource(element: HTMLMediaElement): { connect(destination: unknown): unknown };
  createGain(): GainLike;
  addEventListener(type: 'statechange', listener: () => void): void;
  removeEventListener(type: 'statechange', listener: () => void): void;
}

export const dbToGain = (db: number) => 10 ** (db / 20);

type AudioContextConstructor = new (options?: AudioContextOptions) => AudioContextLike;

/** The browser's AudioContext, or null where there is none. `playback` lets the browser favour smoothness over latency. */
export function browserAudioContext(): AudioContextLike | null {
  const scope = globalThis as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  return Context ? new Context({ latencyHint: 'playback' }) : null;
}

export class LoudnessOutput {
  private context: AudioContextLike | null = null;
  /** Web Audio is missing or broke: the elements play straight, for good. */
  private unavailable = false;
  /** An element could not be routed: the ones that were stay at unity gain. */
  private unrouteable = false;
  private readonly elements: HTMLMediaElement[] = [];
  private readonly gains = new Map<HTMLMediaElement, GainLike>();
  private readonly wantedDb = new Map<HTMLMediaElement, number>();
  private readonly onStateChange = () => this.routeIfRunning();

  constructor(private readonly createContext: () => AudioContextLike | null = browserAudioContext) {}

  /** The elements to route (nothing happens to them before the first play). */
  add(element: HTMLMediaElement): void {
    this.elements.push(element);
    this.wantedDb.set(element, 0);
    element.dataset.tunafyGainDb = '0';
  }

  /** Whether the elements play through the gain nodes (for tests and diagnostics; also on each element as data-tunafy-normalized). */
  get routed(): boolean {
    return this.gains.size > 0;
  }

  /** The gain for what `element` holds now; applies at once when routed, else once the context runs. */
  setGain(element: HTMLMediaElement, db: number): void {
    const safe = Number.isFinite(db) ? db : 0;
    this.wantedDb.set(element, safe);
    // On the element too, so devtools and browser tests can read what it plays at.
    element.dataset.tunafyGainDb = String(Math.round(safe * 100) / 100);
    const node = this.gains.get(element);
    if (node && !this.unrouteable) node.gain.value = dbToGain(safe);
  }

  /**
   * Called right before an element plays. The first call makes the context (inside the user's gesture, so it may
   * run) and asks it to resume; returns a promise to wait for when the elements are routed into a context that
   * does not run now, null when playing at once is fine (routed into a running context, or not routed at all).
   */
  beforePlay(): Promise<void> | null {
    if (this.unavailable) return null;
    if (!this.context && !this.createOnce()) return null;
    const context = this.context!;
    if (context.state === 'running') {
      this.routeIfRunning();
      return null;
    }
    const resumed = this.resume(context);
    // Not routed yet: play straight now; the elements are routed when the context reports it runs.
    if (!this.routed) return null;
    return resumed;
  }

  destroy(): void {
    this.context?.removeEventListener('statechange', this.onStateChange);
    void this.context?.close?.().catch(() => undefined);
    this.context = null;
    this.gains.clear();
    this.unavailable = true;
  }

  private createOnce(): boolean {
    try {
      this.context = this.createContext();
    } catch (error) {
      console.warn('[mf-player] no Web Audio, volume normalization is off:', error);
      this.context = null;
    }
    if (!this.context) {
      this.unavailable = true;
      return false;
    }
    this.context.addEventListener('statechange', this.onStateChange);
    return true;
  }

  private resume(context: AudioContextLike): Promise<void> {
    return context.resume().catch((error: unknown) => console.warn('[mf-player] the audio context did not resume:', error));
  }

  private routeIfRunning(): void {
    const context = this.context;
    if (!context || context.state !== 'running' || this.unrouteable) return;
    for (const element of this.elements) {
      if (this.gains.has(element)) continue;
      try {
        const gain = context.createGain();
        gain.gain.value = dbToGain(this.wantedDb.get(element) ?? 0);
        context.createMediaElementSource(element).connect(gain);
        gain.connect(context.destination);
        this.gains.set(element, gain);
        element.dataset.tunafyNormalized = 'true';
      } catch (error) {
        // An element that cannot be routed plays straight; one already routed stays at unity so both sound alike.
        console.warn('[mf-player] volume normalization is off, an audio element could not be routed:', error);
        this.gains.forEach((node) => (node.gain.value = 1));
        this.unrouteable = true;
        return;
      }
    }
  }
}
