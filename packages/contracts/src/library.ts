import { z } from 'zod';
import type { Artist, ArtistRef, Genre } from './artists.js';
import type { AudioFormat } from './audio-formats.js';
import type { SongLoudness } from './streaming.js';
import { LIMITS, MESSAGES } from './messages.js';
import { SEARCH_GROUPS } from './search-groups.js';

/** Ids are 24-hex-digit strings (MongoDB ObjectIds) everywhere in the API. */
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id.');

/**
 * Control characters (NUL, escapes) and the invisible marks that reorder text (bidi overrides, embeddings,
 * isolates): a name holding them can spoof another in every list ("\u202Eevil" shows reversed).
 */
export const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A name a user gives (a song's, an album's, a playlist's, an imported file's title): trimmed, not empty, not too long, nothing hidden. */
export const nameSchema = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(LIMITS.nameMax, MESSAGES.nameTooLong)
  .refine((text) => !HIDDEN_CHARACTERS.test(text), MESSAGES.nameHiddenCharacters);

/** Multipart and urlencoded forms send booleans as text; JSON sends real ones. */
const formBoolean = z.preprocess((value) => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase());
  return value ?? false;
}, z.boolean());

/** An empty form field means "no album", as the create-song form sends it. */
const optionalId = z.preprocess((value) => (value === '' || value === 'null' ? null : value), idSchema.nullable().optional());

export const songFieldsSchema = z.object({ song_name: nameSchema, album_id: optionalId });
export type SongFields = z.infer<typeof songFieldsSchema>;

export const albumFieldsSchema = z.object({ album_name: nameSchema });
export type AlbumFields = z.infer<typeof albumFieldsSchema>;

export const playlistFieldsSchema = z.object({
  playlist_name: nameSchema,
  description: z
    .string()
    .trim()
    .max(LIMITS.descriptionMax, MESSAGES.descriptionTooLong)
    .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u.test(text), MESSAGES.descriptionHiddenCharacters)
    .optional()
    .transform((text) => (text ? text : null)),
  private: formBoolean.optional().default(false),
});
export type PlaylistFields = z.infer<typeof playlistFieldsSchema>;

export const songRefSchema = z.object({
  song_id: z.string({ error: MESSAGES.songIdRequired }).min(1, MESSAGES.songIdRequired).pipe(idSchema),
});
export type SongRef = z.infer<typeof songRefSchema>;

/**
 * Optional paging on list endpoints; without `limit` a list answers in full, as the spec's clients expect.
 * A page starts after `cursor` (the `next_cursor` of the previous page: stable while rows are added) or at
 * `offset` (a row position: what a scrollbar jump asks for); not both.
 */
export const pageQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional().describe('Rows per page; without it the whole list.'),
    cursor: z.string().max(200).optional().describe('Start after this: the `next_cursor` of the previous page.'),
    offset: z.coerce.number().int().min(0).max(LIMITS.offsetMax).optional().describe('Start at this row instead (not with `cursor`).'),
  })
  .refine((page) => page.cursor === undefined || page.offset === undefined, { message: 'Use either cursor or offset, not both.', path: ['offset'] });
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The groups of a search answer that page on their own (the search screen's filter chips, docs/search.md). */

/**
 * Without `type`, every group's first `limit` and the top result; with it, that one group from `offset` (the
 * answer's `next_offset`), ranked as in the whole answer. `offset` stops at LIMITS.searchOffsetMax: each page
 * ranks everything before it again, so the bound keeps the deepest page cheap.
 */
export const searchQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(100, 'Search for at most 100 characters.'),
    limit: z.coerce.number().int().min(1).max(LIMITS.searchResultsMax).optional(),
    type: z.enum(SEARCH_GROUPS, { error: `Search one of: ${SEARCH_GROUPS.join(', ')}.` }).optional().describe('Search this group only, from `offset`.'),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(LIMITS.searchOffsetMax, `Search results go up to an offset of ${LIMITS.searchOffsetMax}.`)
      .optional()
      .describe('With `type`: skip this many results (the `next_offset` of the previous page).'),
  })
  .refine((query) => query.offset === undefined || query.type !== undefined, { message: 'Give a type to page through.', path: ['offset'] });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export interface PublicUser {
  id: string;
  username: string;
}

