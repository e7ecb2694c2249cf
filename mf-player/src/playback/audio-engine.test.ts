import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioEngine, HANDOFF_LEAD_MS, type EngineEvents } from './audio-engine';
import { stubMediaElements, setMediaState } from '../test/media';
import { FakeAudioContext } from '../test/fake-audio-context';
import { LoudnessOutput, dbToGain } from './loudness-output';

function recorder() {
  const calls: string[] = [];
  const events: EngineEvents = {
    time: (position) => calls.push(`time ${position}`),
    duration: (seconds) => calls.push(`duration ${seconds}`),
    playing: () => calls.push('playing'),
    pausedExternally: () => calls.push('paused'),
    waiting: () => calls.push('waiting'),
    seeking: () => calls.push('seeking'),
    ended: () => calls.push('ended'),
    looped: () => calls.push('looped'),
    failed: (detail) => calls.push(`failed ${detail}`),
    blocked: () => calls.push('blocked'),
  };
  return { calls, events };
}

let media: ReturnType<typeof stubMediaElements>;
let host: HTMLElement;
beforeEach(() => {
  media = stubMediaElements();
  host = document.createElement('div');
  document.body.appendChild(host);
});
afterEach(() => host.remove());

/** An engine in the host; `onEnded` (given the engine) stands in for the controller's answer to "ended". */
function setup(onEnded?: (engine: AudioEngine) => void, output?: LoudnessOutput) {
  const { calls, events } = recorder();
  const engine: AudioEngine = new AudioEngine(onEnded ? { ...events, ended: () => onEnded(engine) } : events, undefined, output);
  engine.mount(host);
  const [a, b] = Array.from(host.querySelectorAll('audio'));
  return { engine, calls, a, b };
}

const fire = (element: HTMLAudioElement, type: string) => element.dispatchEvent(new Event(type));

/** The element reached `seconds` and told so (timeupdate). */
function playedTo(element: HTMLAudioElement, seconds: number) {
  element.currentTime = seconds;
  fire(element, 'timeupdate');
}

