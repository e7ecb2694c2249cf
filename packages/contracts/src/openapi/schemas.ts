import { z } from 'zod';
import type { CsrfTokenResponse, SessionProbe, SessionUser } from '../auth.js';
import { ERROR_CODES, type ApiErrorBody } from '../errors.js';
import { AUDIO_FORMATS } from '../audio-formats.js';
import type { AppPassword, AppPasswordsResponse, CreatedAppPassword } from '../app-passwords.js';
import type { ArtistDetail, ArtistsResponse, GenreSongsResponse, GenresResponse, RescanStatus, SongsTagsResponse } from '../artists.js';
import type { ImportCheckResponse, ImportResponse } from '../imports.js';
import { LYRICS_SOURCES, type Lyrics } from '../lyrics.js';
import { SHARE_KINDS, type CreatedShare, type OEmbedResponse, type Share, type SharedItem, type SharedSong, type SharesPage } from '../shares-limits.js';
import {
  idSchema,
  type Album,
  type AlbumDetail,
  type AlbumSongsResponse,
  type AlbumsResponse,
  type DeletedResponse,
  type HealthResponse,
  type LikedSong,
  type LikedSongsPage,
  type LikeRecord,
  type Playlist,
  type PlaylistDetail,
  type PlaylistSong,
  type PlaylistSongsResponse,
  type PlaylistsResponse,
  type PublicUser,
  type SearchResponse,
  type Song,
  type SongsResponse,
  type UnlikedResponse,
  type UserPlaylistsResponse,
  type UsersResponse,
} from '../library.js';
import { REPEAT_MODES, TOP_PERIODS } from '../listening-limits.js';
import type { HistoryClearedResponse, HistoryResponse, HistorySettings, PlayerState, PlayResponse, RecentItemsResponse, RecentlyPlayedResponse, SavedPlayerState, TopResponse } from '../listening.js';
import type { PlaylistSongPlace } from '../playlist-order.js';
import type { UserProfile, UserSong, UserSongsResponse } from '../users.js';

/**
 * The API's answers as zod schemas, for the OpenAPI document only (the API does not parse its own answers).
 * The TypeScript types the API and the UIs use stay the interfaces of the contracts; `SchemasMatchTypes` at the
 * end fails the type check when a schema here and its interface disagree, so the document cannot drift from them.
 * `.meta({ id })` makes each a named component (`#/components/schemas/Song`).
 */

const id = idSchema.describe('A 24-hex-digit id (a MongoDB ObjectId).');
const timestamp = z.iso.datetime().describe('ISO 8601, UTC.');
const count = z.number().int().min(0);
const fileUrl = z.string().describe('Where the file is served: `/api/files/{id}`.');

export const errorBodySchema = z
  .object({
    statusCode: z.number().int().describe('The HTTP status again, for clients that only keep the body.'),
    code: z.enum(ERROR_CODES).describe('Stable machine-readable code; see docs/api.md "Errors".'),
    message: z.string().describe('A sentence for people.'),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .describe('Validation problems keyed by the request field (`song_name`, `song_file_url`, `password`, ...; `form` for the body as a whole), first message per field.'),
  })
  .meta({
    id: 'ApiError',
    description: 'The one shape of every non-2xx answer.',
    example: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Some fields are invalid.', errors: { song_name: 'Name is required.' } },
  });

export const sessionUserSchema = z.object({ id, username: z.string(), email: z.email() }).meta({ id: 'SessionUser', description: 'The logged-in user.' });
export const sessionProbeSchema = z.object({ user: sessionUserSchema.nullable() }).meta({ id: 'SessionProbe', description: 'The logged-in user, or null for a guest.' });
export const publicUserSchema = z.object({ id, username: z.string() }).meta({ id: 'PublicUser' });
export const csrfTokenSchema = z.object({ csrf_token: z.string() }).meta({ id: 'CsrfToken', description: 'Send it back as the `x-csrf-token` header of state-changing calls.' });
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

export const artistRefSchema = z
  .object({ id, name: z.string() })
  .meta({ id: 'ArtistRef', description: 'A credited artist (docs/artists.md): a link to its page. Not the owning account (`artist_id`).' });

