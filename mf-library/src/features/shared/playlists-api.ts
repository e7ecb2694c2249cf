import { getApiClient } from '@tunafy/api-client';
import type { DeletedResponse, Playlist, PlaylistMove, PlaylistSong, PlaylistSongPlace, PlaylistSongsResponse, PlaylistsResponse } from '@tunafy/contracts';
import { cursorPages, multipart, offsetRows, songForm } from './api';

export const playlistPath = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;
export const playlistSongsPath = (id: string) => `${playlistPath(id)}/songs`;
/** The user's own playlists, private ones included (the Add-to-Playlist picker). */
export const ownPlaylistsPath = (userId: string) => `/api/playlists/${encodeURIComponent(userId)}/manage`;

/** Every playlist the viewer may see (public ones, and their own private ones), a page at a time. */
export const playlistPages = cursorPages<PlaylistsResponse, Playlist>('/api/playlists', (answer) => ({ items: answer.playlists, next: answer.next_cursor }));

/** A playlist's songs by position, in playlist order (its creator's arrangement; added songs last). */
export const playlistSongRows = (playlistId: string) =>
  offsetRows(playlistSongsPath(playlistId), (answer: PlaylistSongsResponse) => ({ items: answer.playlist_songs.map((entry) => entry.song), total: answer.total }));

export interface NewPlaylist {
  playlist_name: string;
  playlist_cover_url: File | null;
  description: string;
  /** The checkbox's checked state, sent as text. */
  private: boolean;
}

export function createPlaylist(playlist: NewPlaylist, onUploadProgress: (fraction: number) => void): Promise<Playlist> {
  return getApiClient().post<Playlist>('/api/playlists/new', { form: multipart({ ...playlist }), onUploadProgress });
}

export const deletePlaylist = (id: string) => getApiClient().delete<DeletedResponse>(playlistPath(id));
export const addSongToPlaylist = (playlistId: string, songId: string) => getApiClient().put<PlaylistSong>(`${playlistPath(playlistId)}/add`, { form: songForm(songId) });
export const removeSongFromPlaylist = (playlistId: string, songId: string) =>
  getApiClient().delete<PlaylistSongsResponse>(`${playlistPath(playlistId)}/remove`, { form: songForm(songId) });

/** Moves one song of the playlist next to another (creator only; docs/api.md, "Playlist order"). */
export function moveSongInPlaylist(playlistId: string, move: PlaylistMove): Promise<PlaylistSongPlace> {
  return getApiClient().put<PlaylistSongPlace>(`${playlistSongsPath(playlistId)}/order`, { json: move });
}