export interface Song {
  id: string;
  song_name: string;
  artist_id: string;
  artist_username: string;
  album_id: string | null;
  album_name: string | null;
  song_cover_url: string;
  song_file_url: string;
  /** Seconds, read from the uploaded mp3 itself. */
  duration: number;
  created_at: string;
  /**
   * The audio's format, judged by its bytes; the player asks `canPlayType(AUDIO_FORMAT_INFO[format].canPlayType)`.
   * The API always sends this and the four tag fields below; they are optional in the type only so that
   * clients and fixtures written before bulk upload still type-check (missing means mp3, no tags).
   */
  audio_format?: AudioFormat;
  /** From the file's tags or the uploader's edits (bulk upload); null for songs made with the single-song form. */
  track?: number | null;
  disc?: number | null;
  year?: number | null;
  genre?: string | null;
  /**
   * The credited artists its tags name (docs/artists.md), in tag order; empty for a song made with the single-song
   * form, which is shown as its owner's (`artist_username`, a link to their user page). Always sent by the API.
   */
  artists?: ArtistRef[];
  /** Measured loudness for volume normalization (docs/streaming.md); null until measured. Always sent by the API. */
  loudness?: SongLoudness | null;
  /** Whether GET /api/songs/{id}/lyrics has something (docs/lyrics.md); the text itself is never in lists. Always sent. */
  has_lyrics?: boolean;
}

export interface Album {
  id: string;
  album_name: string;
  album_cover_url: string;
  artist_id: string;
  artist_username: string;
  created_at: string;
  /** The credited album artist ("Various Artists" for a compilation); null for an album made with the form. Always sent. */
  album_artist?: ArtistRef | null;
  /** The year its songs' tags give (the latest, when they differ); null when none does. Always sent. */
  year?: number | null;
}

/** Counts for a detail page's header, so it needs no full song list (GET /albums/:id, GET /playlists/:id). */
export interface ListTotals {
  song_count: number;
  /** Seconds, the sum of the songs' durations. */
  total_duration: number;
}

export type AlbumDetail = Album & ListTotals;

export interface Playlist {
  id: string;
  playlist_name: string;
  playlist_cover_url: string | null;
  description: string | null;
  private: boolean;
  creator_id: string;
  creator_username: string;
  created_at: string;
}

export type PlaylistDetail = Playlist & ListTotals;

/** One song's place in a playlist; `song` is embedded so a page needs one call. */
export interface PlaylistSong {
  id: string;
  playlist_id: string;
  song_id: string;
  added_at: string;
  song: Song;
}

/** A liked-song record of the collection. */
export interface LikedSong {
  id: string;
  song_id: string;
  liked_at: string;
  song: Song;
}

/**
 * A page of liked songs, newest like first: GET /collection/:userId/tracks with `limit` (and `cursor` or
 * `offset`). Without `limit` the route answers the spec's bare array of every liked song.
 */
export interface LikedSongsPage extends Paged {
  tracks: LikedSong[];
}

export interface LikeRecord {
  id: string;
  song_id: string;
}

/** Answer to an unlike; the same whether or not the song was liked, so retries are safe. */
export interface UnlikedResponse {
  song_id: string;
  liked: false;
}

/**
 * `next_cursor` is null on the last page (and whenever no limit was asked). `total` counts every row of the
 * list (not just this page), so a virtual list can size itself before it has the rows.
 */
export interface Paged {
  next_cursor: string | null;
  total: number;
}

export interface SongsResponse extends Paged {
  songs: Song[];
}
export interface AlbumsResponse extends Paged {
  albums: Album[];
}
export interface PlaylistsResponse extends Paged {
  playlists: Playlist[];
}
/** A playlist's songs in the order they were added; paged like the lists (`limit` with `cursor` or `offset`). */
export interface PlaylistSongsResponse extends Paged {
  playlist_songs: PlaylistSong[];
}
/** A user's own playlists, private ones included (the Add-to-Playlist picker); never paged. */
export interface UserPlaylistsResponse {
  playlists: Playlist[];
}
/**
 * An album's songs (GET /albums/:id/songs, and the answer to adding or removing one). Paged like the lists;
 * the answers to adding and removing carry the first page.
 */
export interface AlbumSongsResponse extends Paged {
  songs: Song[];
}
export interface UsersResponse extends Paged {
  users: PublicUser[];
}
export interface SearchResponse {
  songs: Song[];
  albums: Album[];
  playlists: Playlist[];
  /** Credited artists whose name matches (docs/artists.md). Always sent. */
  artists?: Artist[];
  /** Genres whose name matches. Always sent. */
  genres?: Genre[];
  /** The single best match of songs, artists, albums and playlists (docs/search.md); null when none. Always sent. */
  top?: SearchTopResult | null;
  /** Profiles: users whose username matches. Always sent. */
  users?: PublicUser[];
  /**
   * Only with `type`: where the group's next page starts, null after its last. That answer holds the one group
   * (the other groups empty, `top` null).
   */
  next_offset?: number | null;
  /** Songs whose lyrics hold every word of the query, with the line that matched (docs/lyrics.md). Always sent. */
  lyrics?: Array<{ song: Song; line: string }>;
}
/** The search's top result, one of four kinds. */
export type SearchTopResult =
  | { kind: 'song'; song: Song }
  | { kind: 'artist'; artist: Artist }
  | { kind: 'album'; album: Album }
  | { kind: 'playlist'; playlist: Playlist };
export interface DeletedResponse {
  id: string;
  deleted: true;
}
export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  uptime_seconds: number;
}
