import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerState as SavedPlayerState } from '@tunafy/contracts';
import { getEventBus, type EventMap, type PlayerState } from '@tunafy/event-bus';
import { FakeEngine, catalogItem, catalogSong, fakeApi, fakeMediaSession, hexId, stubMediaMetadata } from '../test/fakes';
import { PlayerController } from './player-controller';
import { storageKeys } from './persistence';
import { PLAYBACK_SETTINGS_KEY } from './playback-settings';
import type { BrowserEnvironment, ConnectionInfo } from './playback-source';
import type { IdleScheduler } from './when-idle';

const USER = 'user-1';
const items = (count: number, seconds = 120) => Array.from({ length: count }, (_, i) => catalogItem(i + 1, seconds));
const url = (n: number) => catalogItem(n).song_file_url;

let engine: FakeEngine;
let api: ReturnType<typeof fakeApi>;
let states: PlayerState[];
let notices: EventMap['ui:notify'][];
let detach: (() => void) | null;
let enginesMade = 0;

function start(options: { saved?: SavedPlayerState; api?: ReturnType<typeof fakeApi>; mediaSession?: MediaSession | null; environment?: BrowserEnvironment; idle?: IdleScheduler } = {}) {
  api = options.api ?? fakeApi(options.saved ?? null);
  const controller = new PlayerController({
    userId: USER,
    api,
    storage: localStorage,
    seed: () => 7,
    mediaSession: options.mediaSession ?? null,
    environment: options.environment,
    createEngine: (events) => {
      enginesMade++;
      engine = new FakeEngine();
      engine.events = events;
      return engine;
    },
  });
  detach = controller.attach(document.createElement('div'), options.idle);
  return controller;
}

const lastState = () => states.at(-1)!;
const command = (payload: EventMap['player:command']) => getEventBus().publish('player:command', payload);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  states = [];
  notices = [];
  detach = null;
  getEventBus().on('player:state').subscribe((state) => states.push(state));
  getEventBus().on('ui:notify').subscribe((notice) => notices.push(notice));
});

afterEach(() => {
  detach?.();
  vi.useRealTimers();
});

