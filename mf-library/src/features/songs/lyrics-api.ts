import { ApiError, getApiClient } from '@tunafy/api-client';
import type { DeletedResponse, Lyrics } from '@tunafy/contracts';
import { songPath } from './api';

const lyricsPath = (songId: string) => `${songPath(songId)}/lyrics`;

/** GET /api/songs/{id}/lyrics; null when the song has none (docs/lyrics.md). */
export async function fetchSongLyrics(songId: string): Promise<Lyrics | null> {
  try {
    return await getApiClient().get<Lyrics>(lyricsPath(songId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** PUT: LRC or plain text, as pasted; the API cleans it and answers what it kept. */
export function saveSongLyrics(songId: string, text: string): Promise<Lyrics> {
  return getApiClient().put<Lyrics>(lyricsPath(songId), { json: { text } });
}

export function deleteSongLyrics(songId: string): Promise<DeletedResponse> {
  return getApiClient().delete<DeletedResponse>(lyricsPath(songId));
}

/** Stored lyrics back as text to edit: timed lines as LRC (`[mm:ss.xx]`), plain lyrics as they are. */
export function lyricsAsText(lyrics: Lyrics): string {
  if (!lyrics.synced) return lyrics.plain ?? '';
  return lyrics.synced
    .map(({ start_ms, text }) => {
      const minutes = Math.floor(start_ms / 60000);
      const seconds = ((start_ms % 60000) / 1000).toFixed(2).padStart(5, '0');
      return `[${String(minutes).padStart(2, '0')}:${seconds}]${text}`;
    })
    .join('\n');
}
