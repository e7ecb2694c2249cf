import { getApiClient } from '@tunafy/api-client';
import { songRowsPath, type DeletedResponse, type Song, type SongsResponse, type SongsTagsResponse, type SongTagsRequest } from '@tunafy/contracts';
import { takeArrived, takePrefetched } from '../../lib/use-api';
import { multipart } from '../shared/api';
import type { RowsAnswer } from '../../lib/use-paged-rows';

export const songPath = (id: string) => `/api/songs/${encodeURIComponent(id)}`;

/** Songs `offset` to `offset + limit - 1` of the whole catalog (id order), and how many there are; a prefetched page is taken once. */
export function fetchSongRows(offset: number, limit: number, signal?: AbortSignal): Promise<RowsAnswer<Song>> {
  const path = songRowsPath(offset, limit);
  return (takePrefetched<SongsResponse>(path) ?? getApiClient().get<SongsResponse>(path, { signal })).then(asRows);
}

const asRows = (answer: SongsResponse): RowsAnswer<Song> => ({ items: answer.songs, total: answer.total });

/** Songs `offset` to `offset + limit - 1` if a prefetched answer for them is already in (taken once), else undefined. */
export function arrivedSongRows(offset: number, limit: number): RowsAnswer<Song> | undefined {
  const answer = takeArrived<SongsResponse>(songRowsPath(offset, limit));
  return answer && asRows(answer);
}

export interface NewSong {
  song_name: string;
  song_cover_url: File;
  song_file_url: File;
}

/** Multipart as the spec names the fields; the API takes the artist from the session and the duration from the mp3. */
export function createSong(song: NewSong, onUploadProgress: (fraction: number) => void): Promise<Song> {
  return getApiClient().post<Song>('/api/songs/new', { form: multipart({ ...song }), onUploadProgress });
}

export interface SongChanges {
  song_name: string;
  song_cover_url: File | null;
  song_file_url: File | null;
}

export function updateSong(id: string, changes: SongChanges, onUploadProgress: (fraction: number) => void): Promise<Song> {
  return getApiClient().put<Song>(`${songPath(id)}/update`, { form: multipart({ ...changes }), onUploadProgress });
}

export function deleteSong(id: string): Promise<DeletedResponse> {
  return getApiClient().delete<DeletedResponse>(songPath(id));
}

/** The owner's correction of a song's credited artists, album artist, genre and year (docs/artists.md, "Correcting tags"). */
export function correctSongTags(id: string, tags: SongTagsRequest): Promise<Song> {
  return getApiClient().put<Song>(`${songPath(id)}/tags`, { json: tags });
}

/** The same correction for a selection of the owner's songs, all or nothing. */
export function correctSongsTags(songIds: readonly string[], tags: SongTagsRequest): Promise<SongsTagsResponse> {
  return getApiClient().put<SongsTagsResponse>('/api/songs/tags', { json: { ...tags, song_ids: songIds } });
}
