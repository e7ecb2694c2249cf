import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerState as SavedPlayerState } from '@tunafy/contracts';
import { catalogItem, catalogSong, fakeApi, hexId } from '../test/fakes';
import type { RestoredPlayer } from './persistence';
import { saveLocalQueue } from './persistence';
import { resume } from './resume';

const USER = 'u1';
const SERVER: SavedPlayerState = { queue: [catalogSong(4), catalogSong(5)], index: 1, position: 33, volume: 0.6, shuffle: false, repeat: 'all', updated_at: '2026-01-01T00:00:00Z' };

/** A server answer the test releases when it wants (or never). */
function slowApi() {
  let answer!: (saved: SavedPlayerState | null) => void;
  let fail!: (error: Error) => void;
  const api = fakeApi();
  api.loadPlayerState.mockReturnValue(new Promise((resolve, reject) => ((answer = resolve), (fail = reject))));
  return { api, answer: (saved: SavedPlayerState | null) => answer(saved), fail: (error: Error) => fail(error) };
}

function run(api: ReturnType<typeof fakeApi>, guards: { acted?: () => boolean; attached?: () => boolean } = {}) {
  const done = vi.fn<(restored: RestoredPlayer | null) => void>();
  resume({ userId: USER, storage: localStorage, api }, { userActed: guards.acted ?? (() => false), stillAttached: guards.attached ?? (() => true) }, done);
  return done;
}

beforeEach(() => localStorage.clear());

describe('resume', () => {
  it("restores this browser's copy at once, without asking the server", () => {
    saveLocalQueue(localStorage, USER, { queue: { songs: [catalogItem(1), catalogItem(2)], index: 1, source: 's', shuffle: false, repeat: 'off', unshuffledOrder: null }, volume: 0.4, muted: false });
    const api = fakeApi(SERVER);
    const done = run(api);
    expect(done).toHaveBeenCalledOnce();
    expect(done.mock.calls[0][0]).toMatchObject({ volume: 0.4, queue: { index: 1 } });
    expect(api.loadPlayerState).not.toHaveBeenCalled();
  });

  it("continues from the user's other browser when this one has nothing", async () => {
    const api = fakeApi(SERVER);
    const done = run(api);
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce());
    const restored = done.mock.calls[0][0]!;
    expect(restored.queue.songs.map((song) => song.id)).toEqual([hexId(4), hexId(5)]);
    expect(restored).toMatchObject({ position: 33, volume: 0.6, queue: { index: 1, repeat: 'all' } });
  });

  it('restores nothing when the person acted before it started (a row chosen while the player mounted)', () => {
    saveLocalQueue(localStorage, USER, { queue: { songs: [catalogItem(1)], index: 0, source: 's', shuffle: false, repeat: 'off', unshuffledOrder: null }, volume: 0.4, muted: false });
    const api = fakeApi(SERVER);
    const done = run(api, { acted: () => true });
    expect(done).toHaveBeenCalledExactlyOnceWith(null);
    expect(api.loadPlayerState).not.toHaveBeenCalled();
  });

  it('never lets a server answer that lands after a user action undo it', async () => {
    const { api, answer } = slowApi();
    let acted = false;
    const done = run(api, { acted: () => acted });
    acted = true;
    answer(SERVER);
    await vi.waitFor(() => expect(done).toHaveBeenCalledExactlyOnceWith(null));
  });

  it('says "nothing to restore" when the server has nothing or fails', async () => {
    const done = run(fakeApi(null));
    await vi.waitFor(() => expect(done).toHaveBeenCalledExactlyOnceWith(null));

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api, fail } = slowApi();
    const failed = run(api);
    fail(new Error('offline'));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledExactlyOnceWith(null));
    expect(warn).toHaveBeenCalled();
  });

  it('drops an answer (or a failure) for a player that went away meanwhile', async () => {
    const answered = slowApi();
    const failing = slowApi();
    const done = run(answered.api, { attached: () => false });
    const failed = run(failing.api, { attached: () => false });
    answered.answer(SERVER);
    failing.fail(new Error('offline'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).not.toHaveBeenCalled();
    expect(failed).not.toHaveBeenCalled();
  });
});
