import { z } from 'zod';
import { loginSchema, signupSchema } from '../auth.js';
import { APP_PASSWORD_LIMITS, appPasswordInputSchema } from '../app-passwords.js';
import { artistsQuerySchema, rescanRequestSchema, songsTagsSchema, songTagsSchema } from '../artists.js';
import { COVER_FORMATS, COVER_SIZE_ASK_MAX, COVER_SIZE_ASK_MIN, COVER_SIZES } from '../covers.js';
import { importCheckSchema, importFieldsSchema } from '../imports.js';
import { albumFieldsSchema, idSchema, pageQuerySchema, playlistFieldsSchema, searchQuerySchema, songFieldsSchema, songRefSchema } from '../library.js';
import { historyQuerySchema, historySettingsSchema, playerStateInputSchema, playInputSchema, recentItemsQuerySchema, recentlyPlayedQuerySchema, topQuerySchema } from '../listening.js';
import { lyricsInputSchema } from '../lyrics.js';
import { MESSAGES } from '../messages.js';
import { playlistMoveSchema } from '../playlist-order.js';
import { oembedQuerySchema, shareInputSchema, shareTokenSchema } from '../shares.js';
import { SHARE_LIMITS } from '../shares-limits.js';
import * as answers from './schemas.js';

/**
 * Every operation of the API, once. The OpenAPI document (`/api/docs/openapi.json`) is generated from this table
 * and the zod schemas it names; services/api's `openapi-routes.test.ts` fails when a route Nest registers is
 * missing here or one listed here is not registered, its `openapi-handlers.ts` fails the type check when a
 * controller method's answer is not the one documented here, and packages/api-client's check fails when the
 * document's generated types disagree with the contracts' types (docs/api.md, "The published contract").
 * Adding a route: its line here, and its line in services/api/src/bootstrap/openapi-handlers.ts.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** `public`: guests too (some routes answer more to a member); `member`: 401 without a session. */
export type Access = 'public' | 'member';

/** How a body may be sent: JSON, urlencoded, multipart (`UploadFiles([])` routes take all three). */
export type BodyEncoding = 'json' | 'form' | 'multipart';

export interface RouteBody {
  schema: z.ZodType;
  encodings: readonly BodyEncoding[];
}

export interface RouteResponse {
  description: string;
  /** JSON answer; absent for `file` answers and empty ones (304). */
  schema?: z.ZodType;
  /** A stored media file (cover or audio) instead of JSON. */
  file?: true;
}

/** Error statuses beyond the ones every route of its kind can answer (see `document.ts`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 416 | 429;

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI form: `{id}` where Nest has `:id`. */
  path: `/api/${string}`;
  tag: string;
  summary: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: RouteBody;
  responses: Partial<Record<200 | 201 | 202 | 204 | 206 | 304 | 503, RouteResponse>>;
  errors?: readonly ErrorStatus[];
}

const idParam = z.object({ id: idSchema });
const userIdParam = z.object({ userId: idSchema });

const coverFile = z.file().describe(`The cover picture. ${MESSAGES.coverFormat} At most 10 MB; checked by its bytes.`);
const mp3File = z.file().describe('The song, an MP3 of at most 30 MB; checked by its bytes, its duration read from it.');
// Generic helpers, so each route keeps its schemas' own types (RouteAnswers below depends on them).
const body = <S extends z.ZodType, const E extends readonly BodyEncoding[]>(schema: S, encodings: E) => ({ schema, encodings });
const songRefBody = body(songRefSchema, ['json', 'form', 'multipart']);
const playInputBody = body(playInputSchema, ['json', 'form', 'multipart']);
const json = <S extends z.ZodType>(schema: S) => body(schema, ['json', 'form']);
const multipart = <S extends z.ZodType>(schema: S) => body(schema, ['multipart']);

const ok = <S extends z.ZodType>(schema: S, description = 'OK') => ({ 200: { description, schema } });
const created = <S extends z.ZodType>(schema: S, description = 'Created') => ({ 201: { description, schema } });

