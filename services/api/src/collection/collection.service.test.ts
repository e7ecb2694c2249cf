import type { LikedSong, LikedSongsPage } from '@tunafy/contracts';
import { describe, expect, it } from 'vitest';
import { CatalogModel } from '../catalog/catalog-model.js';
import { fakeCatalog } from '../catalog/testing.js';
import { SongPresenter } from '../songs/song-presenter.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { CollectionService } from './collection.service.js';
import type { LikeRecord } from '../persistence/likes.repository.js';
import { ann, bob, failureCode, newId } from '../test/unit.js';

function setup() {
  // The likes in the database, as the fake repository keeps them; reads go to the model.
  const likes: LikeRecord[] = [];
  /** How each unlike reached the database: by id (`deleteById`) or by user and song (`unlike`). */
  const deletes: string[] = [];
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const likesRepo = {
    async likeOnce(userId: string, songId: string) {
      const existing = likes.find((like) => like.userId === userId && like.songId === songId);
      if (existing) return { like: existing, created: false };
      const like = { id: newId(), userId, songId, likedAt: new Date((clock += 1000)) };
      likes.push(like);
      return { like, created: true };
    },
    async deleteById(id: string) {
      deletes.push('deleteById');
      const index = likes.findIndex((like) => like.id === id);
      if (index >= 0) likes.splice(index, 1);
      return index >= 0;
    },
    async unlike(userId: string, songId: string) {
      deletes.push('unlike');
      const index = likes.findIndex((like) => like.userId === userId && like.songId === songId);
      if (index >= 0) likes.splice(index, 1);
      return index >= 0;
    },
  };
  const model = new CatalogModel();
  model.putUser(bob.id, 'bob');
  const catalog = fakeCatalog(model);
  const service = new CollectionService(likesRepo as never, catalog, new SongPresenter(catalog));
  function addSong(): SongRecord {
    const record: SongRecord = { id: newId(), name: 'Tune', artistId: bob.id, albumId: null, coverFileId: newId(), audioFileId: newId(), duration: 12, plays: 0, createdAt: Date.parse('2026-01-01T00:00:00Z') };
    model.putSong(record);
    return record;
  }
  return { service, likes, deletes, likesRepo, addSong, model, catalog };
}

