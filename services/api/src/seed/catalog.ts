/**
 * The demo content of a fresh Tunafy install, as plain data. The seeding code
 * turns it into users, uploads and documents; keeping it free of database
 * code lets tests check its consistency without a database.
 *
 * Every item has a stable `key` so seeding can be idempotent: it can look an
 * item up by key, and create only what is missing. Media are not stored here
 * but described by seeds for `synthesizeSong` and `renderCover`, so the data
 * stays small and reviewable.
 */

import { DEMO_CREDENTIALS } from '@tunafy/contracts';

export type UserKey = `user:${string}`;
export type AlbumKey = `album:${string}`;
export type SongKey = `song:${string}`;
export type PlaylistKey = `playlist:${string}`;

export interface SeedUser {
  key: UserKey;
  username: string;
  email: string;
  password: string;
}

export interface SeedAlbum {
  key: AlbumKey;
  name: string;
  artist: UserKey;
  coverSeed: number;
}

export interface SeedSong {
  key: SongKey;
  name: string;
  artist: UserKey;
  /** Absent for singles; when present, the album's artist is the song's artist. */
  album?: AlbumKey;
  /** Length of the generated audio, 20 to 40 seconds. */
  seconds: number;
  audioSeed: number;
  coverSeed: number;
}

export interface SeedPlaylist {
  key: PlaylistKey;
  name: string;
  description?: string;
  private?: boolean;
  creator: UserKey;
  coverSeed: number;
  songs: SongKey[];
}

export interface SeedCatalog {
  users: SeedUser[];
  albums: SeedAlbum[];
  songs: SeedSong[];
  playlists: SeedPlaylist[];
  likes: Record<UserKey, SongKey[]>;
}

// The demo account's credentials live in the contracts: the login page's "Demo User" button needs them too.
export { DEMO_CREDENTIALS };

const users: SeedUser[] = [
  { key: 'user:demo', ...DEMO_CREDENTIALS },
  { key: 'user:marlow-vane', username: 'marlow.vane', email: 'marlow.vane@example.com', password: 'saltandstatic' },
  { key: 'user:paper-lanterns', username: 'the-paper-lanterns', email: 'hello@paperlanterns.example.com', password: 'kite-strings-4' },
  { key: 'user:juno-ash', username: 'juno_ash', email: 'juno.ash@example.com', password: 'chrome-lullaby' },
  { key: 'user:copper-coast', username: 'copper.coast', email: 'band@coppercoast.example.com', password: 'tidewater77' },
  { key: 'user:night-bus', username: 'nightbus', email: 'nightbus@example.com', password: 'rooftop-weather' },
  { key: 'user:ada-kestrel', username: 'ada-kestrel', email: 'ada.kestrel@example.com', password: 'blue-hour-sessions' },
  // A listener with no uploads, so the demo has likes and playlists from someone who is not an artist.
  { key: 'user:rosa-m', username: 'rosa.m', email: 'rosa.m@example.com', password: 'fresh-finds-22' },
];

const albums: SeedAlbum[] = [
  { key: 'album:salt-and-static', name: 'Salt & Static', artist: 'user:marlow-vane', coverSeed: 301 },
  { key: 'album:glasshouse-summer', name: 'Glasshouse Summer', artist: 'user:marlow-vane', coverSeed: 302 },
  { key: 'album:lanterns-over-water', name: 'Lanterns Over Water', artist: 'user:paper-lanterns', coverSeed: 303 },
  { key: 'album:chrome-lullabies', name: 'Chrome Lullabies', artist: 'user:juno-ash', coverSeed: 304 },
  { key: 'album:tidewater-hymns', name: 'Tidewater Hymns', artist: 'user:copper-coast', coverSeed: 305 },
  { key: 'album:rooftop-weather', name: 'Rooftop Weather', artist: 'user:night-bus', coverSeed: 306 },
  { key: 'album:blue-hour-sessions', name: 'Blue Hour Sessions', artist: 'user:ada-kestrel', coverSeed: 307 },
];