describe('bus commands', () => {
  it('publishes an empty state at start, for late subscribers (replayed)', async () => {
    start();
    await vi.runOnlyPendingTimersAsync();
    expect(getEventBus().last('player:state')).toMatchObject({ queue: [], index: 0, current: null, playing: false, source: null });
  });

  it('play-list plays the chosen row: index 1 plays song 2', () => {
    start();
    command({ type: 'play-list', songs: items(3), index: 1, source: 'album:a' });
    expect(engine.opened.at(-1)).toMatchObject({ url: url(2), autoplay: true });
    expect(lastState()).toMatchObject({ index: 1, playing: true, source: 'album:a', current: { id: hexId(2) } });
    expect(lastState().queue.map((song) => song.id)).toEqual([hexId(1), hexId(2), hexId(3)]);
  });

  it('leaves out rows it cannot play, keeping the chosen one, and accepts an index sent as text', () => {
    start();
    const broken = { ...catalogItem(9), song_file_url: '' };
    command({ type: 'play-list', songs: [catalogItem(1), broken, catalogItem(2), catalogItem(3)], index: '2' as unknown as number, source: 's' });
    expect(lastState().queue.map((song) => song.id)).toEqual([hexId(1), hexId(2), hexId(3)]);
    expect(lastState().current?.id).toBe(hexId(2));
    command({ type: 'add-to-queue', song: broken });
    expect(lastState().queue).toHaveLength(3);
  });

  it('preloads the song after the current one (gapless)', () => {
    start();
    command({ type: 'play-list', songs: items(3), index: 0, source: 's' });
    expect(engine.preloaded).toBe(url(2));
    command({ type: 'next' });
    expect(engine.preloaded).toBe(url(3));
    command({ type: 'next' });
    expect(engine.preloaded).toBeNull();
  });

  it('toggle, pause and play follow the intent and publish it', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    command({ type: 'toggle' });
    expect(engine.playing).toBe(false);
    expect(lastState().playing).toBe(false);
    command({ type: 'play' });
    expect(engine.playing).toBe(true);
    expect(lastState().playing).toBe(true);
    command({ type: 'pause' });
    expect(lastState().playing).toBe(false);
  });

  it('toggle on an empty queue does nothing', () => {
    start();
    command({ type: 'toggle' });
    expect(engine.playing).toBe(false);
    expect(lastState().playing).toBe(false);
  });

  it('next past the last song empties the queue, index 0, and stops (SPEC §4)', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 1, source: 's' });
    command({ type: 'next' });
    expect(engine.cleared).toBe(1);
    expect(lastState()).toMatchObject({ queue: [], index: 0, current: null, playing: false, source: null });
  });

  it('previous goes back, and at 0 starts the song over (SPEC §4: it stops at 0)', () => {
    start();
    command({ type: 'play-list', songs: items(3), index: 1, source: 's' });
    command({ type: 'previous' });
    expect(engine.lastUrl).toBe(url(1));
    engine.advance(10);
    const opened = engine.opened.length;
    command({ type: 'previous' });
    expect(engine.opened).toHaveLength(opened);
    expect(engine.position).toBe(0);
    expect(lastState().index).toBe(0);
  });

  it('a track that ends advances by one and keeps playing (SPEC §4)', () => {
    start();
    command({ type: 'play-list', songs: items(3), index: 0, source: 's' });
    engine.events.ended();
    expect(engine.opened.at(-1)).toMatchObject({ url: url(2), autoplay: true });
    expect(lastState()).toMatchObject({ index: 1, playing: true });
  });

  it('after the last song ends, the queue empties', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 1, source: 's' });
    engine.events.ended();
    expect(lastState()).toMatchObject({ queue: [], playing: false });
  });

  it('repeat-all over a single song starts it over', () => {
    const controller = start();
    command({ type: 'play-list', songs: items(1), index: 0, source: 's' });
    controller.toggleRepeatAll();
    engine.events.ended();
    expect(engine.restarts).toBe(1);
    expect(lastState()).toMatchObject({ index: 0, playing: true });
  });

  it('seek moves the audio and publishes the position at once', () => {
    start();
    command({ type: 'play-list', songs: items(1), index: 0, source: 's' });
    command({ type: 'seek', seconds: 42 });
    expect(engine.position).toBe(42);
    expect(lastState().position).toBe(42);
  });

  it('play-next and add-to-queue change the queue and say so', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    command({ type: 'play-next', song: catalogItem(9) });
    command({ type: 'add-to-queue', song: catalogItem(8) });
    expect(lastState().queue.map((song) => song.song_name)).toEqual(['Song 1', 'Song 9', 'Song 2', 'Song 8']);
    expect(notices.map((notice) => notice.message)).toEqual(['"Song 9" will play next.', 'Added "Song 8" to the queue.']);
    expect(engine.preloaded).toBe(url(9));
  });

  it('queue-songs puts several songs next or at the end in their order, with one toast each time', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    command({ type: 'queue-songs', songs: [catalogItem(7), catalogItem(8)], at: 'next' });
    command({ type: 'queue-songs', songs: [catalogItem(5), { ...catalogItem(6), song_file_url: '' }], at: 'end' });
    expect(lastState().queue.map((song) => song.song_name)).toEqual(['Song 1', 'Song 7', 'Song 8', 'Song 2', 'Song 5']);
    expect(lastState().current?.song_name).toBe('Song 1');
    expect(notices.map((notice) => notice.message)).toEqual(['2 songs will play next.', 'Added "Song 5" to the queue.']);
  });

  it('adding to an empty queue loads the song without playing it', () => {
    start();
    command({ type: 'add-to-queue', song: catalogItem(5) });
    expect(engine.opened.at(-1)).toMatchObject({ url: url(5), autoplay: false });
    expect(lastState()).toMatchObject({ index: 0, playing: false, current: { id: hexId(5) } });
  });

  it('ignores commands after the player went away', () => {
    start();
    detach!();
    detach = null;
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    expect(engine.opened).toEqual([]);
  });
});

