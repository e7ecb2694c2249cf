import { describe, expect, it } from 'vitest';
import { generateCatalog } from './dataset.js';

describe('generateCatalog', () => {
  const catalog = generateCatalog(6_000);

  it('makes songs shaped like the API documents, about 12 to an album', () => {
    expect(catalog.songs).toHaveLength(6_000);
    const song = catalog.songs[0]!;
    expect(Object.keys(song).sort()).toEqual(
      ['_id', 'album_id', 'artist_id', 'audio_file_id', 'cover_file_id', 'created_at', 'duration', 'plays', 'song_name'].sort(),
    );
    for (const { song_name } of catalog.songs) expect(song_name.split(' ').length).toBeGreaterThanOrEqual(2);
    for (const { song_name } of catalog.songs) expect(song_name.split(' ').length).toBeLessThanOrEqual(4);
    const albums = new Set(catalog.songs.flatMap((s) => (s.album_id ? [s.album_id.toHexString()] : [])));
    expect(albums.size).toBe(500);
    expect(catalog.probe.albumSongs).toBeGreaterThan(5);
  });

  it('makes about one like per song, unique per user and song, with one user holding 1,000', () => {
    expect(catalog.likes.length).toBe(6_000);
    const pairs = new Set(catalog.likes.map((like) => `${like.user_id.toHexString()}/${like.song_id.toHexString()}`));
    expect(pairs.size).toBe(catalog.likes.length);
    expect(catalog.likes.filter((like) => like.user_id.equals(catalog.probe.heavyUserId))).toHaveLength(1_000);
  });

  it('keeps the songs reserved for deletes apart from the probed ones', () => {
    const reserved = new Set(catalog.deletable.map((id) => id.toHexString()));
    expect(reserved.size).toBeGreaterThanOrEqual(60);
    expect(reserved.has(catalog.probe.songId.toHexString())).toBe(false);
    const album = catalog.songs.filter((song) => song.album_id?.equals(catalog.probe.albumId));
    for (const song of album) expect(reserved.has(song._id.toHexString())).toBe(false);
  });

  it('is the same catalog for the same seed', () => {
    const again = generateCatalog(6_000);
    expect(again.songs.map((song) => song.song_name)).toEqual(catalog.songs.map((song) => song.song_name));
    expect(again.probe.wordMatches).toBe(catalog.probe.wordMatches);
  });
});