export const songLoudnessSchema = z
  .object({
    track_lufs: z.number().describe('Integrated loudness of the track (EBU R128, or -18 - ReplayGain track gain), LUFS.'),
    track_peak_db: z.number().describe('True peak of the track, dBTP (sample peak when from ReplayGain tags).'),
    album_lufs: z.number().nullable().describe('The album’s loudness (its ReplayGain album gain, or its measured tracks’ duration-weighted energy mean); null without an album.'),
    album_peak_db: z.number().nullable().describe('The album’s loudest peak, dB; null with album_lufs.'),
  })
  .meta({ id: 'SongLoudness' });

export const songSchema = z
  .object({
    id,
    song_name: z.string(),
    artist_id: id,
    artist_username: z.string(),
    album_id: id.nullable(),
    album_name: z.string().nullable(),
    song_cover_url: fileUrl,
    song_file_url: fileUrl,
    duration: z.number().min(0).describe('Seconds, read from the audio itself.'),
    created_at: timestamp,
    // Always sent; optional in the interface for clients written before bulk upload.
    audio_format: z.enum(AUDIO_FORMATS).optional().describe('The audio format, judged by the bytes (always sent).'),
    track: z.number().int().nullable().optional().describe('From the tags or the uploader (always sent; null when unknown).'),
    disc: z.number().int().nullable().optional().describe('Always sent; null when unknown.'),
    year: z.number().int().nullable().optional().describe('Always sent; null when unknown.'),
    genre: z.string().nullable().optional().describe('Always sent; null when unknown.'),
    artists: z.array(artistRefSchema).optional().describe('The credited artists its tags name, in tag order (always sent; empty for a song made with the form, shown as its owner’s).'),
    loudness: songLoudnessSchema.nullable().optional().describe('For volume normalization (docs/streaming.md, "Loudness"); always sent, null until measured.'),
    has_lyrics: z.boolean().optional().describe('Whether GET /api/songs/{id}/lyrics has something (always sent).'),
  })
  .meta({ id: 'Song' });

export const albumSchema = z
  .object({
    id,
    album_name: z.string(),
    album_cover_url: fileUrl,
    artist_id: id,
    artist_username: z.string(),
    created_at: timestamp,
    album_artist: artistRefSchema.nullable().optional().describe('The credited album artist (always sent; null for an album made with the form).'),
    year: z.number().int().nullable().optional().describe('The latest year its songs’ tags give (always sent; null when none does).'),
  })
  .meta({ id: 'Album' });

const listTotals = { song_count: count, total_duration: z.number().min(0).describe('Seconds, the sum of the songs’ durations.') };

export const albumDetailSchema = albumSchema.extend(listTotals).meta({ id: 'AlbumDetail', description: 'An album with the totals its page header shows.' });

export const playlistSchema = z
  .object({
    id,
    playlist_name: z.string(),
    playlist_cover_url: fileUrl.nullable(),
    description: z.string().nullable(),
    private: z.boolean(),
    creator_id: id,
    creator_username: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'Playlist' });

export const playlistDetailSchema = playlistSchema.extend(listTotals).meta({ id: 'PlaylistDetail' });

export const playlistSongSchema = z
  .object({ id, playlist_id: id, song_id: id, added_at: timestamp, song: songSchema })
  .meta({ id: 'PlaylistSong', description: 'One song’s place in a playlist, the song embedded.' });

export const likedSongSchema = z.object({ id, song_id: id, liked_at: timestamp, song: songSchema }).meta({ id: 'LikedSong' });
export const likeRecordSchema = z.object({ id, song_id: id }).meta({ id: 'LikeRecord' });
export const unlikedSchema = z.object({ song_id: id, liked: z.literal(false) }).meta({ id: 'Unliked' });
export const deletedSchema = z.object({ id, deleted: z.literal(true) }).meta({ id: 'Deleted' });

const paging = {
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page and when no `limit` was given.'),
  total: count.describe('Rows in the whole list, not just this page.'),
};

function page<const K extends string, T extends z.ZodType>(key: K, item: T, componentId: string) {
  return z.object({ [key]: z.array(item), ...paging } as { [P in K]: z.ZodArray<T> } & typeof paging).meta({ id: componentId });
}