describe('player:state on the bus', () => {
  it('carries the position about once a second, not at every progress step', () => {
    start();
    command({ type: 'play-list', songs: items(1), index: 0, source: 's' });
    const before = states.length;
    for (let step = 0; step < 150; step++) {
      engine.position += 0.02;
      vi.advanceTimersByTime(20);
    }
    const published = states.length - before;
    expect(published).toBeGreaterThanOrEqual(2);
    expect(published).toBeLessThanOrEqual(4);
    expect(lastState().position).toBeCloseTo(3, 0);
  });

  it('publishes an empty, stopped state when the player goes away (logout)', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    detach!();
    detach = null;
    expect(lastState()).toMatchObject({ queue: [], playing: false, current: null });
    expect(engine.destroyed).toBe(true);
  });

  it('says "paused" when the browser pauses on its own, but not at the end of a song', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    engine.events.pausedExternally();
    expect(lastState().playing).toBe(false);
  });

  it('turns "playing" off when autoplay is refused', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    engine.events.blocked();
    expect(lastState().playing).toBe(false);
  });
});

describe('play counting', () => {
  it('reports a play after 30 s of listening, once', () => {
    start();
    command({ type: 'play-list', songs: items(2, 200), index: 0, source: 's' });
    engine.advance(29);
    expect(api.recordPlay).not.toHaveBeenCalled();
    engine.advance(2);
    engine.advance(40);
    expect(api.recordPlay).toHaveBeenCalledExactlyOnceWith(hexId(1), 's');
  });

  it('does not count a seek as listening', () => {
    start();
    command({ type: 'play-list', songs: items(1, 200), index: 0, source: 's' });
    engine.advance(5);
    command({ type: 'seek', seconds: 100 });
    engine.advance(5);
    expect(api.recordPlay).not.toHaveBeenCalled();
  });

  it('does not count time while paused', () => {
    const controller = start();
    command({ type: 'play-list', songs: items(1, 200), index: 0, source: 's' });
    controller.pause();
    engine.advance(40);
    expect(api.recordPlay).not.toHaveBeenCalled();
  });

  it('reports a short song that ended', () => {
    start();
    command({ type: 'play-list', songs: items(2, 10), index: 0, source: 's' });
    engine.advance(10);
    engine.events.ended();
    expect(api.recordPlay).toHaveBeenCalledExactlyOnceWith(hexId(1), 's');
  });

  it('counts each pass of a looping song', () => {
    const controller = start();
    command({ type: 'play-list', songs: items(1, 10), index: 0, source: 's' });
    controller.toggleLoop();
    expect(engine.loop).toBe(true);
    engine.events.looped();
    engine.events.looped();
    expect(api.recordPlay).toHaveBeenCalledTimes(2);
  });
});

describe('playback errors', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => expect(warn).toHaveBeenCalled());

  it('skip to the next song and tell the user', () => {
    const controller = start();
    command({ type: 'play-list', songs: items(3), index: 0, source: 's' });
    engine.events.failed('not found');
    expect(engine.opened.at(-1)).toMatchObject({ url: url(2), autoplay: true });
    expect(notices.at(-1)).toEqual({ kind: 'error', message: `Couldn't play "Song 1". Skipping to the next song.` });
    expect(controller.getState().notice).toBe(notices.at(-1)!.message);
    vi.advanceTimersByTime(8000);
    expect(controller.getState().notice).toBeNull();
  });

  it('stop when nothing in the queue plays', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    engine.events.failed('x');
    engine.events.failed('x');
    expect(notices.at(-1)!.message).toMatch(/None of the songs in the queue could be played/);
    expect(lastState().playing).toBe(false);
  });
});

