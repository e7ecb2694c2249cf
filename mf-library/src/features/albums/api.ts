import { getApiClient } from '@tunafy/api-client';
import type { Album, AlbumSongsResponse, DeletedResponse, Song } from '@tunafy/contracts';
import type { FetchRows } from '../../lib/use-paged-rows';

export const albumPath = (id: string) => `/api/albums/${encodeURIComponent(id)}`;
export const albumSongsPath = (id: string) => `${albumPath(id)}/songs`;
/** The user's own albums, as a bare array (the Add-to-Album picker). */
export const ownAlbumsPath = (userId: string) => `/api/albums/current/${encodeURIComponent(userId)}`;

/** An album's songs by position: never the whole album in one answer (one can hold 10,000 songs). */
export function albumSongRows(albumId: string): FetchRows<Song> {
  return (offset, limit, signal) =>
    getApiClient()
      .get<AlbumSongsResponse>(`${albumSongsPath(albumId)}?limit=${limit}&offset=${offset}`, { signal })
      .then((answer) => ({ items: answer.songs, total: answer.total }));
}

function songForm(songId: string): FormData {
  const form = new FormData();
  form.append('song_id', songId);
  return form;
}

export function createAlbum(album: { album_name: string; album_cover_url: File }, onUploadProgress: (fraction: number) => void): Promise<Album> {
  const form = new FormData();
  form.append('album_name', album.album_name);
  form.append('album_cover_url', album.album_cover_url);
  return getApiClient().post<Album>('/api/albums/new', { form, onUploadProgress });
}

export function updateAlbum(id: string, changes: { album_name: string; album_cover_url: File | null }, onUploadProgress: (fraction: number) => void): Promise<Album> {
  const form = new FormData();
  form.append('album_name', changes.album_name);
  if (changes.album_cover_url) form.append('album_cover_url', changes.album_cover_url);
  return getApiClient().put<Album>(`${albumPath(id)}/update`, { form, onUploadProgress });
}

export function deleteAlbum(id: string): Promise<DeletedResponse> {
  return getApiClient().delete<DeletedResponse>(albumPath(id));
}

export function addSongToAlbum(albumId: string, songId: string): Promise<AlbumSongsResponse> {
  return getApiClient().put<AlbumSongsResponse>(`${albumPath(albumId)}/add`, { form: songForm(songId) });
}

export function removeSongFromAlbum(albumId: string, songId: string): Promise<AlbumSongsResponse> {
  return getApiClient().put<AlbumSongsResponse>(`${albumPath(albumId)}/remove`, { form: songForm(songId) });
}