export const songsPageSchema = page('songs', songSchema, 'SongsPage');
export const albumsPageSchema = page('albums', albumSchema, 'AlbumsPage');
export const playlistsPageSchema = page('playlists', playlistSchema, 'PlaylistsPage');
export const playlistSongsPageSchema = page('playlist_songs', playlistSongSchema, 'PlaylistSongsPage');
export const usersPageSchema = page('users', publicUserSchema, 'UsersPage');
export const likedSongsPageSchema = page('tracks', likedSongSchema, 'LikedSongsPage');
export const userPlaylistsSchema = z.object({ playlists: z.array(playlistSchema) }).meta({ id: 'UserPlaylists', description: 'Never paged.' });

export const userProfileSchema = z
  .object({ id, username: z.string(), song_count: count, album_count: count, playlist_count: count.describe('Only the playlists the viewer may see.') })
  .meta({ id: 'UserProfile' });
export const userSongSchema = songSchema.extend({ plays: count }).meta({ id: 'UserSong' });
export const userSongsPageSchema = page('songs', userSongSchema, 'UserSongsPage');

export const artistSchema = artistRefSchema
  .extend({
    sort_name: z.string(),
    musicbrainz_id: z.string().nullable(),
    song_count: count,
    album_count: count.describe('Albums whose album artist it is.'),
    picture_url: fileUrl.nullable().describe('A cover of one of its albums or songs.'),
  })
  .meta({ id: 'Artist' });
export const artistsPageSchema = page('artists', artistSchema, 'ArtistsPage');
export const artistDetailSchema = z
  .object({ artist: artistSchema, albums: z.array(albumSchema), top_songs: z.array(songSchema), appears_on: z.array(albumSchema) })
  .meta({ id: 'ArtistDetail', description: 'An artist’s page: its albums newest first, its most played songs, and albums it appears on.' });
export const genreSchema = z.object({ name: z.string(), song_count: count }).meta({ id: 'Genre' });
export const genresSchema = z.object({ genres: z.array(genreSchema) }).meta({ id: 'Genres' });
export const genreSongsPageSchema = z.object({ genre: z.string(), songs: z.array(songSchema), ...paging }).meta({ id: 'GenreSongsPage' });

export const songsTagsResultSchema = z.object({ songs: z.array(songSchema) }).meta({ id: 'SongsTagsResult', description: 'Every corrected song as it is now.' });

export const rescanStatusSchema = z
  .object({ running: z.boolean(), total: count, done: count, credited: count, untagged: count, unreadable: count, already_credited: count, started_at: timestamp.nullable() })
  .meta({ id: 'RescanStatus', description: 'The rescan of stored songs’ tags, as this API process runs it.' });

export const searchResultsSchema = z
  .object({
    songs: z.array(songSchema),
    albums: z.array(albumSchema),
    playlists: z.array(playlistSchema),
    artists: z.array(artistSchema).optional().describe('Always sent.'),
    genres: z.array(genreSchema).optional().describe('Always sent.'),
    top: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('song'), song: songSchema }),
        z.object({ kind: z.literal('artist'), artist: artistSchema }),
        z.object({ kind: z.literal('album'), album: albumSchema }),
        z.object({ kind: z.literal('playlist'), playlist: playlistSchema }),
      ])
      .nullable()
      .optional()
      .describe('The single best match of songs, artists, albums and playlists; null when none. Always sent.'),
    users: z.array(publicUserSchema).optional().describe('Profiles: users whose username matches. Always sent.'),
    lyrics: z
      .array(z.object({ song: songSchema, line: z.string().describe('The lyric line that matched.') }))
      .optional()
      .describe('Songs whose lyrics hold every word of the query (docs/lyrics.md). Always sent.'),
    next_offset: z.number().int().nullable().optional().describe('Only with `type`: the next page’s `offset`, null after the last.'),
  })
  .meta({ id: 'SearchResults' });

export const playResultSchema = z.object({ counted: z.boolean() }).meta({ id: 'PlayResult' });
export const recentlyPlayedSchema = z.object({ songs: z.array(songSchema) }).meta({ id: 'RecentlyPlayed' });
export const historySchema = z
  .object({
    plays: z.array(z.object({ id: z.string(), played_at: timestamp, song: songSchema })),
    next_before: z.string().nullable().describe('Send as `before` for the next page; null on the last.'),
    paused: z.boolean().describe('While paused, plays are not added to the history or the top lists.'),
  })
  .meta({ id: 'History' });