describe('volume', () => {
  it('starts at 0.1 (SPEC §9) and moves in steps of 0.1', () => {
    const controller = start();
    expect(controller.getState().volume).toBe(0.1);
    expect(engine.volume).toBe(0.1);
    controller.stepVolume(1);
    controller.stepVolume(1);
    expect(controller.getState().volume).toBe(0.3);
    controller.stepVolume(-1);
    expect(engine.volume).toBe(0.2);
    for (let i = 0; i < 5; i++) controller.stepVolume(-1);
    expect(controller.getState().volume).toBe(0);
  });

  it('mutes without losing the volume; raising the volume unmutes', () => {
    const controller = start();
    controller.toggleMute();
    expect(engine.muted).toBe(true);
    expect(controller.getState().volume).toBe(0.1);
    controller.setVolume(0.5);
    expect(engine.muted).toBe(false);
  });
});

describe('persistence', () => {
  it('restores the queue from localStorage on the next visit, without autoplay', () => {
    const first = start();
    command({ type: 'play-list', songs: items(3), index: 1, source: 'album:a' });
    first.setVolume(0.4);
    first.toggleShuffle();
    engine.advance(12);
    vi.advanceTimersByTime(1000);
    detach!();

    const second = start();
    expect(api.loadPlayerState).not.toHaveBeenCalled();
    expect(engine.opened).toEqual([{ url: url(2), autoplay: false, startAt: expect.closeTo(12, 0) }]);
    expect(engine.playing).toBe(false);
    expect(second.getState()).toMatchObject({ volume: 0.4, playing: false });
    expect(second.getState().queue.shuffle).toBe(true);
    expect(lastState()).toMatchObject({ current: { id: hexId(2) }, playing: false, source: 'album:a' });
  });

  it('keeps each user apart', () => {
    start();
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    detach!();
    expect(localStorage.getItem(storageKeys(USER).queue)).not.toBeNull();
    expect(localStorage.getItem(storageKeys('someone-else').queue)).toBeNull();
  });

  it('restores from the server when this browser has nothing saved', async () => {
    const controller = start({
      saved: { queue: [catalogSong(4), catalogSong(5)], index: 1, position: 33, volume: 0.6, shuffle: false, repeat: 'all', updated_at: '2026-01-01T00:00:00Z' },
    });
    await vi.waitFor(() => expect(controller.getState().restored).toBe(true));
    expect(api.loadPlayerState).toHaveBeenCalledTimes(1);
    expect(engine.opened).toEqual([{ url: url(5), autoplay: false, startAt: 33 }]);
    expect(controller.getState()).toMatchObject({ volume: 0.6, playing: false });
    expect(controller.getState().queue.repeat).toBe('all');
  });

  it('does not let a late server answer overwrite what the user started meanwhile', async () => {
    let answer!: (value: SavedPlayerState | null) => void;
    const slow = fakeApi();
    slow.loadPlayerState.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const controller = start({ api: slow });
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    answer({ queue: [catalogSong(7)], index: 0, position: 50, volume: 1, shuffle: false, repeat: 'off', updated_at: '2026-01-01T00:00:00Z' });
    await vi.waitFor(() => expect(controller.getState().restored).toBe(true));
    expect(lastState().current?.id).toBe(hexId(1));
    expect(controller.getState().volume).toBe(0.1);
  });

  it('plays a row chosen before the player mounted, instead of the saved queue (local or from the server)', async () => {
    const first = start();
    command({ type: 'play-list', songs: items(3), index: 2, source: 'album:a' });
    first.setVolume(0.4);
    vi.advanceTimersByTime(1000);
    detach!();
    expect(localStorage.getItem(storageKeys(USER).queue)).not.toBeNull();

    // The bar is not there yet when the person clicks a row of /songs.
    command({ type: 'play-list', songs: items(2), index: 1, source: 'songs' });
    const second = start();
    expect(engine.opened).toEqual([{ url: url(2), autoplay: true, startAt: 0 }]);
    expect(lastState()).toMatchObject({ current: { id: hexId(2) }, playing: true, source: 'songs' });
    expect(second.getState().restored).toBe(true);
    expect(api.loadPlayerState).not.toHaveBeenCalled();
    detach!();

    // Nothing saved in this browser: the server's copy must not replace the row either.
    localStorage.clear();
    command({ type: 'play-list', songs: items(2), index: 0, source: 'songs' });
    const third = start({ saved: { queue: [catalogSong(7)], index: 0, position: 50, volume: 1, shuffle: false, repeat: 'off', updated_at: '2026-01-01T00:00:00Z' } });
    await vi.runOnlyPendingTimersAsync();
    expect(third.getState().restored).toBe(true);
    expect(lastState()).toMatchObject({ current: { id: hexId(1) }, playing: true });
    expect(api.loadPlayerState).not.toHaveBeenCalled();
  });

  it('saves to the server at most every 5 s, with song ids, and on pagehide with keepalive', async () => {
    const controller = start();
    await vi.waitFor(() => expect(controller.getState().restored).toBe(true));
    command({ type: 'play-list', songs: items(3), index: 1, source: 's' });
    controller.setVolume(0.3);
    expect(api.savePlayerState).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(api.savePlayerState).toHaveBeenCalledTimes(1);
    expect(api.savePlayerState.mock.calls[0]).toEqual([
      { queue: [hexId(1), hexId(2), hexId(3)], index: 1, position: 0, volume: 0.3, shuffle: false, repeat: 'off' },
      { keepalive: false },
    ]);
    engine.advance(7);
    window.dispatchEvent(new Event('pagehide'));
    expect(api.savePlayerState).toHaveBeenCalledTimes(2);
    expect(api.savePlayerState.mock.calls[1]).toEqual([expect.objectContaining({ position: 7 }), { keepalive: true }]);
  });

  it('saves nothing before the saved state was read, unless the user acted', () => {
    const slow = fakeApi();
    slow.loadPlayerState.mockReturnValue(new Promise(() => undefined));
    start({ api: slow });
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(10_000);
    expect(slow.savePlayerState).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    expect(localStorage.getItem(storageKeys(USER).queue)).not.toBeNull();
  });

  it('does not save to the server after logout', async () => {
    const controller = start();
    await vi.waitFor(() => expect(controller.getState().restored).toBe(true));
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    getEventBus().publish('auth:session', { user: null });
    detach!();
    detach = null;
    vi.advanceTimersByTime(10_000);
    expect(api.savePlayerState).not.toHaveBeenCalled();
  });
});