// Lengths stay mostly under half a minute: lamejs encodes about 20-25x real
// time here, and a fresh install encodes every song once.
const songs: SeedSong[] = [
  { key: 'song:neon-harbor', name: 'Neon Harbor', artist: 'user:marlow-vane', album: 'album:salt-and-static', seconds: 32, audioSeed: 101, coverSeed: 401 },
  { key: 'song:salt-and-static', name: 'Salt & Static', artist: 'user:marlow-vane', album: 'album:salt-and-static', seconds: 28, audioSeed: 102, coverSeed: 402 },
  { key: 'song:paper-satellites', name: 'Paper Satellites', artist: 'user:marlow-vane', album: 'album:salt-and-static', seconds: 26, audioSeed: 103, coverSeed: 403 },
  { key: 'song:low-tide-radio', name: 'Low Tide Radio', artist: 'user:marlow-vane', album: 'album:salt-and-static', seconds: 24, audioSeed: 104, coverSeed: 404 },
  { key: 'song:glasshouse', name: 'Glasshouse', artist: 'user:marlow-vane', album: 'album:glasshouse-summer', seconds: 30, audioSeed: 105, coverSeed: 405 },
  { key: 'song:sunburnt-polaroid', name: 'Sunburnt Polaroid', artist: 'user:marlow-vane', album: 'album:glasshouse-summer', seconds: 22, audioSeed: 106, coverSeed: 406 },
  { key: 'song:slow-orbit', name: 'Slow Orbit', artist: 'user:marlow-vane', album: 'album:glasshouse-summer', seconds: 36, audioSeed: 107, coverSeed: 407 },
  { key: 'song:lanterns-over-water', name: 'Lanterns Over Water', artist: 'user:paper-lanterns', album: 'album:lanterns-over-water', seconds: 34, audioSeed: 108, coverSeed: 408 },
  { key: 'song:kite-strings', name: 'Kite Strings', artist: 'user:paper-lanterns', album: 'album:lanterns-over-water', seconds: 24, audioSeed: 109, coverSeed: 409 },
  { key: 'song:wild-clover', name: 'Wild Clover', artist: 'user:paper-lanterns', album: 'album:lanterns-over-water', seconds: 21, audioSeed: 110, coverSeed: 410 },
  { key: 'song:the-long-way-round', name: 'The Long Way Round', artist: 'user:paper-lanterns', album: 'album:lanterns-over-water', seconds: 29, audioSeed: 111, coverSeed: 411 },
  { key: 'song:chrome-lullaby', name: 'Chrome Lullaby', artist: 'user:juno-ash', album: 'album:chrome-lullabies', seconds: 30, audioSeed: 112, coverSeed: 412 },
  { key: 'song:midnight-overpass', name: 'Midnight Overpass', artist: 'user:juno-ash', album: 'album:chrome-lullabies', seconds: 27, audioSeed: 113, coverSeed: 413 },
  { key: 'song:arcade-rain', name: 'Arcade Rain', artist: 'user:juno-ash', album: 'album:chrome-lullabies', seconds: 23, audioSeed: 114, coverSeed: 414 },
  { key: 'song:vapor-trails', name: 'Vapor Trails', artist: 'user:juno-ash', album: 'album:chrome-lullabies', seconds: 38, audioSeed: 115, coverSeed: 415 },
  { key: 'song:tidewater-hymn', name: 'Tidewater Hymn', artist: 'user:copper-coast', album: 'album:tidewater-hymns', seconds: 31, audioSeed: 116, coverSeed: 416 },
  { key: 'song:driftwood-chapel', name: 'Driftwood Chapel', artist: 'user:copper-coast', album: 'album:tidewater-hymns', seconds: 25, audioSeed: 117, coverSeed: 417 },
  { key: 'song:gull-song', name: 'Gull Song', artist: 'user:copper-coast', album: 'album:tidewater-hymns', seconds: 20, audioSeed: 118, coverSeed: 418 },
  { key: 'song:rooftop-weather', name: 'Rooftop Weather', artist: 'user:night-bus', album: 'album:rooftop-weather', seconds: 28, audioSeed: 119, coverSeed: 419 },
  { key: 'song:sodium-streetlights', name: 'Sodium Streetlights', artist: 'user:night-bus', album: 'album:rooftop-weather', seconds: 33, audioSeed: 120, coverSeed: 420 },
  { key: 'song:rain-on-the-42', name: 'Rain on the 42', artist: 'user:night-bus', album: 'album:rooftop-weather', seconds: 26, audioSeed: 121, coverSeed: 421 },
  { key: 'song:blue-hour', name: 'Blue Hour', artist: 'user:ada-kestrel', album: 'album:blue-hour-sessions', seconds: 35, audioSeed: 122, coverSeed: 422 },
  { key: 'song:cinnamon-smoke', name: 'Cinnamon Smoke', artist: 'user:ada-kestrel', album: 'album:blue-hour-sessions', seconds: 27, audioSeed: 123, coverSeed: 423 },
  { key: 'song:quiet-fire', name: 'Quiet Fire', artist: 'user:ada-kestrel', album: 'album:blue-hour-sessions', seconds: 40, audioSeed: 124, coverSeed: 424 },
  // Singles, so the UI's "no album" paths have data.
  { key: 'song:hello-tunafy', name: 'Hello, Tunafy', artist: 'user:demo', seconds: 20, audioSeed: 125, coverSeed: 425 },
  { key: 'song:kitchen-demo-3', name: 'Kitchen Demo #3', artist: 'user:demo', seconds: 23, audioSeed: 126, coverSeed: 426 },
  { key: 'song:pixel-heart', name: 'Pixel Heart', artist: 'user:juno-ash', seconds: 25, audioSeed: 127, coverSeed: 427 },
  { key: 'song:lighthouse-keeper-live', name: 'Lighthouse Keeper (Live)', artist: 'user:copper-coast', seconds: 37, audioSeed: 128, coverSeed: 428 },
  { key: 'song:4am-laundromat', name: '4AM Laundromat', artist: 'user:night-bus', seconds: 22, audioSeed: 129, coverSeed: 429 },
  { key: 'song:fig-tree-waltz', name: 'Fig Tree Waltz', artist: 'user:ada-kestrel', seconds: 30, audioSeed: 130, coverSeed: 430 },
];