export const historySettingsAnswerSchema = z.object({ paused: z.boolean() }).meta({ id: 'HistorySettings' });
export const historyClearedSchema = z.object({ cleared: z.literal(true) }).meta({ id: 'HistoryCleared' });
export const topSchema = z
  .object({
    period: z.enum(TOP_PERIODS),
    songs: z.array(z.object({ song: songSchema, plays: count })),
    artists: z.array(z.object({ artist: artistRefSchema, plays: count })),
    albums: z.array(z.object({ album: albumSchema, plays: count })),
  })
  .meta({ id: 'Top', description: 'Your most played songs, credited artists and albums of the period (calendar month or year in UTC, or all time).' });

const playedAt = { played_at: timestamp };
export const recentItemsSchema = z
  .object({
    items: z.array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('album'), ...playedAt, album: albumSchema }),
        z.object({ kind: z.literal('playlist'), ...playedAt, playlist: playlistSchema }),
        z.object({ kind: z.literal('artist'), ...playedAt, artist: artistSchema }),
        z.object({ kind: z.literal('genre'), ...playedAt, genre: genreSchema }),
        z.object({ kind: z.literal('liked'), ...playedAt }),
        z.object({ kind: z.literal('song'), ...playedAt, song: songSchema }),
      ]),
    ),
  })
  .meta({ id: 'RecentItems', description: 'The places you last played from (album, playlist, artist, genre, Liked Songs, or the song itself), latest first.' });

const playerSettings = {
  index: count,
  position: z.number().min(0).describe('Seconds into the current song.'),
  volume: z.number().min(0).max(1),
  shuffle: z.boolean(),
  repeat: z.enum(REPEAT_MODES),
  updated_at: timestamp,
};
export const savedPlayerStateSchema = z.object({ queue: z.array(id), ...playerSettings }).meta({ id: 'SavedPlayerState' });
export const playerStateSchema = z.object({ queue: z.array(songSchema), ...playerSettings }).meta({ id: 'PlayerState' });

export const playlistSongPlaceSchema = z
  .object({ song_id: id, index: count.describe('0-based.'), total: count, after_song_id: id.nullable(), before_song_id: id.nullable() })
  .meta({ id: 'PlaylistSongPlace', description: 'Where a moved song is now.' });

export const importResultSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('imported'),
      song: songSchema,
      album: albumSchema.nullable(),
      album_created: z.boolean(),
      cover: z.enum(['embedded', 'sidecar', 'album', 'generated']),
      lyrics: z.enum(['embedded', 'lrc']).nullable().optional().describe('Where the lyrics kept came from; null when none (always sent).'),
      warnings: z.array(z.string()).optional().describe('What was dropped without failing the song, e.g. unreadable lyrics (always sent).'),
    }),
    z.object({ status: z.literal('duplicate'), song: songSchema }),
  ])
  .meta({ id: 'ImportResult' });

export const lyricsSchema = z
  .object({
    song_id: id,
    synced: z
      .array(z.object({ start_ms: z.number().int().min(0).describe('Milliseconds from the start.'), text: z.string() }))
      .nullable()
      .describe('Timed lines by start; null for plain lyrics.'),
    plain: z.string().nullable().describe('The text when there are no timestamps; null when `synced` is set.'),
    source: z.enum(LYRICS_SOURCES).describe('user (the owner’s edit) > lrc (a sidecar .lrc) > embedded (the file’s tags).'),
    lang: z.string().nullable(),
    updated_at: timestamp,
  })
  .meta({ id: 'Lyrics' });

export const importCheckResultSchema = z
  .object({ duplicates: z.record(z.string(), id).describe('SHA-256 (lower case) to the id of the song that holds those bytes; hashes not listed are new.') })
  .meta({ id: 'ImportCheckResult' });

export const healthSchema = z
  .object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), uptime_seconds: count })
  .meta({ id: 'Health' });

