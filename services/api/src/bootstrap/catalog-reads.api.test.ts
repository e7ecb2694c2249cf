import { randomBytes } from 'node:crypto';
import { artistKey } from '@tunafy/contracts';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AlbumsRepository } from '../persistence/albums.repository.js';
import { ArtistsRepository } from '../persistence/artists.repository.js';
import { CatalogLoader } from '../catalog/catalog-loader.js';
import type { CatalogModel } from '../catalog/catalog-model.js';
import type { AlbumRecord, PlaylistRecord, SongRecord } from '../persistence/catalog-records.js';
import type { Page, PageRequest } from '../catalog/paging.js';
import { implicitKey } from '../catalog/position-keys.js';
import { MemoryCatalogReads } from '../catalog/reads/memory-catalog-reads.js';
import { MongoCatalogReads } from '../catalog/reads/mongo-catalog-reads.js';
import type { CatalogReads } from '../catalog/reads/read-port.js';
import { LikesRepository } from '../persistence/likes.repository.js';
import { packLoudness } from '../persistence/loudness-values.js';
import { PlaylistEntriesRepository } from '../persistence/playlist-entries.repository.js';
import { PlaylistsRepository } from '../persistence/playlists.repository.js';
import { SongsRepository, type NewSong } from '../persistence/songs.repository.js';
import { UsersRepository } from '../persistence/users.repository.js';

// The read port's contract (docs/decisions/0020-catalog-read-port.md): one suite, run on each adapter, against the real
// engine. The data goes in through the repositories (the write path's last step) into a database of its own.

let connection: Connection;
let model: CatalogModel;
const adapters: Record<string, CatalogReads> = {};

const ids = <T extends { id: string }>(rows: T[]) => rows.map((row) => row.id);
const OTHER_ID = '0123456789abcdef01234567';

/** Seeded rows the assertions name. */
const seed = {
  owner: '', listener: '',
  songs: [] as SongRecord[],
  deletedSong: '',
  removedLike: '',
  betweenKey: '',
  album: null as AlbumRecord | null,
  emptyAlbum: null as AlbumRecord | null,
  /** Albums naming no album artist: the owner's one, the listener's two (older first). */
  ownerLoose: null as AlbumRecord | null,
  listenerLoose: [] as AlbumRecord[],
  playlists: {} as Record<'ownPublic' | 'ownPrivate' | 'otherPublic' | 'otherPrivate', PlaylistRecord>,
  /** The album's songs in album order: disc 1 track 1, disc 1 track 2 (no disc), disc 1 no track (two, by id), disc 2 track 1. */
  albumOrder: [] as string[],
  /** The playlist's songs in playlist order. */
  entryOrder: [] as string[],
  /** The listener's liked songs, newest first. */
  likeOrder: [] as string[],
  artists: {} as Record<'beatles' | 'abba' | 'bjork' | 'pac' | 'ghost', string>,
  /** Song ids by name, for the artist and genre assertions. */
  named: {} as Record<string, string>,
};

