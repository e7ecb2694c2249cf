import { describe, expect, it } from 'vitest';
import { CatalogModel } from '../catalog/catalog-model.js';
import { fakeCatalog } from '../catalog/testing.js';
import { SongPresenter } from '../songs/song-presenter.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { PLAY_DEDUPE_MS, PlaysService, recentPlace, TRIM_EVERY } from './plays.service.js';
import { ann, bob, failureCode, newId } from '../test/unit.js';

interface Play {
  userId: string;
  songId: string;
  playedAt: Date;
}

function setup() {
  const model = new CatalogModel();
  model.putUser(bob.id, 'bob');
  const catalog = fakeCatalog(model);
  // Play counts live in the database only (no read shows them), so the fake repository keeps the songs it counts.
  const songs = new Map<string, SongRecord>();
  const plays: Play[] = [];
  const marks = new Map<string, Date>();
  const trims: string[] = [];
  let now = Date.parse('2026-01-01T00:00:00Z');
  const playsRepo = {
    async claimCount(userId: string, songId: string, at: Date, notAfter: Date) {
      const last = marks.get(`${userId}:${songId}`);
      if (last && last > notAfter) return false;
      marks.set(`${userId}:${songId}`, at);
      return true;
    },
    async record(userId: string, songId: string, playedAt: Date) {
      plays.push({ userId, songId, playedAt });
    },
    async recentSongIds(userId: string, limit: number) {
      return plays
        .filter((play) => play.userId === userId)
        .reverse()
        .slice(0, limit)
        .map((play) => play.songId);
    },
    async trimHistory(userId: string) {
      trims.push(userId);
      return 0;
    },
    async deleteExpiredMarks() {
      return 0;
    },
  };
  const songsRepo = {
    async incrementPlays(id: string) {
      songs.get(id)!.plays += 1;
    },
  };
  // The history's tallies are the API test's subject (history.api.test.ts); here a history that is never paused.
  const tallies: { userId: string; periods: readonly string[]; items: readonly { kind: string; id: string }[] }[] = [];
  const historyRepo = {
    async isPaused() {
      return false;
    },
    async record(userId: string, _songId: string, _at: Date, periods: readonly string[], items: readonly { kind: string; id: string }[]) {
      tallies.push({ userId, periods, items });
    },
    async recordRecent() {},
  };
  const presenter = new SongPresenter(catalog);
  const clock = { now: () => new Date(now) };
  const service = new PlaysService(playsRepo as never, historyRepo as never, songsRepo as never, catalog, presenter, clock as never);
  function addSong(): SongRecord {
    const record: SongRecord = { id: newId(), name: 'Tune', artistId: bob.id, albumId: null, coverFileId: newId(), audioFileId: newId(), duration: 12, plays: 0, createdAt: Date.parse('2026-01-01T00:00:00Z') };
    songs.set(record.id, record);
    model.putSong(record);
    return record;
  }
  /** Deleted by its artist: gone from the read model (the play history keeps its id). */
  const deleteSong = (id: string) => model.deleteSong(id);
  const advance = (ms: number) => (now += ms);
  return { service, plays, trims, tallies, addSong, deleteSong, advance, catalog };
}