const appPasswordFields = {
  id,
  name: z.string(),
  created_at: timestamp,
  last_used_at: timestamp.nullable().describe('When an app last signed in with it; null until one does.'),
  last_used_client: z.string().nullable().describe('The client name (`c`) the app sent then.'),
};
export const appPasswordSchema = z.object(appPasswordFields).meta({ id: 'AppPassword', description: 'An app password for Subsonic apps (docs/subsonic.md); its secret is never shown again.' });
export const createdAppPasswordSchema = z
  .object({ ...appPasswordFields, password: z.string().describe('The secret, shown this once: the password (or API key) to type into an app.') })
  .meta({ id: 'CreatedAppPassword' });
export const appPasswordsSchema = z
  .object({ app_passwords: z.array(appPasswordSchema).describe('Newest first.'), username: z.string().describe('What an app signs in with.') })
  .meta({ id: 'AppPasswords' });

const shareFields = {
  id,
  kind: z.enum(SHARE_KINDS),
  item_id: id,
  item_name: z.string(),
  created_at: timestamp,
  expires_at: timestamp.nullable().describe('Null: never expires.'),
  opens: count.describe('How often the share page or its data was opened.'),
  state: z.enum(['active', 'expired', 'private']).describe('Whether the link plays now: `private` while a shared playlist is private.'),
};
export const shareSchema = z.object(shareFields).meta({ id: 'Share', description: 'A share link as its owner sees it (docs/shares.md); the token is never shown again.' });
export const createdShareSchema = z
  .object({ ...shareFields, token: z.string(), url: z.string().describe('The share page, absolute.'), embed_url: z.string().describe('The embeddable player, absolute.') })
  .meta({ id: 'CreatedShare' });
export const sharesPageSchema = page('shares', shareSchema, 'SharesPage');
export const sharedSongSchema = z
  .object({
    id,
    name: z.string(),
    artists: z.array(z.string()),
    album_name: z.string().nullable(),
    duration: z.number(),
    track: z.number().int().nullable(),
    cover_url: fileUrl,
    stream_url: z.string().describe('`/api/shares/{token}/songs/{id}/stream`: this song through the share only.'),
    can_play_type: z.string().describe('What to ask `canPlayType`; when the browser cannot, add `?format=mp3`.'),
  })
  .meta({ id: 'SharedSong' });
export const sharedItemSchema = z
  .object({
    kind: z.enum(SHARE_KINDS),
    name: z.string(),
    by: z.array(z.string()),
    description: z.string().nullable(),
    cover_url: fileUrl.nullable(),
    song_count: count,
    songs: z.array(sharedSongSchema),
    expires_at: timestamp.nullable(),
  })
  .meta({ id: 'SharedItem', description: 'What anyone with a share link sees: names, cover, credited artists and the songs, never an email or another item.' });
export const oembedSchema = z
  .object({
    version: z.literal('1.0'),
    type: z.literal('rich'),
    title: z.string(),
    author_name: z.string(),
    provider_name: z.string(),
    provider_url: z.string(),
    html: z.string().describe('An iframe of the embeddable player (`/embed/{token}`).'),
    width: count,
    height: count,
    thumbnail_url: z.string().optional(),
    thumbnail_width: count.optional(),
    thumbnail_height: count.optional(),
    cache_age: count,
  })
  .meta({ id: 'OEmbed' });