beforeAll(async () => {
  connection = await mongoose.createConnection(inject('mongodbUri'), { dbName: `reads_${randomBytes(4).toString('hex')}`, serverSelectionTimeoutMS: 5000 }).asPromise();
  const users = new UsersRepository(connection);
  const songs = new SongsRepository(connection);
  const albums = new AlbumsRepository(connection);
  const artists = new ArtistsRepository(connection);
  const playlists = new PlaylistsRepository(connection);
  const entries = new PlaylistEntriesRepository(connection);
  const likes = new LikesRepository(connection);
  await Promise.all([songs, albums, playlists, users, artists].map((repository) => (repository as unknown as { model: mongoose.Model<unknown> }).model.init()));

  const tag = randomBytes(3).toString('hex');
  seed.owner = (await users.create({ email: `owner-${tag}@example.com`, username: `owner${tag}`, passwordHash: 'x' })).id;
  seed.listener = (await users.create({ email: `listener-${tag}@example.com`, username: `listener${tag}`, passwordHash: 'x' })).id;
  const file = () => new mongoose.Types.ObjectId().toHexString();
  seed.album = await albums.create({ name: 'Album', artistId: seed.owner, coverFileId: file() });
  seed.emptyAlbum = await albums.create({ name: 'Empty', artistId: seed.owner, coverFileId: file() });
  const song = (name: string, albumId: string | null, tags: NewSong['tags'] = {}) =>
    songs.create({ name, artistId: seed.owner, albumId, coverFileId: file(), audioFileId: file(), duration: 100, tags });
  const albumId = seed.album.id;
  const d2t1 = await song('disc 2 track 1', albumId, { disc: 2, track: 1 });
  const noTrackA = await song('no track a', albumId, { disc: 1 });
  const t2 = await song('track 2, no disc', albumId, { track: 2, genre: 'Jazz', year: 1999 });
  const d1t1 = await song('disc 1 track 1', albumId, { disc: 1, track: 1, loudness: packLoudness(-14.2, -1.1) });
  const noTrackB = await song('no track b', albumId);
  const single = await song('single', null);
  const doomed = await song('deleted', null);
  const later = await song('later single', null);
  seed.albumOrder = [d1t1.id, t2.id, noTrackA.id, noTrackB.id, d2t1.id];
  seed.deletedSong = doomed.id;

  const playlist = (name: string, creatorId: string, isPrivate: boolean) => playlists.create({ name, description: null, isPrivate, creatorId, coverFileId: null });
  seed.playlists = {
    ownPublic: await playlist('own public', seed.owner, false),
    ownPrivate: await playlist('own private', seed.owner, true),
    otherPublic: await playlist('other public', seed.listener, false),
    otherPrivate: await playlist('other private', seed.listener, true),
  };
  // Three entries without an order key (the seed's and old entries), two appended with keys, one moved between keyed ones.
  const listId = seed.playlists.ownPublic.id;
  const first = await entries.add(listId, single.id);
  const unkeyed = await entries.add(listId, d2t1.id);
  await entries.add(listId, t2.id);
  await entries.add(listId, doomed.id);
  await entries.add(listId, later.id, 'a0');
  const between = await entries.add(listId, noTrackA.id, 'a1');
  // A move between two unkeyed entries writes a key just past the first one's implicit key.
  seed.betweenKey = `${implicitKey(Buffer.from(unkeyed!.id, 'hex'))}1`;
  await entries.setPositions([{ id: first!.id, position: 'a0V' }, { id: between!.id, position: seed.betweenKey }]);
  seed.entryOrder = [d2t1.id, noTrackA.id, t2.id, later.id, single.id];

  for (const liked of [single, d1t1, doomed, t2, later, noTrackB]) {
    const like = await likes.like(seed.listener, liked.id);
    if (liked === doomed) seed.removedLike = like!.id;
  }
  await likes.unlike(seed.listener, noTrackB.id);
  seed.likeOrder = [later.id, t2.id, d1t1.id, single.id];

  // A deleted song is gone with its entries and likes (what SongsService.delete removes, by id).
  await songs.delete(doomed.id);
  await entries.remove(listId, doomed.id);
  await likes.unlike(seed.listener, doomed.id);
  // Credited artists (A–Z: '#' first, then by sort name) and genres, set as an import or a rescan sets them.
  for (const [handle, name, sortName] of [['beatles', 'The Beatles', 'Beatles, The'], ['abba', 'ABBA'], ['bjork', 'Björk'], ['pac', '2Pac'], ['ghost', 'Axl Ghost']] as const) {
    const id = new mongoose.Types.ObjectId().toHexString();
    await artists.insertIfNew({ id, name, key: artistKey(name), ...(sortName ? { sortName } : {}) });
    seed.artists[handle] = id;
  }
  const { beatles, abba, bjork, pac } = seed.artists;
  seed.named = { d2t1: d2t1.id, noTrackA: noTrackA.id, t2: t2.id, d1t1: d1t1.id, noTrackB: noTrackB.id, single: single.id, later: later.id };
  const tags: [SongRecord, Parameters<SongsRepository['setTags']>[1], number][] = [
    [d1t1, { creditIds: [beatles], genre: 'jazz' }, 1],
    [t2, { creditIds: [beatles, abba] }, 1],
    [noTrackA, { creditIds: [beatles] }, 2],
    [single, { creditIds: [abba], genre: 'Ambient' }, 0],
    [later, { creditIds: [pac, bjork], genre: 'Ambient' }, 3],
    [d2t1, { creditIds: [bjork] }, 0],
    [noTrackB, { genre: 'Électro' }, 0],
  ];
  for (const [one, set, plays] of tags) {
    await songs.setTags(one.id, set);
    for (let play = 0; play < plays; play++) await songs.incrementPlays(one.id);
  }
  // Both albums are the Beatles' (the seeded one 1999 by its song's year, the empty one without a year).
  await albums.setAlbumArtist(seed.album.id, beatles);
  await albums.setAlbumArtist(seed.emptyAlbum.id, beatles);
  seed.album = await albums.findById(seed.album.id);
  seed.emptyAlbum = await albums.findById(seed.emptyAlbum.id);

  // Albums naming no album artist (made with the web's forms, or tags without one): Subsonic lists their owners.
  seed.ownerLoose = await albums.create({ name: 'Owner loose', artistId: seed.owner, coverFileId: file() });
  seed.listenerLoose = [
    await albums.create({ name: 'Loose one', artistId: seed.listener, coverFileId: file() }),
    await albums.create({ name: 'Loose two', artistId: seed.listener, coverFileId: file() }),
  ];

  seed.songs = (await Promise.all([d2t1, noTrackA, t2, d1t1, noTrackB, single, later].map((one) => songs.findById(one.id)))).map((one) => one!);

  model = await new CatalogLoader(users, songs, albums, artists, playlists, entries, likes).loadAll();
  adapters.memory = new MemoryCatalogReads({ current: async () => model });
  const mongo = new MongoCatalogReads(() => connection.db!, packLoudness);
  await mongo.ensureIndexes();
  // As a second replica starting on the same database does.
  await mongo.ensureIndexes();
  adapters.mongodb = mongo;
});

