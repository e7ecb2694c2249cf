import { describe, expect, it } from 'vitest';
import { CatalogModel } from '../catalog/catalog-model.js';
import type { MoveTarget } from '../catalog/playlist-store.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { appendKey, planMove } from './playlist-order.js';
import { ENTRY_CHANGES_MAX, orderChanges } from './playlists.service.js';

/** Ids as the database makes them: 24 hex digits that grow with time. */
let counter = 0x5000;
const newId = () => (++counter).toString(16).padStart(24, '0');
const ANN = newId();
const DAY = new Date('2026-01-01T00:00:00Z');

function song(): SongRecord {
  return { id: newId(), name: 'Tune', artistId: ANN, albumId: null, coverFileId: newId(), audioFileId: newId(), duration: 10, plays: 0, createdAt: DAY.getTime() };
}

/** A playlist in a model, with the service's add and move rules applied to the model alone. */
function playlistWith(songCount: number, { legacy = false } = {}) {
  const model = new CatalogModel();
  model.putUser(ANN, 'ann');
  const playlistId = newId();
  model.putPlaylist({ id: playlistId, name: 'Mix', description: null, isPrivate: false, creatorId: ANN, coverFileId: null, createdAt: DAY });
  const entryIds = new Map<string, string>();
  const add = (record = song(), withoutKey = false) => {
    model.putSong(record);
    // Entries written before order keys existed have none.
    const position = withoutKey ? '' : appendKey(model.playlistLastOrderKey(playlistId));
    const id = newId();
    entryIds.set(record.id, id);
    model.putEntry({ id, playlistId, songId: record.id, addedAt: DAY, position });
    return record.id;
  };
  const songs = Array.from({ length: songCount }, () => add(song(), legacy));
  const order = () => model.playlistEntries(playlistId, {})!.items.map((ref) => ref.song.id);
  const move = (songId: string, target: MoveTarget) => {
    const context = model.playlistMoveContext(playlistId, songId, target);
    if (context.kind !== 'move') return context.kind;
    const moves = planMove(context);
    model.moveEntries(playlistId, moves);
    return moves;
  };
  const remove = (songId: string) => model.deleteEntry(playlistId, songId);
  return { model, playlistId, songs, add, order, move, remove, entryIds };
}

