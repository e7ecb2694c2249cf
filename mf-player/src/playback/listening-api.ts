/** The player's API calls (services/api/src/listening), through the page's one client (CSRF, error shape). */
import { ApiError, getApiClient, type RequestOptions } from '@tunafy/api-client';
import type { PlayResponse, PlayerState as SavedPlayerState, PlayerStateInput, RecentlyPlayedResponse, Song } from '@tunafy/contracts';

export interface ListeningApi {
  /**
   * POST /api/plays: whether the API counted it (false inside its dedupe window). `context` is the queue's source
   * ('album:<id>', 'liked', ...), which the home page's Recently played shows. `playedAt` (ISO): when a play made
   * offline happened, for one sent later (docs/offline.md).
   */
  recordPlay(songId: string, context?: string, playedAt?: string): Promise<boolean>;
  /** GET /api/me/recently-played: distinct songs, most recent first. */
  recentlyPlayed(limit?: number): Promise<Song[]>;
  /** GET /api/me/player-state, or null when this user never saved one (204). */
  loadPlayerState(): Promise<SavedPlayerState | null>;
  /** PUT /api/me/player-state. `keepalive` lets the request outlive the page (pagehide). */
  savePlayerState(input: PlayerStateInput, options?: { keepalive?: boolean }): Promise<void>;
}

export const listeningApi: ListeningApi = {
  async recordPlay(songId, context, playedAt) {
    const answer = await getApiClient().post<PlayResponse>('/api/plays', { json: { song_id: songId, context, ...(playedAt ? { played_at: playedAt } : {}) } });
    return answer?.counted ?? false;
  },
  async recentlyPlayed(limit) {
    const query = limit ? `?limit=${limit}` : '';
    return (await getApiClient().get<RecentlyPlayedResponse>(`/api/me/recently-played${query}`)).songs;
  },
  async loadPlayerState() {
    try {
      // 204 (no body) when nothing was saved yet; an older API answers 404 instead (remotes deploy on their own).
      return (await getApiClient().get<SavedPlayerState | undefined>('/api/me/player-state')) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  async savePlayerState(input, { keepalive = false } = {}) {
    // `keepalive` is passed for the pagehide save; @tunafy/api-client forwards it to fetch once it supports the
    // option (until then the request still starts during pagehide, and localStorage holds the same state).
    const options: RequestOptions & { keepalive?: boolean } = { json: input, keepalive };
    await getApiClient().put('/api/me/player-state', options);
  },
};
