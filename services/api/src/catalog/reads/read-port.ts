import type { ListedArtist } from '../artist-store.js';
import type { AlbumRecord, PlaylistRecord, SongRecord } from '../../persistence/catalog-records.js';
import type { Page, PageRequest } from '../paging.js';
import type { SongRef } from '../ref-list.js';

/** The Nest token of the configured CatalogReads (CATALOG_READS=memory|mongodb). */
export const CATALOG_READS = Symbol('CatalogReads');

/** A listed artist (a song or an album credits it) with the file its picture is: its first album's cover, else its first song's. */
export interface ArtistListing extends ListedArtist {
  pictureFileId: string | null;
}

/** What an artist's page shows (docs/artists.md). */
export interface ArtistPage {
  artist: ArtistListing;
  /** Albums whose album artist it is, newest first: by the year of their newest song, then the most recently made. */
  albums: AlbumRecord[];
  /** Its most played songs; ties go to the older song. */
  topSongs: SongRecord[];
  /** Other album artists' albums (or albums without one) holding a song crediting it, newest made first. */
  appearsOn: AlbumRecord[];
}

/** An account whose albums name no album artist (Subsonic lists it as their artist, docs/subsonic.md). */
export interface UnattributedAlbumOwner {
  ownerId: string;
  username: string;
  albumCount: number;
  /** Its first such album's cover (by id). */
  coverFileId: string;
}

export interface GenreCount {
  name: string;
  songCount: number;
}

/**
 * The catalog reads the services page through (docs/decisions/0020-catalog-read-port.md). Every answer and order is
 * the in-memory model's: the embedded default answers from it, the MongoDB adapter with indexed queries, and one
 * contract suite holds both to the same answers. Async, so an adapter may go to a database.
 */
export interface CatalogReads {
  /** Which adapter answers ('memory' or 'mongodb'): logs and the contract suite's names. */
  readonly kind: string;

  /** Every song, oldest first (by id); a cursor is the last song's id. */
  songsPage(request: PageRequest): Promise<Page<SongRecord>>;
  song(id: string): Promise<SongRecord | null>;
  /** Existing songs among the ids, in the order asked. */
  songsByIds(ids: readonly string[]): Promise<SongRecord[]>;

  /** Every album, oldest first (by id). */
  albumsPage(request: PageRequest): Promise<Page<AlbumRecord>>;
  /** Every album, newest first (by id descending); a cursor is the last album's id. */
  newestAlbumsPage(request: PageRequest): Promise<Page<AlbumRecord>>;
  album(id: string): Promise<AlbumRecord | null>;
  /** The album's songs by disc, track, then id; null when there is no such album. */
  albumSongs(albumId: string, request: PageRequest): Promise<Page<SongRecord> | null>;

  /** A playlist the viewer may see: someone else's private one reads as missing. */
  visiblePlaylist(id: string, viewerId: string | null): Promise<PlaylistRecord | null>;
  /** Public playlists and the viewer's own private ones, by id. */
  visiblePlaylistsPage(viewerId: string | null, request: PageRequest): Promise<Page<PlaylistRecord>>;
  /** The creator's playlists the viewer may see (their own private ones only to them), by id. */
  creatorPlaylistsPage(creatorId: string, viewerId: string | null, request: PageRequest): Promise<Page<PlaylistRecord>>;
  /** Entries without an order key first by id, then by key and id; a cursor is the last entry's id. Null: no playlist. */
  playlistEntries(playlistId: string, request: PageRequest): Promise<Page<SongRef> | null>;

  /** The user's likes, newest first; after a cursor comes the next older like, whether or not the cursor's is still there. */
  likesPage(userId: string, request: PageRequest): Promise<Page<SongRef>>;

  /** Listed artists A–Z by sort name (then id), or only those under one letter (A–Z, '#'); a cursor is the last artist's id. */
  artistsPage(request: PageRequest, letter?: string): Promise<Page<ArtistListing>>;
  /** Null when the artist is not listed (no such artist, or none of its songs and albums are left). */
  artistPage(id: string, limits: { albums: number; topSongs: number }): Promise<ArtistPage | null>;

  /** Albums whose album artist it is, newest first as on its page (ArtistPage.albums), at most `limit`. */
  albumArtistAlbums(artistId: string, limit: number): Promise<AlbumRecord[]>;
  /** The owner's albums that name no album artist, newest first as above, at most `limit`. */
  unattributedAlbums(ownerId: string, limit: number): Promise<AlbumRecord[]>;
  /** Every owner of an album that names no album artist, by owner id (at most one row per account). */
  unattributedAlbumOwners(): Promise<UnattributedAlbumOwner[]>;

  /** Every genre a song has (its tag's text as stored), by name with case and accents ignored. */
  genres(): Promise<GenreCount[]>;
  /** The genre's songs by id; null when no song has it. */
  genreSongs(name: string, request: PageRequest): Promise<Page<SongRecord> | null>;
  /** Albums holding a song of the genre (the tag's text as stored), by id; bounded by the genre's songs. */
  genreAlbums(name: string): Promise<AlbumRecord[]>;
}