describe('playlist order', () => {
  it('appends in the order songs are added, and moves one entry after, before, to the top and to the end', () => {
    const { songs, order, move } = playlistWith(5);
    const [a, b, c, d, e] = songs as [string, string, string, string, string];
    expect(order()).toEqual([a, b, c, d, e]);

    expect(move(e, { afterSongId: a })).toHaveLength(1);
    expect(order()).toEqual([a, e, b, c, d]);
    move(a, { beforeSongId: d });
    expect(order()).toEqual([e, b, c, a, d]);
    move(d, { afterSongId: null });
    expect(order()).toEqual([d, e, b, c, a]);
    move(d, { beforeSongId: null });
    expect(order()).toEqual([e, b, c, a, d]);
  });

  it('changes nothing when the song is already there (a retried move), and tells a missing song from a missing neighbour', () => {
    const { songs, order, move, remove } = playlistWith(3);
    const [a, b, c] = songs as [string, string, string];
    expect(move(b, { afterSongId: a })).toBe('in-place');
    expect(move(b, { beforeSongId: c })).toBe('in-place');
    expect(move(a, { afterSongId: null })).toBe('in-place');
    expect(move(c, { beforeSongId: null })).toBe('in-place');
    move(a, { afterSongId: c });
    expect(move(a, { afterSongId: c })).toBe('in-place');
    expect(order()).toEqual([b, c, a]);

    remove(c);
    expect(move(a, { afterSongId: c })).toBe('no-anchor');
    expect(move(c, { afterSongId: a })).toBe('no-entry');
    expect(move(newId(), { beforeSongId: null })).toBe('no-entry');
    expect(order()).toEqual([b, a]);
  });

  it('appends after the last entry, wherever moves put it', () => {
    const { songs, add, order, move } = playlistWith(3);
    const [a, b, c] = songs as [string, string, string];
    move(a, { beforeSongId: null });
    move(c, { afterSongId: null });
    const added = add();
    expect(order()).toEqual([c, b, a, added]);
  });

  it('a removed song added again goes last, under its new entry', () => {
    const { model, playlistId, songs, order, move, remove } = playlistWith(4);
    const [a, b, c, d] = songs as [string, string, string, string];
    move(d, { afterSongId: null });
    remove(b);
    expect(order()).toEqual([d, a, c]);
    const entryId = newId();
    model.putEntry({ id: entryId, playlistId, songId: b, addedAt: DAY, position: appendKey(model.playlistLastOrderKey(playlistId)) });
    expect(order()).toEqual([d, a, c, b]);
    expect(model.playlistEntry(playlistId, b)!.id).toBe(entryId);
    expect(model.playlistTotals(playlistId).songCount).toBe(4);
  });

  it('a replica that missed the removal takes the song’s new entry from its re-read in place of the old one', () => {
    const { model, playlistId, songs, order, entryIds } = playlistWith(3);
    const [a, b, c] = songs as [string, string, string];
    const entryId = newId();
    model.putEntry({ id: entryId, playlistId, songId: a, addedAt: DAY, position: appendKey(model.playlistLastOrderKey(playlistId)) });
    expect(entryIds.get(a)).not.toBe(entryId);
    expect(order()).toEqual([b, c, a]);
    expect(model.playlistEntry(playlistId, a)!.id).toBe(entryId);
    expect(model.playlistTotals(playlistId).songCount).toBe(3);
  });

  it('a re-read entry with a new key moves; the same one again changes nothing; a move of an entry removed meanwhile adds nothing', () => {
    const { model, playlistId, songs, order, move, remove } = playlistWith(3);
    const [a, b, c] = songs as [string, string, string];
    const moves = move(c, { afterSongId: null });
    if (typeof moves === 'string') throw new Error(moves);
    // Another replica applying the same move from the feed: putEntry with the entry as the database now has it.
    const entry = model.playlistEntry(playlistId, c)!;
    model.putEntry({ id: entry.id, playlistId, songId: c, addedAt: entry.at, position: entry.orderKey });
    expect(order()).toEqual([c, a, b]);
    remove(a);
    model.moveEntries(playlistId, [{ entryId: model.playlistEntries(playlistId, {})!.items[0]!.id, songId: a, orderKey: 'a5' }]);
    expect(order()).toEqual([c, b]);
    expect(model.playlistTotals(playlistId).songCount).toBe(2);
  });

  it('entries without a key keep id order, before added ones, and a move among them writes only the moved entry', () => {
    const { model, playlistId, songs, order, move, add } = playlistWith(6, { legacy: true });
    const [a, b, c, d, e, f] = songs as [string, string, string, string, string, string];
    expect(order()).toEqual(songs);
    // An add goes after them all, with a key.
    const g = add();
    expect(model.playlistEntry(playlistId, g)!.orderKey).toBe('a0');
    expect(order()).toEqual([...songs, g]);

    // Into the middle, to the top, and the added one among them: one entry each time; the others keep no key.
    for (const [songId, target] of [
      [f, { afterSongId: b }],
      [g, { afterSongId: null }],
      [a, { beforeSongId: null }],
      [d, { afterSongId: f }],
    ] as const) {
      const moves = move(songId, target);
      if (typeof moves === 'string') throw new Error(moves);
      expect(moves.map((m) => m.songId)).toEqual([songId]);
    }
    expect(order()).toEqual([g, b, f, d, c, e, a]);
    for (const untouched of [b, c, e]) expect(model.playlistEntry(playlistId, untouched)!.orderKey).toBeUndefined();
    // Paging by cursor walks the mixed list once.
    const walked: string[] = [];
    for (let afterId: string | undefined, turn = 0; turn < 10; turn++) {
      const page = model.playlistEntries(playlistId, { limit: 2, afterId })!;
      walked.push(...page.items.map((ref) => ref.song.id));
      if (!page.nextAfterId) break;
      afterId = page.nextAfterId;
    }
    expect(walked).toEqual(order());
  });

  it('two moves that picked the same key (two replicas at once) tie by id, and a move between them gives the tie new keys', () => {
    const { model, playlistId, songs, order, move } = playlistWith(4);
    const [a, b, c, d] = songs as [string, string, string, string];
    // Both replicas put a different song between a and b: same neighbours, same key.
    const first = model.playlistMoveContext(playlistId, c, { afterSongId: a });
    const second = model.playlistMoveContext(playlistId, d, { afterSongId: a });
    if (first.kind !== 'move' || second.kind !== 'move') throw new Error('expected moves');
    const [cMove, dMove] = [planMove(first)[0]!, planMove(second)[0]!];
    expect(cMove.orderKey).toBe(dMove.orderKey);
    model.moveEntries(playlistId, [cMove, dMove]);
    expect(order()).toEqual([a, c, d, b]);

    const moves = move(b, { afterSongId: c });
    if (typeof moves === 'string') throw new Error(moves);
    expect(moves.map((m) => m.songId)).toEqual([b, d]);
    expect(order()).toEqual([a, c, b, d]);
  });

  it('pages by cursor across moves: a page continues after the cursor entry’s place now, and after a removed one’s old place', () => {
    const { model, playlistId, songs, order, move, remove } = playlistWith(10);
    const page = (afterId?: string) => model.playlistEntries(playlistId, { limit: 3, afterId })!;
    const first = page();
    expect(first.items.map((ref) => ref.song.id)).toEqual(songs.slice(0, 3));
    // The cursor's entry moves to the end: the next page starts after it, at the end.
    move(songs[2]!, { beforeSongId: null });
    expect(page(first.nextAfterId!).items).toEqual([]);
    // Moved back between songs[5] and songs[6]: the next page continues from there.
    move(songs[2]!, { afterSongId: songs[5]! });
    expect(page(first.nextAfterId!).items.map((ref) => ref.song.id)).toEqual([songs[6], songs[7], songs[8]]);
    // Removed: the page continues after where it was.
    remove(songs[2]!);
    expect(page(first.nextAfterId!).items.map((ref) => ref.song.id)).toEqual([songs[6], songs[7], songs[8]]);
    // An unknown cursor starts over.
    expect(page(newId()).items.map((ref) => ref.song.id)).toEqual(order().slice(0, 3));
    // Walking by cursors visits every entry once.
    const walked: string[] = [];
    for (let next: string | undefined, turn = 0; turn < 10; turn++) {
      const result = page(next);
      walked.push(...result.items.map((ref) => ref.song.id));
      if (!result.nextAfterId) break;
      next = result.nextAfterId;
    }
    expect(walked).toEqual(order());
  });

  it('in a list with no keys at all, a cursor of a removed entry still finds its place by id', () => {
    const { model, playlistId, songs, remove } = playlistWith(6, { legacy: true });
    const first = model.playlistEntries(playlistId, { limit: 2 })!;
    remove(songs[1]!);
    expect(model.playlistEntries(playlistId, { limit: 2, afterId: first.nextAfterId! })!.items.map((ref) => ref.song.id)).toEqual(songs.slice(2, 4));
  });

  it('finds cursors in a reordered 10,000-entry playlist quickly (a native scan of the ids)', () => {
    const { model, playlistId, songs, move, order } = playlistWith(10_000);
    let random = 11;
    const next = () => (random = (random * 1103515245 + 12345) % 2147483648) % songs.length;
    for (let i = 0; i < 300; i++) move(songs[next()]!, { afterSongId: songs[next()]! === songs[0] ? null : songs[next()]! });
    const all = model.playlistEntries(playlistId, {})!.items;
    expect(all).toHaveLength(10_000);
    expect(new Set(order()).size).toBe(10_000);
    const started = performance.now();
    let pages = 0;
    for (let at = 99; at < all.length; at += 100) {
      const result = model.playlistEntries(playlistId, { limit: 100, afterId: all[at]!.id })!;
      expect(result.items[0]?.id ?? null).toBe(all[at + 1]?.id ?? null);
      pages++;
    }
    const perPage = (performance.now() - started) / pages;
    // Measured about 0.1 ms a page (the scan and the 100 records); a bound far above it, for slow shared machines.
    expect(perPage).toBeLessThan(20);
  });

  it('tells other replicas of the entries a move re-keyed, or asks them to reload when it re-keyed a long run', () => {
    const playlistId = newId();
    const few = [{ songId: 'a' }, { songId: 'b' }];
    expect(orderChanges(playlistId, few)).toEqual([
      { kind: 'entry', playlistId, songId: 'a' },
      { kind: 'entry', playlistId, songId: 'b' },
    ]);
    const many = Array.from({ length: ENTRY_CHANGES_MAX + 1 }, (_, index) => ({ songId: String(index) }));
    expect(orderChanges(playlistId, many)).toEqual([{ kind: 'reload' }]);
  });
});
