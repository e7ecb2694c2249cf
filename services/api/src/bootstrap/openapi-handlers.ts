import type { Type } from '@nestjs/common';
import type { RouteAnswers } from '@tunafy/contracts/openapi';
import { AlbumsController } from '../albums/albums.controller.js';
import { ArtistsController } from '../artists/artists.controller.js';
import { RescanController } from '../artists/rescan.controller.js';
import { SongTagsController } from '../song-tags/song-tags.controller.js';
import { AuthController } from '../auth/auth.controller.js';
import { CollectionController } from '../collection/collection.controller.js';
import { HealthController } from '../health/health.controller.js';
import { UploadsController } from '../imports/uploads.controller.js';
import { AppPasswordsController } from '../app-passwords/app-passwords.controller.js';
import { PlayerStateController } from '../listening/player-state.controller.js';
import { HistoryController } from '../listening/history.controller.js';
import { PlaysController } from '../listening/plays.controller.js';
import { FilesController } from '../media/files.controller.js';
import { PlaylistsController } from '../playlists/playlists.controller.js';
import { SearchController } from '../search/search.controller.js';
import { SharesController } from '../shares/shares.controller.js';
import { SongsController } from '../songs/songs.controller.js';
import { LyricsController } from '../lyrics/lyrics.controller.js';
import { StreamingController } from '../streaming/streaming.controller.js';
import { UsersController } from '../users/users.controller.js';

/**
 * Which controller method answers each operation of the route table, checked both ways: the type check below
 * fails when a method's declared answer is not exactly the documented one (or an operation has no line here),
 * and openapi-routes.test.ts fails when Nest routes an operation to another method than the one named here.
 * Only imported by that test; the app itself never loads it.
 */

/** The answer type is a phantom, invariant (a function parameter), so a narrower or wider answer fails too. */
export interface RouteHandler<Answer> {
  controller: Type;
  method: string;
  answer?: (value: Answer) => Answer;
}

type Answer<C, M extends keyof C> = C[M] extends (...args: never[]) => infer R ? Awaited<R> : never;

function handler<C, M extends keyof C & string>(controller: Type<C>, method: M): RouteHandler<Answer<C, M>> {
  return { controller, method };
}

/** Methods that write the answer themselves through `@Res()` (streamed lists, media): their JSON is not typed by a return value. */
function writesResponse<C>(controller: Type<C>, method: keyof C & string): RouteHandler<'written to the response'> {
  return { controller, method };
}

/** Every JSON success answer (2xx, any status) the document gives an operation. */
type DocumentedAnswer<K extends keyof RouteAnswers> = RouteAnswers[K][keyof RouteAnswers[K]];

type HandlerTable = { [K in keyof RouteAnswers]: RouteHandler<DocumentedAnswer<K>> | RouteHandler<'written to the response'> };

