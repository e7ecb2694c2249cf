import { getApiClient } from '@tunafy/api-client';
import type { LikedSongsPage, LikeRecord, UnlikedResponse } from '@tunafy/contracts';
import { offsetRows, songForm } from './api';

const base = (userId: string) => `/api/collection/${encodeURIComponent(userId)}`;

export const likedTracksPath = (userId: string) => `${base(userId)}/tracks`;

/** Liked songs by position, newest like first (with `limit` the API answers a page, not the bare array). */
export const likedSongRows = (userId: string) => offsetRows(likedTracksPath(userId), (answer: LikedSongsPage) => ({ items: answer.tracks.map((track) => track.song), total: answer.total }));

/** The like record, or null when the song is not liked (the API answers 404 then). */
export function findLike(userId: string, songId: string, signal?: AbortSignal): Promise<LikeRecord | null> {
  return getApiClient().find<LikeRecord>(`${base(userId)}/liked/${encodeURIComponent(songId)}`, { signal });
}

export function likeSong(userId: string, songId: string): Promise<LikeRecord> {
  return getApiClient().post<LikeRecord>(`${base(userId)}/new`, { form: songForm(songId) });
}

export function unlikeSong(userId: string, songId: string): Promise<UnlikedResponse> {
  return getApiClient().delete<UnlikedResponse>(`${base(userId)}/delete`, { form: songForm(songId) });
}
