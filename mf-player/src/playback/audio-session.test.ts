import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvents } from './audio-engine';
import { AudioSession, type SourceOf } from './audio-session';
import { FakeEngine, catalogItem } from '../test/fakes';

let engine: FakeEngine;
let ticks: number;

const plainSource: SourceOf = (song) => ({ url: song.song_file_url, gainDb: 0 });

function attached(settings = { volume: 0.3, muted: true, loop: true }, sourceOf: SourceOf = plainSource) {
  ticks = 0;
  const session = new AudioSession(
    (events) => {
      engine = new FakeEngine();
      engine.events = events;
      return engine;
    },
    () => ticks++,
    (song, useAlbum) => sourceOf(song, useAlbum),
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

  describe('sources', () => {
    /** URLs and gains as a quality setting would give them: `?q=<quality>`, -3 dB for a track, -1 dB as part of its album. */
    function withSettings() {
      const settings = { quality: 'normal', normalization: -3 };
      const sourceOf: SourceOf = (song, useAlbum) => ({ url: `${song.song_file_url}?q=${settings.quality}`, gainDb: useAlbum ? settings.normalization + 2 : settings.normalization });
      const session = attached(undefined, sourceOf);
      return { session, settings };
    }

    it('opens and preloads the URL and gain the settings give, album gain when asked', () => {
      const { session } = withSettings();
      session.open(catalogItem(1), { autoplay: true, useAlbum: true });
      expect(engine.lastUrl).toBe(`${catalogItem(1).song_file_url}?q=normal`);
      expect(engine.gainDb).toBe(-1);
      session.preload(catalogItem(2));
      expect(engine.preloaded).toBe(`${catalogItem(2).song_file_url}?q=normal`);
      expect(engine.preloadedGainDb).toBe(-3);
    });

    it('a quality change reloads the preloaded song with the new URL and leaves the current one playing', () => {
      const { session, settings } = withSettings();
      session.open(catalogItem(1), { autoplay: true });
      session.preload(catalogItem(2), true);
      settings.quality = 'low';
      settings.normalization = -6;
      session.settingsChanged();
      expect(engine.opened).toHaveLength(1);
      expect(engine.gainDb).toBe(-6);
      expect(engine.preloaded).toBe(`${catalogItem(2).song_file_url}?q=low`);
      expect(engine.preloadedGainDb).toBe(-4);
      session.open(catalogItem(2), { autoplay: true, useAlbum: true });
      expect(engine.lastUrl).toBe(`${catalogItem(2).song_file_url}?q=low`);
    });

    it('opens the preloaded song from the URL it was buffered with (the gapless swap), even if the rule would now say otherwise', () => {
      const { session, settings } = withSettings();
      session.open(catalogItem(1), { autoplay: true });
      session.preload(catalogItem(2));
      // Automatic judging a changed connection: only what is not buffered yet follows it.
      settings.quality = 'original';
      session.preload(catalogItem(2));
      expect(engine.preloaded).toBe(`${catalogItem(2).song_file_url}?q=normal`);
      session.open(catalogItem(2), { autoplay: true });
      expect(engine.lastUrl).toBe(`${catalogItem(2).song_file_url}?q=normal`);
      session.open(catalogItem(3), { autoplay: true });
      expect(engine.lastUrl).toBe(`${catalogItem(3).song_file_url}?q=original`);
    });
  });
});
