import type { AudioContextLike, GainLike } from '../playback/loudness-output';

interface FakeNode {
  connectedTo: unknown;
  connect(destination: unknown): unknown;
}

/**
 * The part of Web Audio the loudness output uses, recording the graph it is asked to build. It starts suspended
 * (as a context made without a user gesture does) unless told otherwise; `resume()` runs it after a microtask,
 * or, with `resumes: 'refuse'`, rejects as a browser that does not let it run.
 */
export class FakeAudioContext implements AudioContextLike {
  state: string;
  readonly destination = { speakers: true };
  resumeCalls = 0;
  readonly sources = new Map<HTMLMediaElement, FakeNode>();
  closed = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: { state?: string; resumes?: 'run' | 'refuse' } = {}) {
    this.state = options.state ?? 'suspended';
  }

  resume(): Promise<void> {
    this.resumeCalls++;
    if (this.options.resumes === 'refuse') return Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    return Promise.resolve().then(() => this.setState('running'));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.setState('closed');
  }

  setState(state: string): void {
    if (state === this.state) return;
    this.state = state;
    this.listeners.forEach((listener) => listener());
  }

  createMediaElementSource(element: HTMLMediaElement): FakeNode {
    if (this.sources.has(element)) throw new DOMException('already connected', 'InvalidStateError');
    const node: FakeNode = { connectedTo: null, connect: (destination) => (node.connectedTo = destination) };
    this.sources.set(element, node);
    return node;
  }

  createGain(): GainLike & FakeNode {
    const node = { gain: { value: 1 }, connectedTo: null as unknown, connect: (destination: unknown) => (node.connectedTo = destination) };
    return node;
  }

  addEventListener(_type: 'statechange', listener: () => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'statechange', listener: () => void): void {
    this.listeners.delete(listener);
  }

  /** The linear gain `element` reaches the speakers at, or null when it is not routed through a gain node to them. */
  gainOf(element: HTMLMediaElement): number | null {
    const gain = this.sources.get(element)?.connectedTo as (GainLike & FakeNode) | undefined;
    return gain && gain.connectedTo === this.destination ? gain.gain.value : null;
  }
}
