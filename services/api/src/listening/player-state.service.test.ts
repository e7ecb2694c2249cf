import { describe, expect, it } from 'vitest';
import { CatalogModel } from '../catalog/catalog-model.js';
import { fakeCatalog } from '../catalog/testing.js';
import { SongPresenter } from '../songs/song-presenter.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { resumeQueue } from './player-queue.js';
import { PlayerStateService } from './player-state.service.js';
import type { PlayerSettings, PlayerStateRecord, PlayerStateSave } from '../persistence/player-states.repository.js';
import { ann, bob, failure, newId } from '../test/unit.js';

const NOW = new Date('2026-01-01T00:00:00Z');

function setup() {
  const model = new CatalogModel();
  model.putUser(bob.id, 'bob');
  const catalog = fakeCatalog(model);
  const states = new Map<string, PlayerStateRecord>();
  const statesRepo = {
    async find(userId: string) {
      return states.get(userId) ?? null;
    },
    async save(userId: string, state: PlayerStateSave, defaults: PlayerSettings) {
      const previous = states.get(userId);
      const record: PlayerStateRecord = {
        userId,
        queue: state.queue,
        index: state.index,
        position: state.position,
        volume: state.volume ?? previous?.volume ?? defaults.volume,
        shuffle: state.shuffle ?? previous?.shuffle ?? defaults.shuffle,
        repeat: state.repeat ?? previous?.repeat ?? defaults.repeat,
        updatedAt: state.updatedAt,
      };
      states.set(userId, record);
      return record;
    },
  };
  const presenter = new SongPresenter(catalog);
  const service = new PlayerStateService(statesRepo as never, catalog, presenter, { now: () => NOW } as never);
  function addSong(): SongRecord {
    const record: SongRecord = { id: newId(), name: 'Tune', artistId: bob.id, albumId: null, coverFileId: newId(), audioFileId: newId(), duration: 12, plays: 0, createdAt: NOW.getTime() };
    model.putSong(record);
    return record;
  }
  /** Deleted by its artist since the queue was saved. */
  const deleteSong = (id: string) => model.deleteSong(id);
  return { service, states, addSong, deleteSong };
}

describe('resumeQueue', () => {
  const queue = ['a', 'b', 'c', 'd', 'e'];
  const without = (...gone: string[]) => (id: string) => !gone.includes(id);

  it('keeps pointing at the same song when songs before it are gone', () => {
    expect(resumeQueue(queue, without('a', 'b'), 3)).toEqual({ queue: ['c', 'd', 'e'], index: 1, currentKept: true });
    expect(resumeQueue(queue, without('e'), 3)).toEqual({ queue: ['a', 'b', 'c', 'd'], index: 3, currentKept: true });
  });

  it('moves to the song that followed a deleted current song, or clamps to the last', () => {
    expect(resumeQueue(queue, without('b', 'c'), 2)).toEqual({ queue: ['a', 'd', 'e'], index: 1, currentKept: false });
    expect(resumeQueue(queue, without('d', 'e'), 3)).toEqual({ queue: ['a', 'b', 'c'], index: 2, currentKept: false });
  });

  it('answers index 0 for an empty queue', () => {
    expect(resumeQueue(queue, () => false, 2)).toEqual({ queue: [], index: 0, currentKept: false });
    expect(resumeQueue([], () => true, 0)).toEqual({ queue: [], index: 0, currentKept: false });
  });

  it('tells repeated songs apart by their place', () => {
    expect(resumeQueue(['a', 'x', 'a', 'b'], without('x'), 2)).toEqual({ queue: ['a', 'a', 'b'], index: 1, currentKept: true });
  });
});