describe('Media Session', () => {
  beforeEach(stubMediaMetadata);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the song and routes the media keys to the player', () => {
    const media = fakeMediaSession();
    const controller = start({ mediaSession: media.session });
    command({ type: 'play-list', songs: items(3), index: 0, source: 's' });
    expect(media.raw.metadata).toMatchObject({ title: 'Song 1', artist: 'Artist 1' });
    expect((media.raw.metadata as unknown as { artwork: { src: string }[] }).artwork[0].src).toMatch(new RegExp(`/api/files/${hexId(2001)}$`));
    expect(media.raw.playbackState).toBe('playing');
    media.handlers.get('nexttrack')!({ action: 'nexttrack' });
    expect(controller.getState().queue.index).toBe(1);
    media.handlers.get('pause')!({ action: 'pause' });
    expect(media.raw.playbackState).toBe('paused');
    media.handlers.get('seekto')!({ action: 'seekto', seekTime: 30 });
    expect(engine.position).toBe(30);
    media.handlers.get('seekbackward')!({ action: 'seekbackward' });
    expect(engine.position).toBe(25);
    media.handlers.get('previoustrack')!({ action: 'previoustrack' });
    expect(controller.getState().queue.index).toBe(0);
    detach!();
    detach = null;
    expect(media.handlers.get('play')).toBeNull();
  });
});