export const API_ROUTES = [
  // auth
  { method: 'get', path: '/api/auth', tag: 'auth', access: 'public', summary: 'Session check: the logged-in user, or 401 with errors', responses: ok(answers.sessionUserSchema), errors: [401] },
  { method: 'get', path: '/api/auth/session', tag: 'auth', access: 'public', summary: "The web app's session check: always 200, the user or null", responses: ok(answers.sessionProbeSchema) },
  {
    method: 'get',
    path: '/api/auth/csrf',
    tag: 'auth',
    access: 'public',
    summary: 'A CSRF token for the x-csrf-token header of state-changing calls (also sent as the x-csrf-token response header)',
    responses: ok(answers.csrfTokenSchema),
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    access: 'public',
    summary: 'Log in with {email, password}; a wrong pair answers 401 with errors.password',
    body: json(loginSchema),
    responses: ok(answers.sessionUserSchema, 'Logged in; the session cookie is set and the id rotated'),
    errors: [401, 429],
  },
  {
    method: 'post',
    path: '/api/auth/signup',
    tag: 'auth',
    access: 'public',
    summary: 'Create an account with {email, username, password} and log in',
    body: json(signupSchema),
    responses: created(answers.sessionUserSchema, 'Signed up and logged in'),
    errors: [409, 429],
  },
  { method: 'get', path: '/api/auth/logout', tag: 'auth', access: 'public', summary: 'Log out (kept as GET for the spec; cross-site GETs are refused)', responses: ok(answers.messageSchema), errors: [403] },
  { method: 'post', path: '/api/auth/logout', tag: 'auth', access: 'public', summary: 'Log out', responses: ok(answers.messageSchema) },

  // songs
  {
    method: 'get',
    path: '/api/songs',
    tag: 'songs',
    access: 'member',
    summary: 'All songs, oldest first; a page with limit and cursor or offset, else the whole list (streamed when long); ETag for 304s',
    query: pageQuerySchema,
    responses: { ...ok(answers.songsPageSchema), 304: { description: 'Not modified (If-None-Match)' } },
  },
  {
    method: 'post',
    path: '/api/songs/new',
    tag: 'songs',
    access: 'member',
    summary: 'Create a song; artist and duration come from the session and the mp3',
    body: multipart(songFieldsSchema.extend({ song_cover_url: coverFile, song_file_url: mp3File })),
    responses: created(answers.songSchema),
    errors: [404, 413],
  },
  { method: 'get', path: '/api/songs/{id}', tag: 'songs', access: 'member', summary: 'One song', params: idParam, responses: ok(answers.songSchema) },
  {
    method: 'put',
    path: '/api/songs/{id}/update',
    tag: 'songs',
    access: 'member',
    summary: 'Rename a song and optionally replace its cover and/or mp3 (artist only)',
    params: idParam,
    body: multipart(songFieldsSchema.pick({ song_name: true }).extend({ song_cover_url: coverFile.optional(), song_file_url: mp3File.optional() })),
    responses: ok(answers.songSchema),
    errors: [413],
  },
  {
    method: 'delete',
    path: '/api/songs/{id}',
    tag: 'songs',
    access: 'member',
    summary: 'Delete a song (artist only); it leaves every album, playlist and collection',
    params: idParam,
    responses: ok(answers.deletedSchema),
  },

  // albums
  {
    method: 'get',
    path: '/api/albums',
    tag: 'albums',
    access: 'public',
    summary: 'All albums, oldest first; a page with limit and cursor or offset; open to guests for the home page; ETag for 304s',
    query: pageQuerySchema,
    responses: { ...ok(answers.albumsPageSchema), 304: { description: 'Not modified (If-None-Match)' } },
  },
  {
    method: 'get',
    path: '/api/albums/current/{userId}',
    tag: 'albums',
    access: 'member',
    summary: 'The user’s own albums as a bare array (:userId must be your own id)',
    params: userIdParam,
    responses: ok(z.array(answers.albumSchema)),
    errors: [403],
  },
  {
    method: 'post',
    path: '/api/albums/new',
    tag: 'albums',
    access: 'member',
    summary: 'Create an album; the artist is the session user',
    body: multipart(albumFieldsSchema.extend({ album_cover_url: coverFile })),
    responses: created(answers.albumSchema),
    errors: [413],
  },
  { method: 'get', path: '/api/albums/{id}', tag: 'albums', access: 'member', summary: 'One album, with its song_count and total_duration', params: idParam, responses: ok(answers.albumDetailSchema) },
  {
    method: 'get',
    path: '/api/albums/{id}/songs',
    tag: 'albums',
    access: 'member',
    summary: 'An album’s songs by disc and track; a page with limit and cursor or offset',
    params: idParam,
    query: pageQuerySchema,
    responses: ok(answers.songsPageSchema),
  },
  {
    method: 'put',
    path: '/api/albums/{id}/update',
    tag: 'albums',
    access: 'member',
    summary: 'Rename an album and optionally replace its cover (artist only)',
    params: idParam,
    body: multipart(albumFieldsSchema.extend({ album_cover_url: coverFile.optional() })),
    responses: ok(answers.albumSchema),
    errors: [413],
  },
  {
    method: 'put',
    path: '/api/albums/{id}/add',
    tag: 'albums',
    access: 'member',
    summary: 'Put one of your songs into your album; moves it from another album; answers the album’s first page of songs',
    params: idParam,
    body: songRefBody,
    responses: ok(answers.songsPageSchema),
  },
  {
    method: 'put',
    path: '/api/albums/{id}/remove',
    tag: 'albums',
    access: 'member',
    summary: 'Take a song out of your album; 404 if it is not in it; answers the album’s remaining songs (first page)',
    params: idParam,
    body: songRefBody,
    responses: ok(answers.songsPageSchema),
  },
  { method: 'delete', path: '/api/albums/{id}', tag: 'albums', access: 'member', summary: 'Delete an album (artist only); its songs stay, with no album', params: idParam, responses: ok(answers.deletedSchema) },

  // playlists
  {
    method: 'get',
    path: '/api/playlists',
    tag: 'playlists',
    access: 'public',
    summary: 'Public playlists, plus the viewer’s own private ones (the home page; open to guests)',
    query: pageQuerySchema,
    responses: ok(answers.playlistsPageSchema),
  },
  {
    method: 'post',
    path: '/api/playlists/new',
    tag: 'playlists',
    access: 'member',
    summary: 'Create a playlist; the creator is the session user',
    body: multipart(playlistFieldsSchema.extend({ playlist_cover_url: coverFile.optional() })),
    responses: created(answers.playlistSchema),
    errors: [413],
  },
  {
    method: 'get',
    path: '/api/playlists/{id}',
    tag: 'playlists',
    access: 'member',
    summary: 'One playlist with its song_count and total_duration; someone else’s private playlist answers 404',
    params: idParam,
    responses: ok(answers.playlistDetailSchema),
  },
  {
    method: 'get',
    path: '/api/playlists/{id}/songs',
    tag: 'playlists',
    access: 'member',
    summary: 'A playlist’s entries in playlist order, each with its song embedded; a page with limit and cursor or offset',
    params: idParam,
    query: pageQuerySchema,
    responses: ok(answers.playlistSongsPageSchema),
  },
  {
    method: 'put',
    path: '/api/playlists/{id}/songs/order',
    tag: 'playlists',
    access: 'member',
    summary: 'Move a song of the playlist (creator only) after one song or before one (null: the top or the end); answers where it is now; 409 when the named neighbour left the playlist',
    params: idParam,
    body: body(playlistMoveSchema, ['json']),
    responses: ok(answers.playlistSongPlaceSchema),
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/playlists/{id}/manage',
    tag: 'playlists',
    access: 'member',
    summary: 'The user’s own playlists, private ones included (:id is the user’s id; only your own)',
    params: idParam,
    responses: ok(answers.userPlaylistsSchema),
    errors: [403],
  },
  {
    method: 'put',
    path: '/api/playlists/{id}/add',
    tag: 'playlists',
    access: 'member',
    summary: 'Add a song; adding it again is a no-op',
    params: idParam,
    body: songRefBody,
    responses: ok(answers.playlistSongSchema),
  },
  {
    method: 'delete',
    path: '/api/playlists/{id}/remove',
    tag: 'playlists',
    access: 'member',
    summary: 'Remove a song (the body carries song_id); answers the playlist’s remaining songs (first page)',
    params: idParam,
    body: songRefBody,
    responses: ok(answers.playlistSongsPageSchema),
  },
  {
    method: 'delete',
    path: '/api/playlists/{id}',
    tag: 'playlists',
    access: 'member',
    summary: 'Delete a playlist with its entries and cover (creator only)',
    params: idParam,
    responses: ok(answers.deletedSchema),
  },

  // users
  { method: 'get', path: '/api/users', tag: 'users', access: 'member', summary: 'Ids and usernames of all users (never emails)', query: pageQuerySchema, responses: ok(answers.usersPageSchema) },
  {
    method: 'get',
    path: '/api/users/{id}',
    tag: 'users',
    access: 'member',
    summary: 'A user page’s header: id, username, song_count, album_count and the playlist_count the viewer may see',
    params: idParam,
    responses: ok(answers.userProfileSchema),
  },
  {
    method: 'get',
    path: '/api/users/{id}/songs',
    tag: 'users',
    access: 'member',
    summary: 'The user’s songs, most played first, ties oldest first, each with its plays; a page with limit and cursor or offset',
    params: idParam,
    query: pageQuerySchema,
    responses: ok(answers.userSongsPageSchema),
  },
  {
    method: 'get',
    path: '/api/users/{id}/albums',
    tag: 'users',
    access: 'member',
    summary: 'The user’s albums, oldest first; a page with limit and cursor or offset',
    params: idParam,
    query: pageQuerySchema,
    responses: ok(answers.albumsPageSchema),
  },
  {
    method: 'get',
    path: '/api/users/{id}/playlists',
    tag: 'users',
    access: 'member',
    summary: 'The user’s public playlists, plus their private ones only when you are that user',
    params: idParam,
    query: pageQuerySchema,
    responses: ok(answers.playlistsPageSchema),
  },

  // collection
  {
    method: 'get',
    path: '/api/collection/{userId}/tracks',
    tag: 'collection',
    access: 'member',
    summary: 'Your liked songs, newest first (:userId must be your own id): every one as a bare array, or with limit (and cursor or offset) a page',
    params: userIdParam,
    query: pageQuerySchema,
    responses: ok(z.union([z.array(answers.likedSongSchema), answers.likedSongsPageSchema]), 'A bare array without `limit`, a page with it'),
    errors: [403],
  },
  {
    method: 'post',
    path: '/api/collection/{userId}/new',
    tag: 'collection',
    access: 'member',
    summary: 'Like a song; 201 when new, 200 with the same record when already liked',
    params: userIdParam,
    body: songRefBody,
    responses: { ...created(answers.likeRecordSchema, 'Liked'), ...ok(answers.likeRecordSchema, 'Already liked: the same record') },
  },
  {
    method: 'delete',
    path: '/api/collection/{userId}/delete',
    tag: 'collection',
    access: 'member',
    summary: 'Unlike a song; idempotent, 200 {song_id, liked: false} even if it was not liked',
    params: userIdParam,
    body: songRefBody,
    responses: ok(answers.unlikedSchema),
  },
  {
    method: 'get',
    path: '/api/collection/{userId}/liked/{songId}',
    tag: 'collection',
    access: 'member',
    summary: 'Your like record for a song, or 404 when you have not liked it',
    params: z.object({ userId: idSchema, songId: idSchema }),
    responses: ok(answers.likeRecordSchema),
    errors: [403],
  },

  // listening
  {
    method: 'post',
    path: '/api/plays',
    tag: 'listening',
    access: 'member',
    summary: 'Count a play after 30 s or at the end; 201 {counted: true}, or 200 {counted: false} within 30 s of the last counted play of that song. `context` (the queue source: album:<id>, playlist:<id>, artist:<id>, genre:<name>, liked) feeds Recently played',
    body: playInputBody,
    responses: { ...created(answers.playResultSchema, 'Counted'), ...ok(answers.playResultSchema, 'Not counted again') },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/me/recently-played',
    tag: 'listening',
    access: 'member',
    summary: 'Your recently played songs, distinct, most recent first',
    query: recentlyPlayedQuerySchema,
    responses: ok(answers.recentlyPlayedSchema),
  },
  {
    method: 'put',
    path: '/api/me/player-state',
    tag: 'listening',
    access: 'member',
    summary: 'Save your player; answers what was stored, the queue as ids',
    body: body(playerStateInputSchema, ['json']),
    responses: ok(answers.savedPlayerStateSchema),
  },
  {
    method: 'get',
    path: '/api/me/player-state',
    tag: 'listening',
    access: 'member',
    summary: 'Your saved player with the queue as songs; deleted songs are dropped and index still points at the same song; 204 if never saved',
    responses: { ...ok(answers.playerStateSchema), 204: { description: 'Nothing saved yet' } },
  },
  {
    method: 'get',
    path: '/api/me/history',
    tag: 'listening',
    access: 'member',
    summary: 'Your plays, newest first, a page at a time (plays of deleted songs left out); `paused` says whether plays are being kept',
    query: historyQuerySchema,
    responses: ok(answers.historySchema),
  },
  {
    method: 'put',
    path: '/api/me/history/settings',
    tag: 'listening',
    access: 'member',
    summary: 'Pause or resume your history: while paused, plays still count for the song but not in your history or top lists',
    body: body(historySettingsSchema, ['json']),
    responses: ok(answers.historySettingsAnswerSchema),
  },
  {
    method: 'delete',
    path: '/api/me/history',
    tag: 'listening',
    access: 'member',
    summary: 'Clear your history and top lists',
    responses: ok(answers.historyClearedSchema),
  },
  {
    method: 'get',
    path: '/api/me/recent-items',
    tag: 'listening',
    access: 'member',
    summary: 'Recently played: the albums, playlists, artists, genres, Liked Songs and songs you last played from, latest first',
    query: recentItemsQuerySchema,
    responses: ok(answers.recentItemsSchema),
  },
  {
    method: 'get',
    path: '/api/me/top',
    tag: 'listening',
    access: 'member',
    summary: 'Your most played songs, credited artists and albums of this month, this year or all time',
    query: topQuerySchema,
    responses: ok(answers.topSchema),
  },

  // credited artists and genres (docs/artists.md)
  {
    method: 'get',
    path: '/api/artists',
    tag: 'artists',
    access: 'member',
    summary: 'Credited artists with a song or an album, A–Z by sort name (names listed under # first); `letter` keeps one letter (A–Z, #); paged like the lists',
    query: pageQuerySchema.extend(artistsQuerySchema.shape),
    responses: ok(answers.artistsPageSchema),
  },
  { method: 'get', path: '/api/artists/{id}', tag: 'artists', access: 'member', summary: 'An artist’s page: albums newest first, top songs by plays, appears on', params: idParam, responses: ok(answers.artistDetailSchema), errors: [404] },
  { method: 'get', path: '/api/genres', tag: 'artists', access: 'member', summary: 'Every genre a song has, by name, with its song count', responses: ok(answers.genresSchema) },
  {
    method: 'get',
    path: '/api/genres/{name}/songs',
    tag: 'artists',
    access: 'member',
    summary: 'A genre’s songs (the tag as stored, case included), oldest first; paged like the lists',
    params: z.object({ name: z.string().min(1) }),
    query: pageQuerySchema,
    responses: ok(answers.genreSongsPageSchema),
    errors: [404],
  },

  // lyrics (docs/lyrics.md)
  {
    method: 'get',
    path: '/api/songs/{id}/lyrics',
    tag: 'lyrics',
    access: 'member',
    summary: 'A song’s lyrics: timed lines (synced) or plain text, and where they came from; 404 when it has none',
    params: idParam,
    responses: ok(answers.lyricsSchema),
  },
  {
    method: 'put',
    path: '/api/songs/{id}/lyrics',
    tag: 'lyrics',
    access: 'member',
    summary:
      'Set a song’s lyrics (its owner only): LRC ([mm:ss.xx] lines, [offset:]) or plain text, pasted as `text` or uploaded as an .lrc/.txt multipart `file`; cleaned, at most 64 KB of text and 2,000 lines',
    params: idParam,
    // `text` is required unless a multipart body carries the file instead (`file`, an .lrc or .txt of at most 256 KB).
    body: body(lyricsInputSchema.partial({ text: true }), ['json', 'form', 'multipart']),
    responses: ok(answers.lyricsSchema),
    errors: [403, 404, 413],
  },
  {
    method: 'delete',
    path: '/api/songs/{id}/lyrics',
    tag: 'lyrics',
    access: 'member',
    summary: 'Remove a song’s lyrics (its owner only)',
    params: idParam,
    responses: ok(answers.deletedSchema),
    errors: [403, 404],
  },

  {
    method: 'put',
    path: '/api/songs/{id}/tags',
    tag: 'artists',
    access: 'member',
    summary: 'Correct a song’s credited artists, its album’s album artist, its genre and year (the song’s owner only); left out: unchanged, null or []: cleared',
    params: idParam,
    body: { schema: songTagsSchema, encodings: ['json'] },
    responses: ok(answers.songSchema),
    errors: [403, 404],
  },
  {
    method: 'put',
    path: '/api/songs/tags',
    tag: 'artists',
    access: 'member',
    summary: 'The same corrections for up to 500 of your songs at once; nothing changes when one of them is not yours (403) or not there (404)',
    body: { schema: songsTagsSchema, encodings: ['json'] },
    responses: ok(answers.songsTagsResultSchema),
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/api/admin/rescan',
    tag: 'artists',
    access: 'member',
    summary: 'Starts reading the tags of stored songs to credit their artists (accounts in ADMIN_EMAILS only; 403 otherwise); answers at once with the run’s status',
    body: { schema: rescanRequestSchema, encodings: ['json'] },
    responses: { 202: { description: 'Started, or already running', schema: answers.rescanStatusSchema } },
    errors: [403],
  },
  { method: 'get', path: '/api/admin/rescan', tag: 'artists', access: 'member', summary: 'The rescan’s progress in this API process (ADMIN_EMAILS only)', responses: ok(answers.rescanStatusSchema), errors: [403] },

  // app passwords for Subsonic apps (docs/subsonic.md)
  { method: 'get', path: '/api/me/app-passwords', tag: 'apps', access: 'member', summary: 'Your app passwords for Subsonic apps, newest first, and the username apps sign in with', responses: ok(answers.appPasswordsSchema) },
  {
    method: 'post',
    path: '/api/me/app-passwords',
    tag: 'apps',
    access: 'member',
    summary: `Make an app password; the answer holds its secret, shown this once (at most ${APP_PASSWORD_LIMITS.perUserMax} per account: 409 past it)`,
    body: json(appPasswordInputSchema),
    responses: created(answers.createdAppPasswordSchema),
    errors: [409],
  },
  {
    method: 'delete',
    path: '/api/me/app-passwords/{id}',
    tag: 'apps',
    access: 'member',
    summary: 'Revoke an app password: every app using it is refused from then on, on every replica within a second',
    params: idParam,
    responses: ok(answers.deletedSchema),
    errors: [404],
  },

  // share links (docs/shares.md)
  {
    method: 'post',
    path: '/api/shares',
    tag: 'shares',
    access: 'member',
    summary: `Make a share link of your song, album or public playlist (private playlists: 403); optionally expiring. The answer holds the link, shown this once (at most ${SHARE_LIMITS.perUserMax} per account: 409 past it)`,
    body: json(shareInputSchema),
    responses: created(answers.createdShareSchema),
    errors: [403, 404, 409],
  },
  { method: 'get', path: '/api/me/shares', tag: 'shares', access: 'member', summary: 'Your share links, newest first; links whose item was deleted are gone', query: pageQuerySchema, responses: ok(answers.sharesPageSchema) },
  {
    method: 'delete',
    path: '/api/shares/{id}',
    tag: 'shares',
    access: 'member',
    summary: 'Revoke a share link: it answers 404 from then on, on every replica within a second',
    params: idParam,
    responses: ok(answers.deletedSchema),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/shares/{token}',
    tag: 'shares',
    access: 'public',
    summary: 'What a share link shows, without an account: names, cover, credited artists and the songs. An unknown, revoked or expired token, or one whose item is gone or private, answers the same 404; too many such from one address a minute: 429',
    params: z.object({ token: shareTokenSchema }),
    responses: ok(answers.sharedItemSchema),
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/api/shares/{token}/songs/{songId}/stream',
    tag: 'shares',
    access: 'public',
    summary: "A song of the share's item, streamed as `/api/songs/{id}/stream` does (Range, `format`, `maxBitRate`); any other song: 404",
    params: z.object({ token: shareTokenSchema, songId: idSchema }),
    query: z.object({
      maxBitRate: z.coerce.number().int().positive().optional().describe('kbit/s, clamped to 96–320'),
      format: z.enum(['mp3', 'opus', 'aac']).optional().describe('Transcode to this whatever the original'),
    }),
    responses: {
      200: { description: 'The audio', file: true },
      206: { description: 'The requested range', file: true },
    },
    errors: [404, 416, 429],
  },
  {
    method: 'get',
    path: '/api/oembed',
    tag: 'shares',
    access: 'public',
    summary: 'oEmbed (type "rich") for a share page URL: a card with the embeddable player in an iframe',
    query: oembedQuerySchema,
    responses: ok(answers.oembedSchema),
    errors: [404, 429],
  },

  // search
  {
    method: 'get',
    path: '/api/search',
    tag: 'search',
    access: 'member',
    summary:
      'Songs (by title, credited artist or album), albums, playlists, credited artists, genres and profiles matching every word of q as a word, a prefix or with a typo (case, accents and punctuation ignored; docs/search.md), best matches first, with the top result; up to `limit` of each. With `type`, that group alone from `offset`, and `next_offset` for the next page',
    query: searchQuerySchema,
    responses: ok(answers.searchResultsSchema),
  },

  // files
  {
    method: 'get',
    path: '/api/files/{id}',
    tag: 'files',
    access: 'public',
    summary:
      'A stored cover or audio file; supports Range, HEAD, If-None-Match and If-Match. Covers are public, audio needs a logged-in user. With `size`, a cover as a centre square of 64, 128, 300 or 640 px (other sizes snap up; never enlarged) in AVIF, WebP or JPEG (PNG with transparency) by Accept, `Vary: Accept`, immutable, an ETag per file, size and format; a cover that cannot be derived is sent as stored (docs/covers.md)',
    params: idParam,
    query: z.object({
      size: z.coerce.number().int().min(COVER_SIZE_ASK_MIN).max(COVER_SIZE_ASK_MAX).optional().describe(`Square edge in px, snapped up to one of ${COVER_SIZES.join(', ')}; pictures only`),
      format: z.enum(COVER_FORMATS).optional().describe('With size: this format whatever Accept says'),
    }),
    responses: {
      200: { description: 'The file', file: true },
      206: { description: 'The requested range', file: true },
      304: { description: 'Not modified (If-None-Match)' },
    },
    errors: [400, 401, 412, 416],
  },

  {
    method: 'get',
    path: '/api/songs/{id}/stream',
    tag: 'files',
    access: 'member',
    summary:
      "A song's audio at a quality (docs/streaming.md): the stored file as `/api/files/{id}` sends it, or a transcode when `format` is given or `maxBitRate` is below the file's own bitrate. A transcoded MP3 declares duration × bitrate × 125 bytes and takes Range like a file. 429 `TOO_MANY_TRANSCODES` past the caps (Retry-After), 422 `TRANSCODE_FAILED` when the file cannot be decoded, 503 `TRANSCODING_UNAVAILABLE` without ffmpeg",
    params: idParam,
    query: z.object({
      maxBitRate: z.coerce.number().int().positive().optional().describe('kbit/s, clamped to 96–320: transcode to MP3 when the original is above it'),
      format: z.enum(['mp3', 'opus', 'aac']).optional().describe('Transcode to this whatever the original (the web player asks for mp3)'),
      offset: z.coerce.number().min(0).optional().describe('Start at this second (an uncached transcode; players seek with Range instead)'),
    }),
    responses: {
      200: { description: 'The audio', file: true },
      206: { description: 'The requested range', file: true },
    },
    errors: [401, 404, 416, 429],
  },

  // uploads
  {
    method: 'post',
    path: '/api/uploads/songs',
    tag: 'uploads',
    access: 'member',
    summary:
      'Bulk upload, one audio file per request: MP3, FLAC, AAC/ALAC (.m4a), Ogg Vorbis, Opus or WAV by the bytes; the optional fields override the tags. See docs/import.md',
    body: multipart(
      importFieldsSchema.extend({
        file: z.file().describe('The audio file; its format is judged by its bytes, its size limit depends on the format.'),
        cover: coverFile.optional().describe('A cover picture for the song when its tags carry none (a sidecar cover.jpg).'),
        lyrics: z.file().optional().describe('The .lrc of the same name found beside the file (at most 256 KB); it wins over lyrics in the tags. Bad lyrics are a warning, never a failure.'),
      }),
    ),
    responses: { ...created(answers.importResultSchema, 'Imported'), ...ok(answers.importResultSchema, 'The same bytes are already one of your songs (status "duplicate")') },
    errors: [409, 413, 415],
  },
  {
    method: 'post',
    path: '/api/uploads/check',
    tag: 'uploads',
    access: 'member',
    summary: 'Which files (by the SHA-256 of their bytes) you already have as songs',
    body: body(importCheckSchema, ['json']),
    responses: ok(answers.importCheckResultSchema),
  },

  // health
  {
    method: 'get',
    path: '/api/health',
    tag: 'health',
    access: 'public',
    summary: 'Liveness and database status; 503 with the same body while the database is unreachable',
    responses: { ...ok(answers.healthSchema), 503: { description: 'The database is unreachable (`database: "down"`)', schema: answers.healthSchema } },
  },
] as const satisfies readonly ApiRoute[];

export type ApiRouteEntry = (typeof API_ROUTES)[number];

type RouteKey<R extends ApiRouteEntry> = `${R['method']} ${R['path']}`;
type JsonAnswer<A> = A extends { schema: infer S extends z.ZodType } ? z.output<S> : never;
type JsonBody<R> = R extends { body: { schema: infer S extends z.ZodType; encodings: readonly (infer E)[] } } ? ('json' extends E ? z.input<S> : never) : never;

/** What each operation answers, by status, as the TypeScript the zod schemas give: `RouteAnswers['get /api/songs/{id}'][200]` is a Song. */
export type RouteAnswers = { [R in ApiRouteEntry as RouteKey<R>]: { [S in keyof R['responses']]: JsonAnswer<R['responses'][S]> } };

/** The JSON request body of each operation that takes one (never for multipart-only and bodiless ones). */
export type RouteJsonBodies = { [R in ApiRouteEntry as RouteKey<R>]: JsonBody<R> };