const playlists: SeedPlaylist[] = [
  {
    key: 'playlist:sunday-morning-coffee',
    name: 'Sunday Morning Coffee',
    description: 'Soft guitars, warm keys and nowhere to be.',
    creator: 'user:demo',
    coverSeed: 501,
    songs: ['song:tidewater-hymn', 'song:kite-strings', 'song:blue-hour', 'song:fig-tree-waltz', 'song:wild-clover', 'song:low-tide-radio'],
  },
  {
    key: 'playlist:night-drive',
    name: 'Night Drive',
    description: 'Synths, streetlights and an empty highway.',
    creator: 'user:demo',
    coverSeed: 502,
    songs: ['song:midnight-overpass', 'song:chrome-lullaby', 'song:sodium-streetlights', 'song:arcade-rain', 'song:neon-harbor', 'song:vapor-trails', 'song:pixel-heart'],
  },
  {
    key: 'playlist:deep-focus',
    name: 'Deep Focus',
    description: 'Instrumentals for getting things done. Just for me.',
    private: true,
    creator: 'user:demo',
    coverSeed: 503,
    songs: ['song:slow-orbit', 'song:rooftop-weather', 'song:rain-on-the-42', 'song:quiet-fire'],
  },
  {
    key: 'playlist:work-in-progress',
    name: 'Work in Progress',
    description: 'Nothing here yet: add songs from any page with the + button.',
    creator: 'user:demo',
    coverSeed: 504,
    songs: [],
  },
  {
    key: 'playlist:coastal-roadtrip',
    name: 'Coastal Roadtrip',
    description: 'Windows down, salt in the air.',
    creator: 'user:copper-coast',
    coverSeed: 505,
    songs: ['song:gull-song', 'song:lighthouse-keeper-live', 'song:salt-and-static', 'song:the-long-way-round', 'song:driftwood-chapel'],
  },
  {
    // The one playlist without a description, so the UI's empty-description state has data.
    key: 'playlist:rainy-day-records',
    name: 'Rainy Day Records',
    creator: 'user:night-bus',
    coverSeed: 506,
    songs: ['song:rain-on-the-42', 'song:4am-laundromat', 'song:cinnamon-smoke', 'song:paper-satellites'],
  },
  {
    key: 'playlist:fresh-indie-finds',
    name: 'Fresh Indie Finds',
    description: 'New favourites from the Tunafy community, updated whenever I find something good.',
    creator: 'user:rosa-m',
    coverSeed: 507,
    songs: ['song:sunburnt-polaroid', 'song:glasshouse', 'song:kite-strings', 'song:pixel-heart', 'song:hello-tunafy', 'song:arcade-rain', 'song:tidewater-hymn', 'song:blue-hour'],
  },
  {
    key: 'playlist:lantern-light',
    name: 'Lantern Light',
    description: 'Songs we keep coming back to on tour.',
    creator: 'user:paper-lanterns',
    coverSeed: 508,
    songs: ['song:neon-harbor', 'song:lanterns-over-water', 'song:driftwood-chapel', 'song:fig-tree-waltz'],
  },
  {
    key: 'playlist:late-night-sketches',
    name: 'Late Night Sketches',
    description: 'Reference tracks for the next record.',
    private: true,
    creator: 'user:ada-kestrel',
    coverSeed: 509,
    songs: ['song:cinnamon-smoke', 'song:slow-orbit', 'song:midnight-overpass'],
  },
];

const likes: Record<UserKey, SongKey[]> = {
  'user:demo': ['song:neon-harbor', 'song:chrome-lullaby', 'song:blue-hour', 'song:kite-strings', 'song:rooftop-weather', 'song:tidewater-hymn', 'song:pixel-heart', 'song:fig-tree-waltz'],
  'user:rosa-m': ['song:neon-harbor', 'song:sunburnt-polaroid', 'song:glasshouse', 'song:arcade-rain', 'song:hello-tunafy', 'song:wild-clover'],
  'user:marlow-vane': ['song:lanterns-over-water', 'song:quiet-fire', 'song:midnight-overpass'],
  'user:paper-lanterns': ['song:neon-harbor', 'song:gull-song', 'song:fig-tree-waltz'],
  'user:juno-ash': ['song:sodium-streetlights', 'song:slow-orbit'],
  'user:copper-coast': ['song:kite-strings', 'song:driftwood-chapel', 'song:blue-hour'],
  'user:night-bus': ['song:arcade-rain', 'song:cinnamon-smoke', 'song:4am-laundromat'],
  'user:ada-kestrel': ['song:tidewater-hymn', 'song:rain-on-the-42'],
};

export const CATALOG: SeedCatalog = { users, albums, songs, playlists, likes };

/**
 * What to draw a song's cover from: album tracks show their album's art, as
 * in any music library, and singles get their own.
 */
export function songCover(song: SeedSong, catalog: SeedCatalog = CATALOG): { seed: number; title: string } {
  const album = song.album && catalog.albums.find((candidate) => candidate.key === song.album);
  return album ? { seed: album.coverSeed, title: album.name } : { seed: song.coverSeed, title: song.name };
}
