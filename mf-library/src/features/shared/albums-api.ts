import { getApiClient } from '@tunafy/api-client';
import type { Album, AlbumSongsResponse, AlbumsResponse, DeletedResponse } from '@tunafy/contracts';
import { cursorPages, multipart, offsetRows, songForm } from './api';

export const albumPath = (id: string) => `/api/albums/${encodeURIComponent(id)}`;
export const albumSongsPath = (id: string) => `${albumPath(id)}/songs`;
/** The user's own albums, as a bare array (the Add-to-Album picker). */
export const ownAlbumsPath = (userId: string) => `/api/albums/current/${encodeURIComponent(userId)}`;

/** Every album, a page at a time (the albums grid). */
export const albumPages = cursorPages<AlbumsResponse, Album>('/api/albums', (answer) => ({ items: answer.albums, next: answer.next_cursor }));

/** An album's songs by position: never the whole album in one answer (one can hold 10,000 songs). */
export const albumSongRows = (albumId: string) => offsetRows(albumSongsPath(albumId), (answer: AlbumSongsResponse) => ({ items: answer.songs, total: answer.total }));

export function createAlbum(album: { album_name: string; album_cover_url: File }, onUploadProgress: (fraction: number) => void): Promise<Album> {
  return getApiClient().post<Album>('/api/albums/new', { form: multipart(album), onUploadProgress });
}

export function updateAlbum(id: string, changes: { album_name: string; album_cover_url: File | null }, onUploadProgress: (fraction: number) => void): Promise<Album> {
  return getApiClient().put<Album>(`${albumPath(id)}/update`, { form: multipart(changes), onUploadProgress });
}

export const deleteAlbum = (id: string) => getApiClient().delete<DeletedResponse>(albumPath(id));
export const addSongToAlbum = (albumId: string, songId: string) => getApiClient().put<AlbumSongsResponse>(`${albumPath(albumId)}/add`, { form: songForm(songId) });
export const removeSongFromAlbum = (albumId: string, songId: string) => getApiClient().put<AlbumSongsResponse>(`${albumPath(albumId)}/remove`, { form: songForm(songId) });