describe('saving the player', () => {
  it('stores the state with default settings and answers it, queue as ids', async () => {
    const t = setup();
    const [one, two] = [t.addSong(), t.addSong()];
    const saved = await t.service.save(ann, { queue: [one.id, two.id.toUpperCase()], index: 1, position: 12.5 });
    expect(saved).toEqual({ queue: [one.id, two.id], index: 1, position: 12.5, volume: 1, shuffle: false, repeat: 'off', updated_at: NOW.toISOString() });
  });

  it('keeps saved settings a later save leaves out', async () => {
    const t = setup();
    const song = t.addSong();
    await t.service.save(ann, { queue: [song.id], index: 0, position: 0, volume: 0.4, shuffle: true, repeat: 'one' });
    const saved = await t.service.save(ann, { queue: [song.id], index: 0, position: 30 });
    expect(saved).toEqual(expect.objectContaining({ position: 30, volume: 0.4, shuffle: true, repeat: 'one' }));
  });

  it('accepts unknown song ids but refuses malformed ones and out-of-range numbers', async () => {
    const t = setup();
    expect((await t.service.save(ann, { queue: [newId()], index: 0, position: 0 })).queue).toHaveLength(1);
    const cases: [unknown, string][] = [
      [{ queue: ['nope'], index: 0, position: 0 }, 'queue.0'],
      [{ queue: [{ $ne: null }], index: 0, position: 0 }, 'queue.0'],
      [{ queue: { $ne: null }, index: 0, position: 0 }, 'queue'],
      [{ queue: Array.from({ length: 501 }, newId), index: 0, position: 0 }, 'queue'],
      [{ queue: [newId()], index: 1, position: 0 }, 'index'],
      [{ queue: [newId()], index: -1, position: 0 }, 'index'],
      [{ queue: [newId()], index: 0.5, position: 0 }, 'index'],
      [{ queue: [newId()], index: 0, position: -1 }, 'position'],
      [{ queue: [newId()], index: 0, position: '3' }, 'position'],
      [{ queue: [newId()], index: 0, position: 0, volume: 1.5 }, 'volume'],
      [{ queue: [newId()], index: 0, position: 0, shuffle: 'yes' }, 'shuffle'],
      [{ queue: [newId()], index: 0, position: 0, repeat: 'twice' }, 'repeat'],
    ];
    for (const [body, field] of cases) {
      const result = await failure(t.service.save(ann, body));
      expect(result).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(Object.keys(result.errors ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
  });
});

describe('loading the player', () => {
  it('answers nothing before anything was saved, and only ever the session user’s own state', async () => {
    const t = setup();
    const song = t.addSong();
    expect(await t.service.load(ann)).toBeNull();
    await t.service.save(ann, { queue: [song.id], index: 0, position: 3 });
    expect(await t.service.load(bob)).toBeNull();
    expect((await t.service.load(ann))!.queue.map((entry) => entry.id)).toEqual([song.id]);
  });

  it('answers the queue as songs, dropping gone ones and keeping the index on the same song', async () => {
    const t = setup();
    const [gone, kept, current, unknown] = [t.addSong(), t.addSong(), t.addSong(), newId()];
    await t.service.save(ann, { queue: [gone.id, unknown, kept.id, current.id], index: 3, position: 42, volume: 0.5 });
    t.deleteSong(gone.id);
    const state = (await t.service.load(ann))!;
    expect(state.queue.map((song) => song.id)).toEqual([kept.id, current.id]);
    expect(state.queue[0]).toEqual(expect.objectContaining({ artist_username: 'bob', song_cover_url: `/api/files/${kept.coverFileId}` }));
    expect(state).toEqual(expect.objectContaining({ index: 1, position: 42, volume: 0.5, shuffle: false, repeat: 'off', updated_at: NOW.toISOString() }));
  });

  it('restarts at the next song when the current one is gone', async () => {
    const t = setup();
    const [before, current, after] = [t.addSong(), t.addSong(), t.addSong()];
    await t.service.save(ann, { queue: [before.id, current.id, after.id], index: 1, position: 42 });
    t.deleteSong(current.id);
    const state = (await t.service.load(ann))!;
    expect(state.queue.map((song) => song.id)).toEqual([before.id, after.id]);
    expect(state).toEqual(expect.objectContaining({ index: 1, position: 0 }));
  });
});
