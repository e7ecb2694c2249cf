import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/app-config.js';
import { CatalogModel } from '../catalog/catalog-model.js';
import { fakeCatalog } from '../catalog/testing.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { ann, bob, failure, newId } from '../test/unit.js';
import type { ShareRecord, SharesRepository } from './shares.repository.js';
import { SharesService } from './shares.service.js';

const HOUR = 60 * 60 * 1000;

function setup() {
  const shares: ShareRecord[] = [];
  const repository = {
    async create(input: Omit<ShareRecord, 'opens'>) {
      const record = { ...input, opens: 0 };
      shares.push(record);
      return record;
    },
    async findById(id: string) {
      return shares.find((share) => share.id === id) ?? null;
    },
    async listItems() {
      return shares.map(({ id, userId, kind, itemId, createdAt }) => ({ id, userId, kind, itemId, createdAt }));
    },
    async countByUser(userId: string) {
      return shares.filter((share) => share.userId === userId).length;
    },
    async deleteByIds(ids: readonly string[]) {
      for (const id of ids) shares.splice(shares.findIndex((share) => share.id === id), 1);
    },
    async countOpen() {},
  } as unknown as SharesRepository;
  let rev = 0;
  const connection = { db: { collection: () => ({ findOne: async () => ({ rev }), findOneAndUpdate: async () => ({ rev: ++rev }) }) } };
  const config = { shareRateLimit: 30, sessionRecheckMs: 0, janitorIntervalMs: 0, janitorGraceMs: HOUR } as AppConfig;
  const model = new CatalogModel();
  model.putUser(ann.id, 'ann');
  model.putUser(bob.id, 'bob');
  const service = new SharesService(repository, fakeCatalog(model), config, connection as never);
  const song = (artistId = ann.id): SongRecord => {
    const record: SongRecord = { id: newId(), name: 'Tune', artistId, albumId: null, coverFileId: newId(), audioFileId: newId(), duration: 30, plays: 0, createdAt: Date.now() };
    model.putSong(record);
    return record;
  };
  const playlist = (isPrivate: boolean) => {
    const record = { id: newId(), name: 'Mix', description: null, isPrivate, creatorId: ann.id, coverFileId: null, createdAt: new Date() };
    model.putPlaylist(record);
    return record;
  };
  return { service, shares, model, song, playlist };
}

describe('making shares', () => {
  it('shares the owner’s own items only, and never a private playlist', async () => {
    const t = setup();
    const mine = t.song();
    const theirs = t.song(bob.id);
    const made = await t.service.create(ann, { kind: 'song', id: mine.id }, 'https://m.example');
    expect(made.url).toBe(`https://m.example/s/${made.token}`);
    expect(t.shares[0]!.tokenHash).not.toContain(made.token);
    expect(await failure(t.service.create(ann, { kind: 'song', id: theirs.id }, ''))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await failure(t.service.create(ann, { kind: 'playlist', id: t.playlist(true).id }, ''))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await failure(t.service.create(ann, { kind: 'album', id: newId() }, ''))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await t.service.create(ann, { kind: 'playlist', id: t.playlist(false).id }, '')).kind).toBe('playlist');
  });
});

describe('the sweep of shares whose item is gone', () => {
  it('drops old shares of deleted items, keeps young ones and those of a playlist made private', async () => {
    const t = setup();
    const gone = t.song();
    const kept = t.song();
    const hidden = t.playlist(false);
    for (const [kind, id] of [['song', gone.id], ['song', kept.id], ['playlist', hidden.id]] as const) await t.service.create(ann, { kind, id }, '');
    t.model.deleteSong(gone.id);
    t.model.putPlaylist({ ...hidden, isPrivate: true });
    // Younger than the grace period: another replica's copy may simply not hold the item yet.
    expect(await t.service.sweep()).toBe(0);
    expect(await t.service.sweep(Date.now() + 2 * HOUR)).toBe(1);
    expect(t.shares.map((share) => share.itemId).sort()).toEqual([kept.id, hidden.id].sort());
  });
});