describe('whose collection', () => {
  it('only lets users touch their own collection', async () => {
    const t = setup();
    const song = t.addSong();
    await t.service.like(ann.id, ann, { song_id: song.id });
    for (const call of [
      () => t.service.tracks(ann.id, bob, {}),
      () => t.service.like(ann.id, bob, { song_id: song.id }),
      () => t.service.unlike(ann.id, bob, { song_id: song.id }),
      () => t.service.liked(ann.id, song.id, bob),
    ]) {
      expect(await failureCode(call())).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
    expect(t.likes).toHaveLength(1);
  });

  it('answers 400 for a malformed user id', async () => {
    const t = setup();
    expect(await failureCode(t.service.tracks('me', ann, {}))).toEqual({ status: 400, code: 'INVALID_ID' });
  });

  it('accepts the user id in any letter case', async () => {
    const t = setup();
    expect(await t.service.tracks(ann.id.toUpperCase(), ann, {})).toEqual([]);
  });
});

describe('liking', () => {
  it('likes once; the second like answers the same record and says it was not new', async () => {
    const t = setup();
    const song = t.addSong();
    const first = await t.service.like(ann.id, ann, { song_id: song.id });
    const second = await t.service.like(ann.id, ann, { song_id: song.id });
    expect(first).toEqual({ like: { id: expect.any(String), song_id: song.id }, created: true });
    expect(second).toEqual({ like: first.like, created: false });
    expect(t.likes).toHaveLength(1);
    // The second like is answered from the read model: nothing written, nothing logged.
    expect(t.catalog.recorded).toEqual([{ kind: 'like', userId: ann.id, songId: song.id }]);
    expect(t.model.like(ann.id, song.id)).toMatchObject({ id: first.like.id, song: { id: song.id } });
  });

  it('refuses unknown songs and operator objects', async () => {
    const t = setup();
    expect(await failureCode(t.service.like(ann.id, ann, { song_id: newId() }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await failureCode(t.service.like(ann.id, ann, { song_id: { $ne: null } }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await failureCode(t.service.like(ann.id, ann, undefined))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(t.likes).toHaveLength(0);
    expect(t.catalog.recorded).toEqual([]);
  });

  it('clears a like of a song deleted since', async () => {
    const t = setup();
    const song = t.addSong();
    await t.service.like(ann.id, ann, { song_id: song.id });
    t.model.deleteSong(song.id);
    expect(await t.service.unlike(ann.id, ann, { song_id: song.id })).toEqual({ song_id: song.id, liked: false });
    expect(t.likes).toHaveLength(0);
    // The read model dropped the like with its song, so only user and song can name it.
    expect(t.deletes).toEqual(['unlike']);
  });

  it('answers 404, not 500, when a song delete took the like between its insert and the read back', async () => {
    const t = setup();
    const song = t.addSong();
    // What the repository reports when the unique index refused the insert and the row was gone a moment later.
    t.likesRepo.likeOnce = async () => null as never;
    expect(await failureCode(t.service.like(ann.id, ann, { song_id: song.id }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(t.model.like(ann.id, song.id)).toBeNull();
  });

  it('unlikes idempotently', async () => {
    const t = setup();
    const song = t.addSong();
    await t.service.like(ann.id, ann, { song_id: song.id });
    expect(await t.service.unlike(ann.id, ann, { song_id: song.id })).toEqual({ song_id: song.id, liked: false });
    expect(await t.service.unlike(ann.id, ann, { song_id: song.id })).toEqual({ song_id: song.id, liked: false });
    expect(t.likes).toHaveLength(0);
    expect(t.model.like(ann.id, song.id)).toBeNull();
    expect(t.catalog.recorded.map((change) => change.kind)).toEqual(['like', 'like', 'like']);
    // The first by the like's id; the repeat, unknown to the read model, by user and song (another replica's like?).
    expect(t.deletes).toEqual(['deleteById', 'unlike']);
  });

  it('unlikes by user and song when the like the read model knows was replaced in the database', async () => {
    const t = setup();
    const song = t.addSong();
    await t.service.like(ann.id, ann, { song_id: song.id });
    // Unliked and liked again through another replica: the row has a new id this copy has not seen.
    t.likes[0]!.id = newId();
    await t.service.unlike(ann.id, ann, { song_id: song.id });
    expect(t.deletes).toEqual(['deleteById', 'unlike']);
    expect(t.likes).toHaveLength(0);
  });

  it('answers the like record, or 404 when not liked', async () => {
    const t = setup();
    const song = t.addSong();
    const { like } = await t.service.like(ann.id, ann, { song_id: song.id });
    expect(await t.service.liked(ann.id, song.id, ann)).toEqual(like);
    expect(await t.service.liked(ann.id, song.id.toUpperCase(), ann)).toEqual(like);
    expect(await failureCode(t.service.liked(ann.id, t.addSong().id, ann))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await failureCode(t.service.liked(ann.id, 'x', ann))).toEqual({ status: 400, code: 'INVALID_ID' });
  });
});

describe('tracks', () => {
  it('lists newest first with the song embedded, skipping songs that are gone', async () => {
    const t = setup();
    const [older, gone, newer] = [t.addSong(), t.addSong(), t.addSong()];
    for (const song of [older, gone, newer]) await t.service.like(ann.id, ann, { song_id: song.id });
    t.model.deleteSong(gone.id);
    const tracks = (await t.service.tracks(ann.id, ann, {})) as LikedSong[];
    expect(tracks.map((track) => track.song_id)).toEqual([newer.id, older.id]);
    const page = (await t.service.tracks(ann.id, ann, { limit: 1 })) as LikedSongsPage;
    expect(page).toEqual({ tracks: [tracks[0]], next_cursor: expect.any(String), total: 2 });
    expect(((await t.service.tracks(ann.id, ann, { limit: 1, cursor: page.next_cursor! })) as LikedSongsPage).tracks).toEqual([tracks[1]]);
    expect(tracks[0]).toEqual({
      id: expect.any(String),
      song_id: newer.id,
      liked_at: expect.stringMatching(/^2026-01-01T00:00:0\dZ$|^2026-01-01T00:00:0\d\.000Z$/),
      song: expect.objectContaining({ id: newer.id, artist_username: 'bob', song_cover_url: `/api/files/${newer.coverFileId}` }),
    });
  });
});
