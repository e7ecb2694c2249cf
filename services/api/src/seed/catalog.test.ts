import { describe, expect, it } from 'vitest';
import { CATALOG, DEMO_CREDENTIALS, songCover } from './catalog.js';

const { users, albums, songs, playlists, likes } = CATALOG;

function duplicates(values: string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe('demo catalog', () => {
  it('has enough of everything for the UI to look lived-in', () => {
    expect(users.length).toBeGreaterThanOrEqual(6);
    expect(albums.length).toBeGreaterThanOrEqual(7);
    expect(songs.length).toBeGreaterThanOrEqual(30);
    expect(playlists.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(likes).length).toBeGreaterThan(0);
  });

  it('uses unique keys, emails and usernames', () => {
    const keys = [...users, ...albums, ...songs, ...playlists].map((item) => item.key);
    expect(duplicates(keys)).toEqual([]);
    // Emails are compared case-insensitively by the API.
    expect(duplicates(users.map((user) => user.email.toLowerCase()))).toEqual([]);
    expect(duplicates(users.map((user) => user.username.toLowerCase()))).toEqual([]);
  });

  it('prefixes every key with its kind', () => {
    for (const user of users) expect(user.key).toMatch(/^user:[a-z0-9-]+$/);
    for (const album of albums) expect(album.key).toMatch(/^album:[a-z0-9-]+$/);
    for (const song of songs) expect(song.key).toMatch(/^song:[a-z0-9-]+$/);
    for (const playlist of playlists) expect(playlist.key).toMatch(/^playlist:[a-z0-9-]+$/);
  });

  it('includes the demo user with the published credentials', () => {
    const demo = users.find((user) => user.email === DEMO_CREDENTIALS.email);
    expect(demo).toMatchObject({ username: 'demo', password: 'tunafy-demo' });
    expect(DEMO_CREDENTIALS).toEqual({ email: 'demo@tunafy.app', username: 'demo', password: 'tunafy-demo' });
  });

  it('only has users that the signup form would accept', () => {
    // Mirrors the signup rules in @tunafy/contracts (auth.ts, LIMITS).
    for (const user of users) {
      expect(user.username).toMatch(/^[A-Za-z0-9._-]{2,40}$/);
      expect(user.email).toMatch(/^[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/);
      expect(user.password.length).toBeGreaterThanOrEqual(6);
      expect(user.password.length).toBeLessThanOrEqual(128);
    }
  });

  it('resolves every reference', () => {
    const userKeys = new Set(users.map((user) => user.key));
    const albumKeys = new Set(albums.map((album) => album.key));
    const songKeys = new Set(songs.map((song) => song.key));
    for (const album of albums) expect(userKeys).toContain(album.artist);
    for (const song of songs) {
      expect(userKeys).toContain(song.artist);
      if (song.album) expect(albumKeys).toContain(song.album);
    }
    for (const playlist of playlists) {
      expect(userKeys).toContain(playlist.creator);
      for (const song of playlist.songs) expect(songKeys).toContain(song);
      expect(duplicates(playlist.songs)).toEqual([]);
    }
    for (const [user, liked] of Object.entries(likes)) {
      expect(userKeys).toContain(user);
      for (const song of liked) expect(songKeys).toContain(song);
      expect(duplicates(liked)).toEqual([]);
    }
  });

  it('credits album tracks to the album artist, and every album has tracks', () => {
    for (const song of songs) {
      if (!song.album) continue;
      expect(albums.find((album) => album.key === song.album)?.artist, song.key).toBe(song.artist);
    }
    for (const album of albums) expect(songs.some((song) => song.album === album.key), album.key).toBe(true);
    expect(songs.some((song) => !song.album)).toBe(true);
  });

  it('keeps names and descriptions within the API limits', () => {
    for (const item of [...albums, ...songs, ...playlists]) {
      expect(item.name.trim().length).toBeGreaterThan(0);
      expect(item.name.length).toBeLessThanOrEqual(100);
    }
    for (const playlist of playlists) expect((playlist.description ?? '').length).toBeLessThanOrEqual(1000);
  });

  it('has songs between 20 and 40 seconds with integer media seeds', () => {
    for (const song of songs) {
      expect(song.seconds, song.key).toBeGreaterThanOrEqual(20);
      expect(song.seconds, song.key).toBeLessThanOrEqual(40);
      expect(Number.isInteger(song.audioSeed)).toBe(true);
      expect(Number.isInteger(song.coverSeed)).toBe(true);
    }
    expect(duplicates(songs.map((song) => String(song.audioSeed)))).toEqual([]);
    for (const item of [...albums, ...playlists]) expect(Number.isInteger(item.coverSeed)).toBe(true);
  });

  it('covers the playlist edge cases the UI must show', () => {
    expect(playlists.filter((playlist) => playlist.description === undefined)).toHaveLength(1);
    expect(playlists.some((playlist) => playlist.private === true)).toBe(true);
    expect(playlists.some((playlist) => playlist.private !== true)).toBe(true);
    expect(playlists.some((playlist) => playlist.songs.length === 0)).toBe(true);
  });

  it('draws album tracks with their album art and singles with their own', () => {
    const albumTrack = songs.find((song) => song.album === 'album:salt-and-static');
    const single = songs.find((song) => !song.album);
    expect(albumTrack && songCover(albumTrack)).toEqual({ seed: 301, title: 'Salt & Static' });
    expect(single && songCover(single)).toEqual({ seed: single?.coverSeed, title: single?.name });
  });
});