describe('streaming quality and volume normalization', () => {
  /** Chromium: no ALAC; on `connection`. */
  const chromium = (connection: ConnectionInfo | null = { effectiveType: '4g', downlink: 10 }): BrowserEnvironment => ({
    canPlay: (type) => !type.includes('alac'),
    connection: () => connection,
  });
  const ALBUM = hexId(500);
  const loudness = { track_lufs: -8, track_peak_db: -0.5, album_lufs: -10, album_peak_db: -0.5 };
  /** Three FLAC tracks of one album, measured. */
  const albumTracks = () => items(3).map((item) => ({ ...item, audio_format: 'flac' as const, album_id: ALBUM, album_name: 'LP', loudness }));
  const stream = (n: number, query: string) => `/api/songs/${hexId(n)}/stream?${query}`;

  it('plays a format the browser cannot play as an mp3 transcode, and Automatic at Normal on a slow connection', () => {
    const controller = start({ environment: chromium({ effectiveType: '3g' }) });
    controller.playList([{ ...catalogItem(1), audio_format: 'alac' }, { ...catalogItem(2), audio_format: 'flac' }], 0, 'songs');
    expect(engine.lastUrl).toBe(stream(1, 'maxBitRate=160&format=mp3'));
    expect(engine.preloaded).toBe(stream(2, 'maxBitRate=160'));
  });

  it('starts at Automatic and Normal: the original file on a fast connection', () => {
    const controller = start({ environment: chromium() });
    expect(controller.getState().settings).toEqual({ quality: 'auto', normalization: 'normal' });
    controller.playList(albumTracks(), 0, 'songs');
    expect(engine.lastUrl).toBe(url(1));
  });

  it('changes quality from the next song: the current one plays on, the preloaded one reloads', () => {
    const controller = start({ environment: chromium() });
    controller.playList(albumTracks(), 0, 'songs');
    expect(engine.preloaded).toBe(url(2));
    controller.setStreamQuality('low');
    expect(engine.opened).toHaveLength(1);
    expect(engine.preloaded).toBe(stream(2, 'maxBitRate=96'));
    expect(controller.getState().settings.quality).toBe('low');
    controller.next();
    expect(engine.lastUrl).toBe(stream(2, 'maxBitRate=96'));
  });

  it('keeps the settings for this browser, whoever logs in', () => {
    const first = start({ environment: chromium() });
    first.setStreamQuality('high');
    first.setNormalization('loud');
    expect(JSON.parse(localStorage.getItem(PLAYBACK_SETTINGS_KEY)!)).toEqual({ quality: 'high', normalization: 'loud' });
    detach?.();
    const second = new PlayerController({ userId: 'someone-else', api: fakeApi(), storage: localStorage, mediaSession: null, createEngine: () => new FakeEngine() });
    expect(second.getState().settings).toEqual({ quality: 'high', normalization: 'loud' });
  });

  it("uses album gain while an album's page plays it in order, track gain otherwise", () => {
    const controller = start({ environment: chromium() });
    controller.playList(albumTracks(), 0, `album:${ALBUM}`);
    // Album at -10 LUFS to -14: -4 dB; the track alone at -8 LUFS: -6 dB.
    expect(engine.gainDb).toBe(-4);
    expect(engine.preloadedGainDb).toBe(-4);
    controller.toggleShuffle();
    expect(engine.preloadedGainDb).toBe(-6);
    controller.playList(albumTracks(), 1, 'songs');
    expect(engine.gainDb).toBe(-6);
  });

  it('applies a normalization change to the current song at once, and Off plays at unity', () => {
    const controller = start({ environment: chromium() });
    controller.playList(albumTracks(), 0, 'songs');
    controller.setNormalization('off');
    expect(engine.gainDb).toBe(0);
    expect(engine.preloadedGainDb).toBe(0);
    expect(engine.preloaded).toBe(url(2));
    controller.setNormalization('loud');
    // Loud aims at -11 LUFS: -3 dB for a track at -8.
    expect(engine.gainDb).toBe(-3);
  });
});