describe('counting plays', () => {
  it('counts a play: records the event and increments the song', async () => {
    const t = setup();
    const song = t.addSong();
    expect(await t.service.play(ann, { song_id: song.id })).toEqual({ counted: true });
    expect(t.plays).toEqual([{ userId: ann.id, songId: song.id, playedAt: new Date('2026-01-01T00:00:00Z') }]);
    expect(song.plays).toBe(1);
    // It counts for the top lists of all time, its year and its month (UTC): a form-made song has no artist or album.
    expect(t.tallies).toEqual([{ userId: ann.id, periods: ['all', 'y2026', 'm2026-01'], items: [{ kind: 'song', id: song.id }] }]);
    // No read shows play counts, so nothing is logged for the other replicas.
    expect(t.catalog.recorded).toEqual([]);
  });

  it('counts one user and song at most once per 30 seconds', async () => {
    const t = setup();
    const song = t.addSong();
    const other = t.addSong();
    expect(await t.service.play(ann, { song_id: song.id })).toEqual({ counted: true });
    t.advance(PLAY_DEDUPE_MS - 1);
    expect(await t.service.play(ann, { song_id: song.id })).toEqual({ counted: false });
    // The window is per user and per song.
    expect(await t.service.play(bob, { song_id: song.id })).toEqual({ counted: true });
    expect(await t.service.play(ann, { song_id: other.id })).toEqual({ counted: true });
    t.advance(1);
    expect(await t.service.play(ann, { song_id: song.id })).toEqual({ counted: true });
    expect(song.plays).toBe(3);
    expect(t.plays).toHaveLength(4);
  });

  it('accepts the song id in any letter case as the same song', async () => {
    const t = setup();
    const song = t.addSong();
    await t.service.play(ann, { song_id: song.id });
    expect(await t.service.play(ann, { song_id: song.id.toUpperCase() })).toEqual({ counted: false });
  });

  it('refuses unknown songs, malformed ids and operator objects, counting nothing', async () => {
    const t = setup();
    expect(await failureCode(t.service.play(ann, { song_id: newId() }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await failureCode(t.service.play(ann, { song_id: 'abc' }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await failureCode(t.service.play(ann, { song_id: { $ne: null } }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await failureCode(t.service.play(ann, undefined))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    const gone = t.addSong();
    t.deleteSong(gone.id);
    expect(await failureCode(t.service.play(ann, { song_id: gone.id }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(t.plays).toHaveLength(0);
    expect(gone.plays).toBe(0);
  });

  it('trims the history of the user behind every TRIM_EVERY-th counted play', async () => {
    const t = setup();
    const song = t.addSong();
    for (let i = 0; i < TRIM_EVERY * 2; i++) {
      await t.service.play(i === TRIM_EVERY - 1 ? bob : ann, { song_id: song.id });
      await t.service.settled();
      t.advance(PLAY_DEDUPE_MS);
    }
    expect(t.trims).toEqual([bob.id, ann.id]);
  });
});

describe('recently played', () => {
  it('lists distinct songs, most recent play first, skipping songs that are gone', async () => {
    const t = setup();
    const [first, second, gone, third] = [t.addSong(), t.addSong(), t.addSong(), t.addSong()];
    for (const song of [first, second, gone, first, third]) {
      await t.service.play(ann, { song_id: song.id });
      t.advance(PLAY_DEDUPE_MS);
    }
    await t.service.play(bob, { song_id: second.id });
    t.deleteSong(gone.id);
    const { songs } = await t.service.recentlyPlayed(ann, {});
    expect(songs.map((song) => song.id)).toEqual([third.id, first.id, second.id]);
    expect(songs[0]).toEqual(expect.objectContaining({ id: third.id, artist_username: 'bob' }));
    expect((await t.service.recentlyPlayed(bob, {})).songs.map((song) => song.id)).toEqual([second.id]);
  });

  it('answers at most `limit` songs (default 20), reading past deleted ones', async () => {
    const t = setup();
    const songs = Array.from({ length: 30 }, () => t.addSong());
    for (const song of songs) await t.service.play(ann, { song_id: song.id });
    const newestFirst = songs.map((song) => song.id).reverse();
    expect((await t.service.recentlyPlayed(ann, {})).songs.map((song) => song.id)).toEqual(newestFirst.slice(0, 20));
    for (const id of newestFirst.slice(0, 3)) t.deleteSong(id);
    expect((await t.service.recentlyPlayed(ann, { limit: '3' })).songs.map((song) => song.id)).toEqual(newestFirst.slice(3, 6));
  });

  it('refuses a limit outside 1..50', async () => {
    const t = setup();
    for (const limit of ['0', '51', 'x', '2.5']) {
      expect(await failureCode(t.service.recentlyPlayed(ann, { limit }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('recentPlace', () => {
  const song = 'abcdefabcdefabcdefabcdef';
  it('keeps an album, playlist or artist id, Liked Songs and a genre, and names the song for anything else', () => {
    expect(recentPlace('album:ABCDEFABCDEFABCDEF012345', song)).toBe('album:abcdefabcdefabcdef012345');
    expect(recentPlace(`playlist:${song}`, song)).toBe(`playlist:${song}`);
    expect(recentPlace(`artist:${song}`, song)).toBe(`artist:${song}`);
    expect(recentPlace('liked', song)).toBe('liked');
    expect(recentPlace('genre:Hip-Hop/Rap', song)).toBe('genre:Hip-Hop/Rap');
    for (const context of [undefined, 'songs', 'genre:', 'album:nope', `history:2026-11-28`, `song:${song}`]) expect(recentPlace(context, song)).toBe(`song:${song}`);
  });
});
