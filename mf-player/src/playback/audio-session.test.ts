import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvents } from './audio-engine';
import { AudioSession } from './audio-session';
import { FakeEngine, catalogItem } from '../test/fakes';

let engine: FakeEngine;
let ticks: number;

function attached(settings = { volume: 0.3, muted: true, loop: true }) {
  ticks = 0;
  const session = new AudioSession(
    (events) => {
      engine = new FakeEngine();
      engine.events = events;
      return engine;
    },
    () => ticks++,
  );
  session.attach(document.createElement('div'), {} as EngineEvents, settings);
  return session;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('AudioSession', () => {
  it('mounts the engine with the settings applied before anything loads, and destroys it on detach', () => {
    const session = attached();
    expect(engine.mounted).not.toBeNull();
    expect(engine).toMatchObject({ volume: 0.3, muted: true, loop: true });
    expect(engine.opened).toEqual([]);
    session.detach();
    expect(engine.destroyed).toBe(true);
    expect(session.attached).toBe(false);
  });

  it('opens a song at a position with the catalog duration until the audio knows better', () => {
    const session = attached();
    const seen: unknown[] = [];
    session.progress.subscribe(() => seen.push(session.progress.get()));
    expect(session.open(catalogItem(1, 200), { autoplay: false, startAt: 12 })).toBe(true);
    expect(engine.opened).toEqual([{ url: catalogItem(1).song_file_url, autoplay: false, startAt: 12 }]);
    expect(seen).toEqual([{ position: 12, duration: 200 }]);
    session.showDuration(198.5, catalogItem(1, 200));
    expect(session.progress.get()).toEqual({ position: 12, duration: 198.5 });
    // A stream that reports no length falls back to the catalog's again.
    session.showDuration(Infinity, catalogItem(1, 200));
    expect(session.progress.get().duration).toBe(200);
  });

  it('does not re-render the bar for an unknown duration that stays unknown', () => {
    const session = attached();
    session.open({ ...catalogItem(1), duration: 0 }, { autoplay: true });
    const listener = vi.fn();
    session.progress.subscribe(listener);
    session.showDuration(NaN, null);
    session.showPosition(0);
    expect(listener).not.toHaveBeenCalled();
  });

  it('cannot open anything while detached', () => {
    const session = attached();
    session.detach();
    expect(session.open(catalogItem(1), { autoplay: true })).toBe(false);
    expect(engine.opened).toEqual([]);
  });

  it('preloads the next song for the gapless hand-off, and clears both on an empty queue', () => {
    const session = attached();
    session.open(catalogItem(1), { autoplay: true });
    session.preload(catalogItem(2));
    expect(engine.preloaded).toBe(catalogItem(2).song_file_url);
    session.showPosition(40);
    session.clear();
    expect(engine.cleared).toBe(1);
    expect(engine.preloaded).toBeNull();
    expect(session.progress.get()).toEqual({ position: 0, duration: NaN });
  });

  it('keeps a seek inside a song of known length', () => {
    const session = attached();
    session.open(catalogItem(1, 100), { autoplay: true });
    expect(session.seek(250)).toBe(100);
    expect(engine.position).toBe(100);
    expect(session.seek(-3)).toBe(0);
    expect(session.progress.get().position).toBe(0);
  });

  it('reads the live position from the element while attached, the last known one after', () => {
    const session = attached();
    session.open(catalogItem(1), { autoplay: true });
    engine.position = 7.5;
    expect(session.livePosition()).toBe(7.5);
    session.showPosition(7);
    session.detach();
    expect(session.livePosition()).toBe(7);
  });

  it('runs the progress and listen clocks only while playing', () => {
    const session = attached();
    session.open(catalogItem(1), { autoplay: true });
    session.followPlayback(true);
    session.followPlayback(true);
    engine.position = 3;
    vi.advanceTimersByTime(1000);
    expect(session.progress.get().position).toBe(3);
    expect(ticks).toBe(1);
    session.followPlayback(false);
    engine.position = 9;
    vi.advanceTimersByTime(5000);
    expect(session.progress.get().position).toBe(3);
    expect(ticks).toBe(1);
  });

  it('stops its clocks on detach, and starts none while detached', () => {
    const session = attached();
    session.followPlayback(true);
    session.detach();
    session.followPlayback(true);
    vi.advanceTimersByTime(5000);
    expect(ticks).toBe(0);
  });
});
