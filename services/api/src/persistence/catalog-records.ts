import type { PublicUser } from '@tunafy/contracts';
import type { AlbumRecord } from './albums.repository.js';
import type { ArtistRecord } from './artists.repository.js';
import type { LikeRecord } from './likes.repository.js';
import type { PlaylistEntryRecord } from './playlist-entries.repository.js';
import type { PlaylistRecord } from './playlists.repository.js';
import type { SongRecord } from './songs.repository.js';

// The catalog's stores name the records through this file only, so the catalog reaches up into the features in one
// place until issue 29's persistence layer brings the record types under it.
export type { AlbumRecord, ArtistRecord, LikeRecord, PlaylistEntryRecord, PlaylistRecord, SongRecord };

/** One record of the copy, as `records()` yields it and a load takes it. */
export type CatalogRecord =
  | { kind: 'user'; record: PublicUser }
  | { kind: 'artist'; record: ArtistRecord }
  | { kind: 'album'; record: AlbumRecord }
  | { kind: 'song'; record: SongRecord }
  | { kind: 'playlist'; record: PlaylistRecord }
  | { kind: 'entry'; record: PlaylistEntryRecord }
  | { kind: 'like'; record: LikeRecord };
