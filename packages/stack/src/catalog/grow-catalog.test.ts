import { ObjectId, type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { catalogBatches, describeGrowth, emptyGrowerState, nameGenerator, vocabulary, type CatalogCollection, type GrowerState, type GrowthPlan } from './grow-catalog.js';

const MAIN = new ObjectId('65a000000000000000000001');
const template = { coverFileId: '65a0000000000000000000c0', audioFileId: '65a0000000000000000000a0' };
const plan = (target: number, adding: number, seed = 1): GrowthPlan => ({ target, adding, seed, mainUserId: MAIN.toHexString(), template, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' });

function grow(step: GrowthPlan, before: GrowerState = emptyGrowerState(step.seed)): { docs: Record<CatalogCollection, Document[]>; state: GrowerState } {
  const docs: Record<CatalogCollection, Document[]> = { users: [], artists: [], albums: [], songs: [], playlists: [], playlist_songs: [], likes: [] };
  const batches = catalogBatches(step, before);
  for (let result = batches.next(); ; result = batches.next()) {
    if (result.done) return { docs, state: result.value };
    expect(result.value.docs.length).toBeLessThanOrEqual(5000);
    docs[result.value.collection].push(...result.value.docs);
  }
}

/** Field name → type, as the mongoose schemas in services/api/src/*\/*.repository.ts store them. */
const SHAPES: Record<CatalogCollection, Record<string, string>> = {
  users: { _id: 'id', email: 'string', username: 'string', username_lower: 'string', password_hash: 'string', created_at: 'date' },
  artists: { _id: 'id', name: 'string', key: 'string', sort_key: 'string', created_at: 'date' },
  albums: { _id: 'id', album_name: 'string', artist_id: 'id', cover_file_id: 'id', created_at: 'date', album_artist_id: 'id' },
  songs: { _id: 'id', song_name: 'string', artist_id: 'id', album_id: 'id|null', cover_file_id: 'id', audio_file_id: 'id', duration: 'number', plays: 'number', created_at: 'date', credit_ids: 'object', genre: 'string', year: 'number' },
  playlists: { _id: 'id', playlist_name: 'string', description: 'string|null', private: 'boolean', creator_id: 'id', cover_file_id: 'null', created_at: 'date' },
  playlist_songs: { _id: 'id', playlist_id: 'id', song_id: 'id', added_at: 'date' },
  likes: { _id: 'id', user_id: 'id', song_id: 'id', liked_at: 'date' },
};
const typeOf = (value: unknown) => (value === null ? 'null' : value instanceof ObjectId ? 'id' : value instanceof Date ? 'date' : typeof value);

describe('catalog generator', () => {
  it('draws the same names for the same seed, common words most often, accented words among them', () => {
    const first = nameGenerator(3);
    const second = nameGenerator(3);
    const names = Array.from({ length: 2000 }, () => first(3));
    expect(Array.from({ length: 2000 }, () => second(3))).toEqual(names);
    const vocab = vocabulary();
    expect(new Set(vocab).size).toBeGreaterThan(4000);
    const counts = new Map<string, number>();
    for (const word of names.join(' ').split(' ')) counts.set(word, (counts.get(word) ?? 0) + 1);
    expect(counts.get(vocab[0]!) ?? 0).toBeGreaterThan(counts.get(vocab[4000]!) ?? 0);
    expect(vocab.some((word) => /[éñøü]/.test(word))).toBe(true);
  });

  it('makes the same documents, ids and dates included, for the same seed and state; another seed makes others', () => {
    const once = grow(plan(3000, 3000));
    expect(grow(plan(3000, 3000)).docs).toEqual(once.docs);
    const other = grow(plan(3000, 3000, 2));
    expect(other.docs.songs[0]!._id).not.toEqual(once.docs.songs[0]!._id);
    expect(other.docs.songs.map((song) => song.song_name)).not.toEqual(once.docs.songs.map((song) => song.song_name));
  });

  it('credits songs Zipf-like to one artist per ten songs, Various Artists for about 2 % of albums, with unique artist keys', () => {
    const { docs } = grow(plan(20_000, 20_000));
    expect(docs.artists).toHaveLength(1 + 20_000 / 10);
    expect(docs.artists[0]!.name).toBe('Various Artists');
    expect(new Set(docs.artists.map((artist) => artist.key)).size).toBe(docs.artists.length);
    expect(docs.artists.every((artist) => artist.key === (artist.name as string).toLowerCase())).toBe(true);
    const credits = new Map<string, number>();
    for (const song of docs.songs) for (const id of song.credit_ids as ObjectId[]) credits.set(id.toHexString(), (credits.get(id.toHexString()) ?? 0) + 1);
    const ranked = [...credits.values()].sort((a, b) => b - a);
    // Most artists have a song (at 100,000 songs nearly all: the draws outnumber the artists there) ...
    expect(credits.size).toBeGreaterThan(0.6 * docs.artists.length);
    // ... and the spread is Zipf-like: the most credited artist has far more songs than the median one.
    expect(ranked[0]!).toBeGreaterThan(50 * ranked[Math.floor(ranked.length / 2)]!);
    const various = docs.artists[0]!._id.toHexString();
    const compilations = docs.albums.filter((album) => (album.album_artist_id as ObjectId).toHexString() === various).length;
    expect(compilations / docs.albums.length).toBeGreaterThan(0.005);
    expect(compilations / docs.albums.length).toBeLessThan(0.05);
  });

  it('stores exactly the fields of the API schemas, with their types', () => {
    const { docs } = grow(plan(2000, 2000));
    for (const [collection, shape] of Object.entries(SHAPES) as [CatalogCollection, Record<string, string>][]) {
      expect(docs[collection].length, collection).toBeGreaterThan(0);
      for (const doc of docs[collection]) {
        expect(Object.keys(doc).sort(), collection).toEqual(Object.keys(shape).sort());
        for (const [field, type] of Object.entries(shape)) expect(type.split('|'), `${collection}.${field}`).toContain(typeOf(doc[field]));
      }
    }
    expect(docs.songs.every((song) => (song.cover_file_id as ObjectId).toHexString() === template.coverFileId && (song.audio_file_id as ObjectId).toHexString() === template.audioFileId)).toBe(true);
  });

  it('has the proportions of a real library at 20,000 songs, with a 10,000-song album and playlist and 1,000 likes', () => {
    const { docs, state } = grow(plan(20_000, 20_000));
    expect(docs.songs).toHaveLength(20_000);
    expect(docs.users).toHaveLength(200);
    expect(docs.albums.length).toBeGreaterThan(20_000 / 2 / 14);
    expect(docs.albums.length).toBeLessThan(20_000 / 2 / 10);
    expect(docs.playlists).toHaveLength(1001);
    const ids = (list: Document[], field: string) => list.map((doc) => (doc[field] as ObjectId).toHexString());
    const songs = new Set(ids(docs.songs, '_id'));
    const albums = new Set(ids(docs.albums, '_id'));
    const users = new Set([MAIN.toHexString(), ...ids(docs.users, '_id')]);
    const playlists = new Set(ids(docs.playlists, '_id'));
    expect(docs.songs.every((song) => song.album_id === null || albums.has((song.album_id as ObjectId).toHexString()))).toBe(true);
    expect(docs.songs.every((song) => users.has((song.artist_id as ObjectId).toHexString()))).toBe(true);
    expect(docs.playlist_songs.every((entry) => songs.has((entry.song_id as ObjectId).toHexString()) && playlists.has((entry.playlist_id as ObjectId).toHexString()))).toBe(true);
    expect(docs.likes.every((like) => songs.has((like.song_id as ObjectId).toHexString()) && users.has((like.user_id as ObjectId).toHexString()))).toBe(true);

    const bigAlbumSongs = docs.songs.filter((song) => (song.album_id as ObjectId | null)?.toHexString() === state.bigAlbumId);
    expect(bigAlbumSongs).toHaveLength(10_000);
    const bigAlbumSongId = describeGrowth(state, 20_000).bigAlbumSongId;
    expect([bigAlbumSongId(0), bigAlbumSongId(9999)]).toEqual([(bigAlbumSongs[0]!._id as ObjectId).toHexString(), (bigAlbumSongs[9999]!._id as ObjectId).toHexString()]);
    const perPlaylist = new Map<string, Set<string>>();
    for (const entry of docs.playlist_songs) {
      const key = (entry.playlist_id as ObjectId).toHexString();
      const set = perPlaylist.get(key) ?? new Set();
      set.add((entry.song_id as ObjectId).toHexString());
      perPlaylist.set(key, set);
    }
    expect(docs.playlist_songs.length).toBe([...perPlaylist.values()].reduce((sum, set) => sum + set.size, 0)); // unique (playlist, song)
    expect(perPlaylist.get(state.bigPlaylistId!)!.size).toBe(10_000);
    const ordinary = [...perPlaylist].filter(([id]) => id !== state.bigPlaylistId).map(([, set]) => set.size);
    expect(Math.min(...ordinary)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...ordinary)).toBeLessThanOrEqual(200);
    expect(docs.playlists.some((playlist) => playlist.private) && docs.playlists.some((playlist) => !playlist.private)).toBe(true);

    const likeKeys = docs.likes.map((like) => `${(like.user_id as ObjectId).toHexString()}/${(like.song_id as ObjectId).toHexString()}`);
    expect(new Set(likeKeys).size).toBe(likeKeys.length);
    expect(docs.likes.filter((like) => (like.user_id as ObjectId).equals(MAIN))).toHaveLength(1000);

    const usernames = docs.users.map((user) => user.username as string);
    expect(new Set(usernames).size).toBe(usernames.length);
    expect(usernames.every((name) => /^[a-z]+\.[a-z]+\d+$/.test(name))).toBe(true);

    const grown = describeGrowth(state, 20_000);
    for (const { word, count } of grown.rareWords) expect(docs.songs.filter((song) => (song.song_name as string).split(' ').includes(word))).toHaveLength(count);
    expect(grown.rareWords.some(({ word }) => /ø/.test(word))).toBe(true);
    expect(grown.rareCount).toBeGreaterThan(0);
    expect(docs.songs.filter((song) => (song.song_name as string).split(' ').includes(grown.commonWord)).length).toBeGreaterThan(200);
    expect(docs.songs.some((song) => /[éñøü]/i.test(song.song_name as string))).toBe(true);
  });

  it('gives the main user the full 1,000 likes when uploads made the generator add a few songs less', () => {
    expect(grow(plan(10_000, 9_985)).state.mainLikes).toBe(1000);
  });

  it('grows in steps without repeating an id, scaling the big album, the big playlist and the main likes', () => {
    const first = grow(plan(1000, 1000));
    expect(first.state).toMatchObject({ songs: 1000, bigAlbumSongs: 500, bigPlaylistEntries: 500, mainLikes: 100 });
    const second = grow(plan(10_000, 9000), first.state);
    expect(second.state).toMatchObject({ songs: 10_000, bigAlbumSongs: 5000, bigPlaylistEntries: 5000, mainLikes: 1000 });
    expect(second.state.bigPlaylistId).toBe(first.state.bigPlaylistId);
    expect(second.state.bigAlbumId).not.toBe(first.state.bigAlbumId);
    for (const collection of Object.keys(SHAPES) as CatalogCollection[]) {
      const all = [...first.docs[collection], ...second.docs[collection]].map((doc) => (doc._id as ObjectId).toHexString());
      expect(new Set(all).size, collection).toBe(all.length);
    }
    const bigEntries = [...first.docs.playlist_songs, ...second.docs.playlist_songs].filter((entry) => (entry.playlist_id as ObjectId).toHexString() === first.state.bigPlaylistId);
    expect(new Set(bigEntries.map((entry) => (entry.song_id as ObjectId).toHexString())).size).toBe(5000);
    // Anything the API creates later (ids and dates of now) sorts after every generated document.
    expect(second.docs.songs.every((song) => (song._id as ObjectId).toHexString() < new ObjectId().toHexString())).toBe(true);
    const grown = describeGrowth(second.state, 10_000);
    expect(grown).toMatchObject({ generatedSongs: 10_000, bigAlbumSongs: 5000, mainLikes: 1000, likedSongId: expect.any(String) });
    expect(second.docs.songs.find((song) => (song._id as ObjectId).toHexString() === grown.bigAlbumSongId(4999))!.album_id).toEqual(new ObjectId(grown.bigAlbumId!));
    expect(grow(plan(10_000, 0), second.state).state).toEqual(second.state);
  });
});
