import { vi } from 'vitest';

/**
 * jsdom has <audio> elements but no media pipeline: play/pause/load throw
 * "not implemented". Unit tests stub them (the browser suite in e2e/ plays
 * real audio); play() resolves, as it does once playback starts.
 */
export function stubMediaElements() {
  const proto = HTMLMediaElement.prototype;
  return {
    play: vi.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
      return Promise.resolve();
    }),
    pause: vi.spyOn(proto, 'pause').mockImplementation(() => undefined),
    load: vi.spyOn(proto, 'load').mockImplementation(() => undefined),
  };
}

interface MediaState {
  readyState: number;
  duration: number;
  ended: boolean;
  paused: boolean;
  error: { code: number; message: string } | null;
}

/** Plays the browser's part: the read-only media attributes a real element would report. */
export function setMediaState(element: HTMLMediaElement, state: Partial<MediaState>): void {
  for (const [key, value] of Object.entries(state)) {
    Object.defineProperty(element, key, { value, configurable: true });
  }
}