afterAll(async () => {
  await connection?.db?.dropDatabase().catch(() => undefined);
  await connection?.close();
});

/** Every page of a list at `limit` rows a page, following the cursors; checks each page's total on the way. */
async function walk<T extends { id: string }>(read: (request: PageRequest) => Promise<Page<T> | null>, limit: number, total: number): Promise<string[]> {
  const seen: string[] = [];
  let afterId: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = (await read({ limit, ...(afterId ? { afterId } : {}) }))!;
    expect(page.total).toBe(total);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...ids(page.items));
    if (!page.nextAfterId) return seen;
    expect(page.nextAfterId).toBe(page.items[page.items.length - 1]!.id);
    afterId = page.nextAfterId;
  }
  throw new Error('the cursor never ended');
}

describe.each(['memory', 'mongodb'])('CatalogReads (%s)', (kind) => {
  const reads = () => adapters[kind]!;

  it('pages songs oldest first, cursor by cursor, without the deleted one', async () => {
    const all = await reads().songsPage({});
    expect(all).toEqual({ items: seed.songs, nextAfterId: null, total: 7 });
    expect(ids(all.items)).not.toContain(seed.deletedSong);
    for (const limit of [1, 2, 3, 7]) expect(await walk((request) => reads().songsPage(request), limit, 7)).toEqual(ids(seed.songs));
    expect(ids((await reads().songsPage({ offset: 5, limit: 1 })).items)).toEqual([seed.songs[5]!.id]);
    expect(await reads().songsPage({ offset: 9 })).toEqual({ items: [], nextAfterId: null, total: 7 });
  });

  it('finds songs by id, in the order asked, skipping missing and malformed ids', async () => {
    const [a, b] = [seed.songs[3]!, seed.songs[0]!];
    expect(await reads().song(a.id)).toEqual(a);
    expect(await reads().song(seed.deletedSong)).toBeNull();
    expect(await reads().song('nope')).toBeNull();
    expect(await reads().songsByIds([a.id, seed.deletedSong, b.id, 'nope'])).toEqual([a, b]);
    expect((await reads().song(a.id))!.loudness).toBe(packLoudness(-14.2, -1.1));
  });

  /** Every album by id. */
  const allAlbums = () => [seed.album!, seed.emptyAlbum!, seed.ownerLoose!, ...seed.listenerLoose];

  it('pages albums by id and answers an album', async () => {
    expect(await reads().albumsPage({})).toEqual({ items: allAlbums(), nextAfterId: null, total: 5 });
    expect(await reads().albumsPage({ limit: 1 })).toEqual({ items: [seed.album], nextAfterId: seed.album!.id, total: 5 });
    expect(await reads().album(seed.emptyAlbum!.id)).toEqual(seed.emptyAlbum);
    expect(await reads().album(OTHER_ID)).toBeNull();
  });

  it('pages albums newest first, cursor by cursor', async () => {
    const newest = allAlbums().reverse();
    expect(await reads().newestAlbumsPage({})).toEqual({ items: newest, nextAfterId: null, total: 5 });
    for (const limit of [1, 2, 5]) expect(await walk((request) => reads().newestAlbumsPage(request), limit, 5)).toEqual(ids(newest));
    expect(ids((await reads().newestAlbumsPage({ offset: 1, limit: 2 })).items)).toEqual(ids(newest.slice(1, 3)));
    // A cursor naming no album goes on below it: the owner's stand-in album's id less one is just below it.
    const below = (BigInt(`0x${seed.ownerLoose!.id}`) - 1n).toString(16).padStart(24, '0');
    expect(ids((await reads().newestAlbumsPage({ afterId: below, limit: 1 })).items)).toEqual([seed.emptyAlbum!.id]);
    expect(await reads().newestAlbumsPage({ offset: 9 })).toEqual({ items: [], nextAfterId: null, total: 5 });
  });

  it('answers an album artist’s albums and an owner’s albums without one, newest first; lists those owners', async () => {
    const { beatles, abba } = seed.artists;
    expect(await reads().albumArtistAlbums(beatles, 10)).toEqual([seed.album, seed.emptyAlbum]);
    expect(await reads().albumArtistAlbums(beatles, 1)).toEqual([seed.album]);
    expect(await reads().albumArtistAlbums(abba, 10)).toEqual([]);
    expect(await reads().albumArtistAlbums('nope', 10)).toEqual([]);
    // Neither has a year: the most recently made first.
    expect(await reads().unattributedAlbums(seed.listener, 10)).toEqual(seed.listenerLoose.slice().reverse());
    expect(await reads().unattributedAlbums(seed.listener, 1)).toEqual([seed.listenerLoose[1]]);
    expect(await reads().unattributedAlbums(seed.owner, 10)).toEqual([seed.ownerLoose]);
    expect(await reads().unattributedAlbums(OTHER_ID, 10)).toEqual([]);
    const users = await reads().unattributedAlbumOwners();
    expect(users).toEqual([
      { ownerId: seed.owner, username: expect.stringMatching(/^owner/u), albumCount: 1, coverFileId: seed.ownerLoose!.coverFileId },
      { ownerId: seed.listener, username: expect.stringMatching(/^listener/u), albumCount: 2, coverFileId: seed.listenerLoose[0]!.coverFileId },
    ]);
  });

  it('answers an album’s songs by disc, track, then id; null for no album', async () => {
    expect(ids((await reads().albumSongs(seed.album!.id, {}))!.items)).toEqual(seed.albumOrder);
    for (const limit of [1, 2, 4]) expect(await walk((request) => reads().albumSongs(seed.album!.id, request), limit, 5)).toEqual(seed.albumOrder);
    expect(await reads().albumSongs(seed.emptyAlbum!.id, {})).toEqual({ items: [], nextAfterId: null, total: 0 });
    expect(await reads().albumSongs(OTHER_ID, {})).toBeNull();
  });

  it('shows a private playlist to its creator only', async () => {
    const { ownPublic, ownPrivate, otherPublic, otherPrivate } = seed.playlists;
    expect(await reads().visiblePlaylist(ownPrivate.id, seed.owner)).toEqual(ownPrivate);
    expect(await reads().visiblePlaylist(ownPrivate.id, seed.listener)).toBeNull();
    expect(await reads().visiblePlaylist(ownPrivate.id, null)).toBeNull();
    expect(await reads().visiblePlaylist(ownPublic.id, null)).toEqual(ownPublic);
    expect(await reads().visiblePlaylistsPage(seed.owner, {})).toEqual({ items: [ownPublic, ownPrivate, otherPublic], nextAfterId: null, total: 3 });
    expect(await reads().visiblePlaylistsPage(null, {})).toEqual({ items: [ownPublic, otherPublic], nextAfterId: null, total: 2 });
    expect(await walk((request) => reads().visiblePlaylistsPage(seed.listener, request), 1, 3)).toEqual(ids([ownPublic, otherPublic, otherPrivate]));
  });

  it('pages a creator’s playlists by id, private ones to the creator only', async () => {
    const { ownPublic, ownPrivate, otherPublic, otherPrivate } = seed.playlists;
    expect(await reads().creatorPlaylistsPage(seed.owner, seed.owner, {})).toEqual({ items: [ownPublic, ownPrivate], nextAfterId: null, total: 2 });
    expect(await reads().creatorPlaylistsPage(seed.owner, seed.listener, {})).toEqual({ items: [ownPublic], nextAfterId: null, total: 1 });
    expect(await reads().creatorPlaylistsPage(seed.listener, null, {})).toEqual({ items: [otherPublic], nextAfterId: null, total: 1 });
    expect(await walk((request) => reads().creatorPlaylistsPage(seed.listener, seed.listener, request), 1, 2)).toEqual(ids([otherPublic, otherPrivate]));
    expect(await reads().creatorPlaylistsPage(OTHER_ID, seed.owner, {})).toEqual({ items: [], nextAfterId: null, total: 0 });
  });

  it('answers a playlist’s entries unkeyed first by id, then by order key, with their songs', async () => {
    const listId = seed.playlists.ownPublic.id;
    const page = (await reads().playlistEntries(listId, {}))!;
    expect(page.items.map((entry) => entry.song.id)).toEqual(seed.entryOrder);
    expect(page.items.map((entry) => entry.orderKey ?? '')).toEqual(['', seed.betweenKey, '', 'a0', 'a0V']);
    expect(page.items[0]!.song).toEqual(seed.songs.find((song) => song.id === seed.entryOrder[0]));
    expect(page.items[0]!.at).toBeInstanceOf(Date);
    for (const limit of [1, 2, 3]) expect(await walk((request) => reads().playlistEntries(listId, request), limit, 5)).toEqual(ids(page.items));
    expect((await reads().playlistEntries(listId, { offset: 1, limit: 2 }))!.items.map((entry) => entry.song.id)).toEqual(seed.entryOrder.slice(1, 3));
    expect(await reads().playlistEntries(seed.playlists.otherPublic.id, {})).toEqual({ items: [], nextAfterId: null, total: 0 });
    expect(await reads().playlistEntries(OTHER_ID, {})).toBeNull();
  });

  it('answers likes newest first; a removed like’s cursor goes on with the next older one', async () => {
    const page = await reads().likesPage(seed.listener, {});
    expect(page.items.map((like) => like.song.id)).toEqual(seed.likeOrder);
    expect(page.total).toBe(4);
    for (const limit of [1, 3]) expect(await walk((request) => reads().likesPage(seed.listener, request), limit, 4)).toEqual(ids(page.items));
    // The like of the deleted song sat between t2's and d1t1's: a cursor on it continues at d1t1.
    expect((await reads().likesPage(seed.listener, { afterId: seed.removedLike, limit: 1 })).items.map((like) => like.song.id)).toEqual([seed.likeOrder[2]]);
    expect(await reads().likesPage(seed.owner, {})).toEqual({ items: [], nextAfterId: null, total: 0 });
  });

  /** The A–Z list's pages with the artists' ids as the rows' ids (what walk follows). */
  const artistRows = (letter?: string) => async (request: PageRequest) => {
    const page = await reads().artistsPage(request, letter);
    return { ...page, items: page.items.map((artist) => ({ id: artist.record.id })) };
  };

  it('lists artists with a song or an album A–Z by sort name, with counts and pictures, cursor by cursor', async () => {
    const { beatles, abba, bjork, pac, ghost } = seed.artists;
    const cover = (songName: string) => seed.songs.find((song) => song.id === seed.named[songName])!.coverFileId;
    const all = await reads().artistsPage({});
    expect(all.total).toBe(4);
    // '#' first; "Beatles, The" sorts the Beatles under B; Axl Ghost (between ABBA and the Beatles) has no song and no album.
    expect(all.items.map((artist) => [artist.record.id, artist.songCount, artist.albumCount, artist.pictureFileId])).toEqual([
      [pac, 1, 0, cover('later')],
      [abba, 2, 0, cover('t2')],
      [beatles, 3, 2, seed.album!.coverFileId],
      [bjork, 2, 0, cover('d2t1')],
    ]);
    expect(all.items[2]!.record).toEqual({ id: beatles, name: 'The Beatles', key: artistKey('The Beatles'), sortName: 'Beatles, The' });
    for (const limit of [1, 2, 3]) expect(await walk(artistRows(), limit, 4)).toEqual([pac, abba, beatles, bjork]);
    expect(ids((await artistRows()({ offset: 1, limit: 2 })).items)).toEqual([abba, beatles]);
    expect(ids((await artistRows()({ afterId: ghost, limit: 2 })).items)).toEqual([beatles, bjork]);
  });

  it('lists the artists under one letter; # is for names that start with no letter', async () => {
    const { beatles, bjork, pac } = seed.artists;
    expect(await walk(artistRows('B'), 1, 2)).toEqual([beatles, bjork]);
    expect(await walk(artistRows('#'), 5, 1)).toEqual([pac]);
    expect(await reads().artistsPage({}, 'Z')).toEqual({ items: [], nextAfterId: null, total: 0 });
    // A cursor past the letter ends it; one before it starts at its first artist.
    expect(ids((await artistRows('B')({ afterId: bjork })).items)).toEqual([]);
    expect(ids((await artistRows('B')({ afterId: pac, limit: 1 })).items)).toEqual([beatles]);
  });

  it('answers an artist’s page: own albums newest first, most played songs, albums it appears on', async () => {
    const { beatles, abba, bjork, pac, ghost } = seed.artists;
    const page = (await reads().artistPage(beatles, { albums: 10, topSongs: 10 }))!;
    expect([page.artist.record.id, page.artist.songCount, page.artist.albumCount]).toEqual([beatles, 3, 2]);
    expect(ids(page.albums)).toEqual([seed.album!.id, seed.emptyAlbum!.id]);
    expect(page.albums[0]).toEqual(seed.album);
    // 2 plays, then two songs of 1 play each (the older first).
    expect(ids(page.topSongs)).toEqual([seed.named.noTrackA, seed.named.t2, seed.named.d1t1]);
    expect(page.topSongs[0]).toEqual(seed.songs.find((song) => song.id === seed.named.noTrackA));
    expect(page.appearsOn).toEqual([]);
    const limited = (await reads().artistPage(beatles, { albums: 1, topSongs: 2 }))!;
    expect([ids(limited.albums), ids(limited.topSongs)]).toEqual([[seed.album!.id], [seed.named.noTrackA, seed.named.t2]]);
    // ABBA's played song first, then its unplayed one; it appears on the Beatles' album.
    const other = (await reads().artistPage(abba, { albums: 10, topSongs: 10 }))!;
    expect([ids(other.albums), ids(other.topSongs), other.appearsOn]).toEqual([[], [seed.named.t2, seed.named.single], [seed.album]]);
    expect(ids((await reads().artistPage(bjork, { albums: 10, topSongs: 10 }))!.appearsOn)).toEqual([seed.album!.id]);
    expect((await reads().artistPage(pac, { albums: 10, topSongs: 10 }))!.appearsOn).toEqual([]);
    expect(await reads().artistPage(ghost, { albums: 10, topSongs: 10 })).toBeNull();
    expect(await reads().artistPage(OTHER_ID, { albums: 10, topSongs: 10 })).toBeNull();
    expect(await reads().artistPage('nope', { albums: 10, topSongs: 10 })).toBeNull();
  });

  it('lists genres by name (case and accents ignored) and pages a genre’s songs by id', async () => {
    expect(await reads().genres()).toEqual([
      { name: 'Ambient', songCount: 2 },
      { name: 'Électro', songCount: 1 },
      { name: 'Jazz', songCount: 1 },
      { name: 'jazz', songCount: 1 },
    ]);
    const ambient = [seed.named.single, seed.named.later];
    expect(await reads().genreSongs('Ambient', {})).toEqual({ items: seed.songs.filter((song) => ambient.includes(song.id)), nextAfterId: null, total: 2 });
    expect(await walk((request) => reads().genreSongs('Ambient', request), 1, 2)).toEqual(ambient);
    expect(ids((await reads().genreSongs('Ambient', { offset: 1 }))!.items)).toEqual([seed.named.later]);
    // The tag's text as stored: another case is another genre.
    expect(ids((await reads().genreSongs('jazz', {}))!.items)).toEqual([seed.named.d1t1]);
    expect(await reads().genreSongs('Nope', {})).toBeNull();
  });

  it('answers the albums holding a genre’s songs, by id', async () => {
    expect(await reads().genreAlbums('Jazz')).toEqual([seed.album]);
    expect(await reads().genreAlbums('jazz')).toEqual([seed.album]);
    // Its songs are singles.
    expect(await reads().genreAlbums('Ambient')).toEqual([]);
    expect(await reads().genreAlbums('Nope')).toEqual([]);
  });
});