/** Both directions of assignability: a schema may neither add nor lose a field of its interface. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type Out<S extends z.ZodType> = z.output<S>;

export type SchemasMatchTypes = [
  Expect<Same<Out<typeof errorBodySchema>, ApiErrorBody>>,
  Expect<Same<Out<typeof sessionUserSchema>, SessionUser>>,
  Expect<Same<Out<typeof sessionProbeSchema>, SessionProbe>>,
  Expect<Same<Out<typeof publicUserSchema>, PublicUser>>,
  Expect<Same<Out<typeof csrfTokenSchema>, CsrfTokenResponse>>,
  Expect<Same<Out<typeof songSchema>, Song>>,
  Expect<Same<Out<typeof lyricsSchema>, Lyrics>>,
  Expect<Same<Out<typeof albumSchema>, Album>>,
  Expect<Same<Out<typeof albumDetailSchema>, AlbumDetail>>,
  Expect<Same<Out<typeof playlistSchema>, Playlist>>,
  Expect<Same<Out<typeof playlistDetailSchema>, PlaylistDetail>>,
  Expect<Same<Out<typeof playlistSongSchema>, PlaylistSong>>,
  Expect<Same<Out<typeof likedSongSchema>, LikedSong>>,
  Expect<Same<Out<typeof likeRecordSchema>, LikeRecord>>,
  Expect<Same<Out<typeof unlikedSchema>, UnlikedResponse>>,
  Expect<Same<Out<typeof deletedSchema>, DeletedResponse>>,
  Expect<Same<Out<typeof songsPageSchema>, SongsResponse>>,
  Expect<Same<Out<typeof songsPageSchema>, AlbumSongsResponse>>,
  Expect<Same<Out<typeof albumsPageSchema>, AlbumsResponse>>,
  Expect<Same<Out<typeof playlistsPageSchema>, PlaylistsResponse>>,
  Expect<Same<Out<typeof playlistSongsPageSchema>, PlaylistSongsResponse>>,
  Expect<Same<Out<typeof usersPageSchema>, UsersResponse>>,
  Expect<Same<Out<typeof likedSongsPageSchema>, LikedSongsPage>>,
  Expect<Same<Out<typeof userPlaylistsSchema>, UserPlaylistsResponse>>,
  Expect<Same<Out<typeof userProfileSchema>, UserProfile>>,
  Expect<Same<Out<typeof userSongSchema>, UserSong>>,
  Expect<Same<Out<typeof userSongsPageSchema>, UserSongsResponse>>,
  Expect<Same<Out<typeof searchResultsSchema>, SearchResponse>>,
  Expect<Same<Out<typeof playResultSchema>, PlayResponse>>,
  Expect<Same<Out<typeof recentlyPlayedSchema>, RecentlyPlayedResponse>>,
  Expect<Same<Out<typeof historySchema>, HistoryResponse>>,
  Expect<Same<Out<typeof historySettingsAnswerSchema>, HistorySettings>>,
  Expect<Same<Out<typeof historyClearedSchema>, HistoryClearedResponse>>,
  Expect<Same<Out<typeof topSchema>, TopResponse>>,
  Expect<Same<Out<typeof recentItemsSchema>, RecentItemsResponse>>,
  Expect<Same<Out<typeof savedPlayerStateSchema>, SavedPlayerState>>,
  Expect<Same<Out<typeof playerStateSchema>, PlayerState>>,
  Expect<Same<Out<typeof playlistSongPlaceSchema>, PlaylistSongPlace>>,
  Expect<Same<Out<typeof importResultSchema>, ImportResponse>>,
  Expect<Same<Out<typeof importCheckResultSchema>, ImportCheckResponse>>,
  Expect<Same<Out<typeof healthSchema>, HealthResponse>>,
  Expect<Same<Out<typeof artistsPageSchema>, ArtistsResponse>>,
  Expect<Same<Out<typeof artistDetailSchema>, ArtistDetail>>,
  Expect<Same<Out<typeof genresSchema>, GenresResponse>>,
  Expect<Same<Out<typeof genreSongsPageSchema>, GenreSongsResponse>>,
  Expect<Same<Out<typeof rescanStatusSchema>, RescanStatus>>,
  Expect<Same<Out<typeof songsTagsResultSchema>, SongsTagsResponse>>,
  Expect<Same<Out<typeof appPasswordSchema>, AppPassword>>,
  Expect<Same<Out<typeof createdAppPasswordSchema>, CreatedAppPassword>>,
  Expect<Same<Out<typeof appPasswordsSchema>, AppPasswordsResponse>>,
  Expect<Same<Out<typeof shareSchema>, Share>>,
  Expect<Same<Out<typeof createdShareSchema>, CreatedShare>>,
  Expect<Same<Out<typeof sharesPageSchema>, SharesPage>>,
  Expect<Same<Out<typeof sharedSongSchema>, SharedSong>>,
  Expect<Same<Out<typeof sharedItemSchema>, SharedItem>>,
  Expect<Same<Out<typeof oembedSchema>, OEmbedResponse>>,
];
