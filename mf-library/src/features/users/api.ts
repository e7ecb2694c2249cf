import type { Album, AlbumsResponse, Playlist, PlaylistsResponse, UserSongsResponse } from '@tunafy/contracts';
import { cursorPages, offsetRows } from '../shared/api';

export const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;
/** The user's albums and the playlists the viewer may see there (the server leaves others' private ones out). */
export const userAlbumsPath = (id: string) => `${userPath(id)}/albums`;
export const userPlaylistsPath = (id: string) => `${userPath(id)}/playlists`;

/** A user's songs by position, most played first: read a page at a time (an importer can own 100,000). */
export const userSongRows = (userId: string) => offsetRows(`${userPath(userId)}/songs`, (answer: UserSongsResponse) => ({ items: answer.songs, total: answer.total }));

/** The user's albums, oldest first, a page at a time (for a grid with Show more). */
export const userAlbumPages = (userId: string) => cursorPages<AlbumsResponse, Album>(userAlbumsPath(userId), (answer) => ({ items: answer.albums, next: answer.next_cursor }));

/** The playlists of the user that the viewer may see, oldest first, a page at a time. */
export const userPlaylistPages = (userId: string) =>
  cursorPages<PlaylistsResponse, Playlist>(userPlaylistsPath(userId), (answer) => ({ items: answer.playlists, next: answer.next_cursor }));
