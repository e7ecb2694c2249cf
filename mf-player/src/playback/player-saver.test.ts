import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_QUEUE, next, playList } from '../queue/queue';
import { catalogItem, fakeApi, hexId } from '../test/fakes';
import { loadLocal, storageKeys } from './persistence';
import { PlayerSaver, onPageLeave, type SaveableState } from './player-saver';

const USER = 'u1';
const listOf = (count: number, index = 0) => playList(EMPTY_QUEUE, Array.from({ length: count }, (_, i) => catalogItem(i + 1)), index, 's', 1);

let state: SaveableState;
let position: number;
let allowed: boolean;
let api: ReturnType<typeof fakeApi>;

function saver() {
  return new PlayerSaver({ userId: USER, storage: localStorage, api, read: () => state, position: () => position, mayPersist: () => allowed });
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  state = { queue: listOf(3, 1), volume: 0.3, muted: false, playing: false };
  position = 0;
  allowed = true;
  api = fakeApi();
});
afterEach(() => vi.useRealTimers());

describe('PlayerSaver', () => {
  it('writes a change to localStorage at once and sends the server one batched save', () => {
    const target = saver();
    target.persist();
    expect(loadLocal(localStorage, USER)).toMatchObject({ volume: 0.3, queue: { index: 1 } });
    state = { ...state, volume: 0.5 };
    target.persist();
    expect(api.savePlayerState).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(api.savePlayerState).toHaveBeenCalledExactlyOnceWith(
      { queue: [hexId(1), hexId(2), hexId(3)], index: 1, position: 0, volume: 0.5, shuffle: false, repeat: 'off' },
      { keepalive: false },
    );
  });

  it('does not write what is already saved (a restored queue, an unchanged one)', () => {
    const target = saver();
    target.alreadySaved(state.queue, state.volume, state.muted);
    target.persist();
    expect(localStorage.length).toBe(0);
    state = { ...state, muted: true };
    target.persist();
    expect(localStorage.getItem(storageKeys(USER).queue)).not.toBeNull();
  });

  it('keeps the position for the song it belongs to', () => {
    const target = saver();
    target.persist();
    position = 41.26;
    target.savePosition();
    expect(loadLocal(localStorage, USER)!.position).toBe(41.3);
    state = { ...state, queue: next(state.queue) };
    target.persist();
    expect(loadLocal(localStorage, USER)).toMatchObject({ queue: { index: 2 } });
  });

  it('saves nothing at all while it may not (the saved state was not read yet)', () => {
    allowed = false;
    const target = saver();
    target.persist();
    target.savePosition();
    target.scheduleServerSave();
    target.flush(true);
    vi.advanceTimersByTime(10_000);
    expect(localStorage.length).toBe(0);
    expect(api.savePlayerState).not.toHaveBeenCalled();
  });

  it('flush sends what is pending at once, with keepalive, and the position of a playing song even without a change', () => {
    const target = saver();
    target.persist();
    position = 12;
    target.flush(true);
    expect(api.savePlayerState).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ position: 12 }), { keepalive: true });
    vi.advanceTimersByTime(10_000);
    expect(api.savePlayerState).toHaveBeenCalledTimes(1);

    target.flush(true);
    expect(api.savePlayerState).toHaveBeenCalledTimes(1);
    state = { ...state, playing: true };
    position = 20;
    target.flush(true);
    expect(api.savePlayerState).toHaveBeenCalledTimes(2);
    expect(api.savePlayerState.mock.calls[1][0].position).toBe(20);
  });

  it('sends nothing to the server once the session ended, still keeps the local copy', () => {
    const target = saver();
    target.sessionEnded();
    target.persist();
    target.flush(false);
    vi.advanceTimersByTime(10_000);
    expect(api.savePlayerState).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys(USER).queue)).not.toBeNull();
    target.sessionStarted();
    state = { ...state, volume: 0.9 };
    target.persist();
    vi.advanceTimersByTime(5000);
    expect(api.savePlayerState).toHaveBeenCalledTimes(1);
  });

  it('cancel drops a batched save', () => {
    const target = saver();
    target.persist();
    target.cancel();
    vi.advanceTimersByTime(10_000);
    expect(api.savePlayerState).not.toHaveBeenCalled();
  });

  it('logs a failed server save instead of throwing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.savePlayerState.mockRejectedValue(new Error('offline'));
    const target = saver();
    target.persist();
    target.flush(false);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });
});

describe('onPageLeave', () => {
  it('fires on pagehide and when the tab is hidden, not when it shows again; and stops after unsubscribe', () => {
    const page = new EventTarget() as EventTarget & { document: { visibilityState: DocumentVisibilityState } };
    page.document = { visibilityState: 'visible' };
    const leaving = vi.fn();
    const stop = onPageLeave(page as never, leaving);
    page.dispatchEvent(new Event('visibilitychange'));
    expect(leaving).not.toHaveBeenCalled();
    page.document.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    page.dispatchEvent(new Event('pagehide'));
    expect(leaving).toHaveBeenCalledTimes(2);
    stop();
    page.dispatchEvent(new Event('pagehide'));
    expect(leaving).toHaveBeenCalledTimes(2);
  });
});