export const ROUTE_HANDLERS = {
  'get /api/auth': handler(AuthController, 'session'),
  'get /api/auth/session': handler(AuthController, 'probe'),
  'get /api/auth/csrf': handler(AuthController, 'token'),
  'post /api/auth/login': handler(AuthController, 'login'),
  'post /api/auth/signup': handler(AuthController, 'signup'),
  'get /api/auth/logout': handler(AuthController, 'logoutByGet'),
  'post /api/auth/logout': handler(AuthController, 'logout'),

  'get /api/songs': writesResponse(SongsController, 'list'),
  'post /api/songs/new': handler(SongsController, 'create'),
  'get /api/songs/{id}': handler(SongsController, 'get'),
  'put /api/songs/{id}/update': handler(SongsController, 'update'),
  'delete /api/songs/{id}': handler(SongsController, 'delete'),

  'get /api/albums': writesResponse(AlbumsController, 'list'),
  'get /api/albums/current/{userId}': handler(AlbumsController, 'listOwn'),
  'post /api/albums/new': handler(AlbumsController, 'create'),
  'get /api/albums/{id}': handler(AlbumsController, 'get'),
  'get /api/albums/{id}/songs': handler(AlbumsController, 'songs'),
  'put /api/albums/{id}/update': handler(AlbumsController, 'update'),
  'put /api/albums/{id}/add': handler(AlbumsController, 'addSong'),
  'put /api/albums/{id}/remove': handler(AlbumsController, 'removeSong'),
  'delete /api/albums/{id}': handler(AlbumsController, 'delete'),

  'get /api/playlists': handler(PlaylistsController, 'list'),
  'post /api/playlists/new': handler(PlaylistsController, 'create'),
  'get /api/playlists/{id}': handler(PlaylistsController, 'get'),
  'get /api/playlists/{id}/songs': handler(PlaylistsController, 'songs'),
  'put /api/playlists/{id}/songs/order': handler(PlaylistsController, 'moveSong'),
  'get /api/playlists/{id}/manage': handler(PlaylistsController, 'manage'),
  'put /api/playlists/{id}/add': handler(PlaylistsController, 'addSong'),
  'delete /api/playlists/{id}/remove': handler(PlaylistsController, 'removeSong'),
  'delete /api/playlists/{id}': handler(PlaylistsController, 'delete'),

  'get /api/users': handler(UsersController, 'list'),
  'get /api/users/{id}': handler(UsersController, 'profile'),
  'get /api/users/{id}/songs': handler(UsersController, 'songs'),
  'get /api/users/{id}/albums': handler(UsersController, 'albums'),
  'get /api/users/{id}/playlists': handler(UsersController, 'playlists'),

  'get /api/collection/{userId}/tracks': handler(CollectionController, 'tracks'),
  'post /api/collection/{userId}/new': handler(CollectionController, 'like'),
  'delete /api/collection/{userId}/delete': handler(CollectionController, 'unlike'),
  'get /api/collection/{userId}/liked/{songId}': handler(CollectionController, 'liked'),

  'post /api/plays': handler(PlaysController, 'play'),
  'get /api/me/recently-played': handler(PlaysController, 'recentlyPlayed'),
  'get /api/me/history': handler(HistoryController, 'page'),
  'put /api/me/history/settings': handler(HistoryController, 'settings'),
  'delete /api/me/history': handler(HistoryController, 'clear'),
  'get /api/me/recent-items': handler(HistoryController, 'recentItems'),
  'get /api/me/top': handler(HistoryController, 'top'),
  'put /api/me/player-state': handler(PlayerStateController, 'save'),
  // Sets 204 itself when nothing was saved, so its return type also holds that empty answer.
  'get /api/me/player-state': writesResponse(PlayerStateController, 'load'),
  'get /api/me/app-passwords': handler(AppPasswordsController, 'list'),
  'post /api/me/app-passwords': handler(AppPasswordsController, 'create'),
  'delete /api/me/app-passwords/{id}': handler(AppPasswordsController, 'revoke'),
  'post /api/shares': handler(SharesController, 'create'),
  'get /api/me/shares': handler(SharesController, 'list'),
  'delete /api/shares/{id}': handler(SharesController, 'revoke'),
  'get /api/shares/{token}': handler(SharesController, 'read'),
  'get /api/shares/{token}/songs/{songId}/stream': writesResponse(SharesController, 'stream'),
  'get /api/oembed': handler(SharesController, 'oembed'),

  'get /api/artists': handler(ArtistsController, 'list'),
  'get /api/artists/{id}': handler(ArtistsController, 'get'),
  'get /api/genres': handler(ArtistsController, 'genres'),
  'get /api/genres/{name}/songs': handler(ArtistsController, 'genreSongs'),
  'get /api/songs/{id}/lyrics': handler(LyricsController, 'get'),
  'put /api/songs/{id}/lyrics': handler(LyricsController, 'put'),
  'delete /api/songs/{id}/lyrics': handler(LyricsController, 'delete'),
  'put /api/songs/{id}/tags': handler(SongTagsController, 'correct'),
  'put /api/songs/tags': handler(SongTagsController, 'correctMany'),
  'post /api/admin/rescan': handler(RescanController, 'start'),
  'get /api/admin/rescan': handler(RescanController, 'status'),

  'get /api/search': handler(SearchController, 'find'),
  'get /api/files/{id}': writesResponse(FilesController, 'download'),
  'get /api/songs/{id}/stream': writesResponse(StreamingController, 'stream'),
  'post /api/uploads/songs': handler(UploadsController, 'upload'),
  'post /api/uploads/check': handler(UploadsController, 'check'),
  'get /api/health': handler(HealthController, 'check'),
} satisfies HandlerTable;