describe('AudioEngine', () => {
  it('puts two hidden-able audio elements in the host', () => {
    const { a, b } = setup();
    expect(a.dataset.tunafyPlayer).toBe('a');
    expect(b.dataset.tunafyPlayer).toBe('b');
  });

  it('opens a song on the active element and plays it when asked', () => {
    const { engine, a } = setup();
    engine.open('/song-1', { autoplay: true });
    expect(a.getAttribute('src')).toBe('/song-1');
    expect(a.preload).toBe('auto');
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('opens without playing for a restored queue (metadata only)', () => {
    const { engine, a } = setup();
    engine.open('/song-1', { autoplay: false, startAt: 42 });
    expect(a.preload).toBe('metadata');
    expect(media.play).not.toHaveBeenCalled();
    setMediaState(a, { readyState: 1, duration: 100 });
    fire(a, 'loadedmetadata');
    expect(a.currentTime).toBe(42);
  });

  it('preloads the next song only once the current one can play through', () => {
    const { engine, a, b } = setup();
    engine.open('/song-1', { autoplay: true });
    engine.preload('/song-2');
    expect(b.hasAttribute('src')).toBe(false);
    setMediaState(a, { readyState: 4 });
    fire(a, 'canplaythrough');
    expect(b.getAttribute('src')).toBe('/song-2');
    expect(b.preload).toBe('auto');
    expect(engine.preloadedUrl).toBe('/song-2');
  });

  it('hands off to the preloaded element: no new request, it plays at once', () => {
    const { engine, calls, a, b } = setup();
    engine.open('/song-1', { autoplay: true });
    setMediaState(a, { readyState: 4 });
    engine.preload('/song-2');
    media.play.mockClear();
    engine.open('/song-2', { autoplay: true });
    expect(engine.currentUrl).toBe('/song-2');
    expect(media.play).toHaveBeenCalledTimes(1);
    expect((media.play.mock.contexts[0] as unknown as HTMLAudioElement).dataset.tunafyPlayer).toBe('b');
    expect(b.getAttribute('src')).toBe('/song-2');
    // Events of the element that stepped back no longer count.
    calls.length = 0;
    fire(a, 'ended');
    fire(a, 'playing');
    expect(calls).toEqual([]);
    fire(b, 'playing');
    expect(calls).toEqual(['playing']);
  });

  describe('early hand-off', () => {
    /** Song 1 playing at `at` of 100 s, song 2 buffered in the standby element. */
    function nearTheEnd(at: number, onEnded?: (engine: AudioEngine) => void) {
      const setup_ = setup(onEnded);
      const { engine, a, b } = setup_;
      engine.open('/song-1', { autoplay: true });
      setMediaState(a, { readyState: 4, duration: 100, paused: false });
      engine.preload('/song-2');
      setMediaState(b, { readyState: 4 });
      a.currentTime = at;
      return setup_;
    }

    /** What the controller does when a song ends: plays the next one. */
    const playNext = (engine: AudioEngine) => engine.open('/song-2', { autoplay: true });

    it('ends the song HANDOFF_LEAD_MS early when the next one is buffered', () => {
      vi.useFakeTimers();
      const { calls, a } = nearTheEnd(99.5);
      fire(a, 'timeupdate');
      vi.advanceTimersByTime(500 - HANDOFF_LEAD_MS - 1);
      expect(calls).not.toContain('ended');
      vi.advanceTimersByTime(1);
      expect(calls.filter((call) => call === 'ended')).toHaveLength(1);
      vi.useRealTimers();
    });

    it('leaves it to the real "ended" when far from the end, seeking, paused or looping', () => {
      vi.useFakeTimers();
      const far = nearTheEnd(50);
      fire(far.a, 'timeupdate');
      vi.advanceTimersByTime(60_000);
      expect(far.calls).not.toContain('ended');

      const paused = nearTheEnd(99.5);
      fire(paused.a, 'timeupdate');
      paused.engine.pause();
      vi.advanceTimersByTime(1000);
      expect(paused.calls).not.toContain('ended');

      const seeking = nearTheEnd(99.5);
      fire(seeking.a, 'timeupdate');
      fire(seeking.a, 'seeking');
      vi.advanceTimersByTime(1000);
      expect(seeking.calls).not.toContain('ended');

      const looping = nearTheEnd(99.5);
      looping.engine.setLoop(true);
      fire(looping.a, 'timeupdate');
      vi.advanceTimersByTime(1000);
      expect(looping.calls).not.toContain('ended');
      vi.useRealTimers();
    });

    it('does not end early when the next song is not buffered', () => {
      vi.useFakeTimers();
      const { calls, a, b } = nearTheEnd(99.5);
      setMediaState(b, { readyState: 1 });
      fire(a, 'timeupdate');
      vi.advanceTimersByTime(1000);
      expect(calls).not.toContain('ended');
      vi.useRealTimers();
    });

    it('lets the old song play out while the next one starts, then reuses its element', () => {
      vi.useFakeTimers();
      const { calls, engine, a } = nearTheEnd(99.5, playNext);
      fire(a, 'timeupdate');
      media.pause.mockClear();
      media.play.mockClear();
      vi.advanceTimersByTime(500 - HANDOFF_LEAD_MS);
      expect(engine.currentUrl).toBe('/song-2');
      expect((media.play.mock.contexts[0] as unknown as HTMLAudioElement).dataset.tunafyPlayer).toBe('b');
      expect(media.pause.mock.contexts.map((element) => (element as unknown as HTMLAudioElement).dataset.tunafyPlayer)).not.toContain('a');
      // The next preload waits for the old song to finish in its element.
      engine.preload('/song-3');
      expect(a.getAttribute('src')).toBe('/song-1');
      fire(a, 'ended');
      expect(a.getAttribute('src')).toBe('/song-3');
      expect(calls).not.toContain('paused');
      vi.useRealTimers();
    });

    it('stops a song that plays out for too long', () => {
      vi.useFakeTimers();
      const { engine, a } = nearTheEnd(99.9, playNext);
      fire(a, 'timeupdate');
      vi.advanceTimersByTime(100);
      engine.preload(null);
      expect(a.getAttribute('src')).toBe('/song-1');
      vi.advanceTimersByTime(1000);
      expect(a.hasAttribute('src')).toBe(false);
      vi.useRealTimers();
    });

    it('fires once: a real "ended" after the timer is not a second one', () => {
      vi.useFakeTimers();
      const { calls, a } = nearTheEnd(99.9);
      fire(a, 'timeupdate');
      fire(a, 'ended');
      vi.advanceTimersByTime(1000);
      expect(calls.filter((call) => call === 'ended')).toHaveLength(1);
      vi.useRealTimers();
    });
  });

  it('loads normally when the preload failed', () => {
    const { engine, calls, a, b } = setup();
    engine.open('/song-1', { autoplay: true });
    setMediaState(a, { readyState: 4 });
    engine.preload('/broken');
    fire(b, 'error');
    expect(calls).not.toContain('failed');
    engine.open('/broken', { autoplay: true });
    expect(engine.currentUrl).toBe('/broken');
    expect(a.getAttribute('src')).toBe('/broken');
  });

  it('reports a failing current song', () => {
    const { engine, calls, a } = setup();
    engine.open('/missing', { autoplay: true });
    setMediaState(a, { error: { code: 4, message: 'Format error' } });
    fire(a, 'error');
    expect(calls).toContain('failed not found or unsupported: Format error');
  });

  it('does not take the pause before "ended" for a user pause, nor a stale one', () => {
    const { engine, calls, a } = setup();
    engine.open('/song-1', { autoplay: true });
    setMediaState(a, { ended: true, paused: true });
    fire(a, 'pause');
    setMediaState(a, { ended: false, paused: false });
    fire(a, 'pause');
    expect(calls).not.toContain('paused');
    setMediaState(a, { paused: true });
    fire(a, 'pause');
    expect(calls).toContain('paused');
  });

  /** A song playing on loop in element a. */
  function looping() {
    const setup_ = setup();
    setup_.engine.setLoop(true);
    setup_.engine.open('/song-1', { autoplay: true });
    return setup_;
  }

  it('notices a looping song starting over', () => {
    const { calls, a } = looping();
    expect(a.loop).toBe(true);
    playedTo(a, 118);
    playedTo(a, 0.2);
    expect(calls).toContain('looped');
  });

  it('does not take its own backward seek for a loop', () => {
    const { engine, calls, a } = looping();
    setMediaState(a, { readyState: 4, duration: 120 });
    playedTo(a, 100);
    engine.seek(3);
    fire(a, 'timeupdate');
    expect(calls).not.toContain('looped');
  });

  it('reports a refused play() as blocked', async () => {
    const { engine, calls } = setup();
    media.play.mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'));
    engine.open('/song-1', { autoplay: true });
    await vi.waitFor(() => expect(calls).toContain('blocked'));
  });

  it('sets volume and mute on both elements', () => {
    const { engine, a, b } = setup();
    engine.setVolume(0.3, true);
    expect([a.volume, b.volume, a.muted, b.muted]).toEqual([0.3, 0.3, true, true]);
  });

  it('clears and destroys cleanly', () => {
    const { engine, a } = setup();
    engine.open('/song-1', { autoplay: true });
    engine.clear();
    expect(a.hasAttribute('src')).toBe(false);
    expect(engine.currentUrl).toBeNull();
    engine.destroy();
    expect(host.querySelectorAll('audio')).toHaveLength(0);
  });

  describe('volume normalization', () => {
    /** An engine whose elements go through a fake Web Audio graph, running from the start unless told. */
    function normalized(onEnded?: (engine: AudioEngine) => void, state = 'running') {
      const context = new FakeAudioContext({ state });
      const setup_ = setup(onEnded, new LoudnessOutput(() => context));
      return { ...setup_, context };
    }

    it("plays each song at its own gain: the opened one on the active element, the preloaded one on the standby", () => {
      const { engine, context, a, b } = normalized();
      engine.open('/song-1', { autoplay: true, gainDb: -6 });
      expect(context.gainOf(a)).toBeCloseTo(dbToGain(-6));
      setMediaState(a, { readyState: 4 });
      engine.preload('/song-2', 3);
      expect(context.gainOf(b)).toBeCloseTo(dbToGain(3));
      // The same preload at a new gain (the setting changed) is not loaded again.
      engine.preload('/song-2', -2);
      expect(context.gainOf(b)).toBeCloseTo(dbToGain(-2));
      engine.setGain(-1);
      expect(context.gainOf(a)).toBeCloseTo(dbToGain(-1));
    });

    it('keeps the gapless hand-off: the old song plays out at its gain while the next starts at its own', () => {
      vi.useFakeTimers();
      const { engine, context, a, b } = normalized((engine_) => engine_.open('/song-2', { autoplay: true, gainDb: 2 }));
      engine.open('/song-1', { autoplay: true, gainDb: -8 });
      setMediaState(a, { readyState: 4, duration: 100, paused: false });
      engine.preload('/song-2', 2);
      setMediaState(b, { readyState: 4 });
      a.currentTime = 99.5;
      fire(a, 'timeupdate');
      media.play.mockClear();
      media.pause.mockClear();
      vi.advanceTimersByTime(500 - HANDOFF_LEAD_MS);
      expect(engine.currentUrl).toBe('/song-2');
      expect((media.play.mock.contexts[0] as unknown as HTMLAudioElement).dataset.tunafyPlayer).toBe('b');
      expect(media.pause).not.toHaveBeenCalled();
      expect(context.gainOf(a)).toBeCloseTo(dbToGain(-8));
      expect(context.gainOf(b)).toBeCloseTo(dbToGain(2));
      vi.useRealTimers();
    });

    it('never starts an element routed into a suspended context: the play waits for it to resume', async () => {
      const { engine, context, a } = normalized();
      engine.open('/song-1', { autoplay: true });
      expect(context.gainOf(a)).toBe(1);
      context.setState('suspended');
      media.play.mockClear();
      engine.play();
      expect(media.play).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(media.play).toHaveBeenCalledTimes(1));
      expect(context.state).toBe('running');
    });

    it('drops a play that waited when a pause or another song came first', async () => {
      const { engine, context } = normalized();
      engine.open('/song-1', { autoplay: true });
      context.setState('suspended');
      media.play.mockClear();
      engine.play();
      engine.pause();
      await vi.waitFor(() => expect(context.state).toBe('running'));
      await Promise.resolve();
      expect(media.play).not.toHaveBeenCalled();
    });

    it('plays at once, unrouted, on the first play into a context that has not run yet', async () => {
      const { engine, context, a } = normalized(undefined, 'suspended');
      engine.open('/song-1', { autoplay: true, gainDb: -5 });
      expect(media.play).toHaveBeenCalledTimes(1);
      expect(context.gainOf(a)).toBeNull();
      await vi.waitFor(() => expect(context.gainOf(a)).toBeCloseTo(dbToGain(-5)));
    });
  });
});
