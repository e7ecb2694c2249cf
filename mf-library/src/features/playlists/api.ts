import { getApiClient } from '@tunafy/api-client';
import type { DeletedResponse, Playlist, PlaylistMove, PlaylistSong, PlaylistSongPlace, PlaylistSongsResponse, Song } from '@tunafy/contracts';
import type { FetchRows } from '../../lib/use-paged-rows';

export const playlistPath = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;
export const playlistSongsPath = (id: string) => `${playlistPath(id)}/songs`;
/** The user's own playlists, private ones included (the Add-to-Playlist picker). */
export const ownPlaylistsPath = (userId: string) => `/api/playlists/${encodeURIComponent(userId)}/manage`;

/** A playlist's songs by position, in playlist order (its creator's arrangement; added songs last). */
export function playlistSongRows(playlistId: string): FetchRows<Song> {
  return (offset, limit, signal) =>
    getApiClient()
      .get<PlaylistSongsResponse>(`${playlistSongsPath(playlistId)}?limit=${limit}&offset=${offset}`, { signal })
      .then((answer) => ({ items: answer.playlist_songs.map((entry) => entry.song), total: answer.total }));
}

function songForm(songId: string): FormData {
  const form = new FormData();
  form.append('song_id', songId);
  return form;
}

export interface NewPlaylist {
  playlist_name: string;
  playlist_cover_url: File | null;
  description: string;
  private: boolean;
}

export function createPlaylist(playlist: NewPlaylist, onUploadProgress: (fraction: number) => void): Promise<Playlist> {
  const form = new FormData();
  form.append('playlist_name', playlist.playlist_name);
  if (playlist.playlist_cover_url) form.append('playlist_cover_url', playlist.playlist_cover_url);
  form.append('description', playlist.description);
  // The checkbox's checked state, as text (multipart has no booleans).
  form.append('private', playlist.private ? 'true' : 'false');
  return getApiClient().post<Playlist>('/api/playlists/new', { form, onUploadProgress });
}

export function deletePlaylist(id: string): Promise<DeletedResponse> {
  return getApiClient().delete<DeletedResponse>(playlistPath(id));
}

export function addSongToPlaylist(playlistId: string, songId: string): Promise<PlaylistSong> {
  return getApiClient().put<PlaylistSong>(`${playlistPath(playlistId)}/add`, { form: songForm(songId) });
}

export function removeSongFromPlaylist(playlistId: string, songId: string): Promise<PlaylistSongsResponse> {
  return getApiClient().delete<PlaylistSongsResponse>(`${playlistPath(playlistId)}/remove`, { form: songForm(songId) });
}

/** Moves one song of the playlist next to another (creator only; docs/api.md, "Playlist order"). */
export function moveSongInPlaylist(playlistId: string, move: PlaylistMove): Promise<PlaylistSongPlace> {
  return getApiClient().put<PlaylistSongPlace>(`${playlistSongsPath(playlistId)}/order`, { json: move });
}