/** Idle moments a test hands out one at a time. */
function idleMoments() {
  const waiting: (() => void)[] = [];
  const idle: IdleScheduler = (task) => {
    waiting.push(task);
    return () => waiting.includes(task) && void waiting.splice(waiting.indexOf(task), 1);
  };
  return { idle, pending: () => waiting.length, next: () => waiting.shift()!() };
}

describe('starting when the page is idle (decision 0031)', () => {
  beforeEach(() => {
    enginesMade = 0;
  });

  function saveAQueue() {
    const first = start();
    command({ type: 'play-list', songs: items(3), index: 1, source: 'album:a' });
    first.setVolume(0.4);
    vi.advanceTimersByTime(1000);
    detach!();
    enginesMade = 0;
    states = [];
  }

  it('does nothing before the page is idle, then one step per idle moment: the audio, the page hooks, the restore', () => {
    saveAQueue();
    const moments = idleMoments();
    const controller = start({ idle: moments.idle });
    expect(enginesMade).toBe(0);
    expect(controller.getState().restored).toBe(false);
    expect(states).toEqual([]);

    moments.next();
    expect(enginesMade).toBe(1);
    expect(engine.opened).toEqual([]);
    moments.next();
    expect(controller.getState().restored).toBe(false);
    moments.next();
    expect(moments.pending()).toBe(0);
    expect(controller.getState()).toMatchObject({ restored: true, volume: 0.4, playing: false });
    expect(engine.opened).toEqual([{ url: url(2), autoplay: false, startAt: 0 }]);
    expect(lastState()).toMatchObject({ current: { id: hexId(2) }, playing: false });
  });

  it('a row chosen before the page is idle starts everything at once and plays, over this browser’s queue and with its volume', () => {
    saveAQueue();
    const moments = idleMoments();
    const controller = start({ idle: moments.idle });
    command({ type: 'play-list', songs: items(2), index: 0, source: 'songs' });
    expect(enginesMade).toBe(1);
    expect(engine.opened.at(-1)).toEqual({ url: url(1), autoplay: true, startAt: 0 });
    expect(lastState()).toMatchObject({ current: { id: hexId(1) }, playing: true, source: 'songs' });
    expect(controller.getState()).toMatchObject({ restored: true, volume: 0.4 });
    // Nothing is left for the idle moment, which was given back.
    expect(moments.pending()).toBe(0);
  });

  it('the bar’s own actions start it first too: a volume step starts from the saved volume', () => {
    saveAQueue();
    const moments = idleMoments();
    const controller = start({ idle: moments.idle });
    moments.next();
    controller.stepVolume(1);
    expect(controller.getState().volume).toBe(0.5);
    expect(engine.volume).toBe(0.5);
    expect(controller.getState().restored).toBe(true);
    expect(moments.pending()).toBe(0);
  });

  it('a row chosen before the bar mounted (held by the bus) starts it at once and wins over the saved queue', () => {
    saveAQueue();
    const moments = idleMoments();
    command({ type: 'play-list', songs: items(2), index: 1, source: 'songs' });
    const controller = start({ idle: moments.idle });
    expect(moments.pending()).toBe(0);
    expect(engine.opened).toEqual([{ url: url(2), autoplay: true, startAt: 0 }]);
    expect(lastState()).toMatchObject({ current: { id: hexId(2) }, playing: true, source: 'songs' });
    expect(controller.getState().restored).toBe(true);
    expect(api.loadPlayerState).not.toHaveBeenCalled();
  });

  it('a player that goes away before the page is idle never starts', () => {
    const moments = idleMoments();
    start({ idle: moments.idle });
    detach!();
    detach = null;
    expect(moments.pending()).toBe(0);
    expect(enginesMade).toBe(0);
    command({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    expect(enginesMade).toBe(0);
  });
});
