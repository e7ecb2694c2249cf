/** GET /api/songs/{id}/lyrics through the page's one client (docs/lyrics.md); null when the song has none. */
import { ApiError, getApiClient } from '@tunafy/api-client';
import type { Lyrics } from '@tunafy/contracts';

export async function fetchLyrics(songId: string): Promise<Lyrics | null> {
  try {
    return await getApiClient().get<Lyrics>(`/api/songs/${encodeURIComponent(songId)}/lyrics`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
