/** What the mixed-load worker needs: the API, and users, songs and playlists created beforehand through the API. */
export interface MixedLoadInput {
  baseUrl: string;
  durationSeconds: number;
  users: MixedLoadUser[];
  songs: MixedLoadSong[];
  /** Queries for GET /api/search?q= (picked at random). */
  searchTerms: string[];
}

export interface MixedLoadUser {
  id: string;
  /** The logged-in user's cookies (session and CSRF), name → value. */
  cookies: Record<string, string>;
  csrfToken: string;
  /** The user's own playlist, empty when the load starts. */
  playlistId: string;
}

export interface MixedLoadSong {
  id: string;
  coverFileId: string;
  audioFileId: string;
  /** Size of the mp3, to check the length of Range answers. */
  audioBytes: number;
}

export interface RequestTypeStats {
  type: string;
  /** Requests sent, answered or not. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers per HTTP status. */
  statuses: Record<string, number>;
  serverErrors: number;
  /** Answers other than the one expected status (5xx included), or with a wrong body length. */
  unexpected: number;
  /** Refused or reset connections and timeouts (30 s). */
  networkErrors: number;
  bytes: number;
}

export interface MixedLoadResult {
  seconds: number;
  virtualUsers: number;
  types: RequestTypeStats[];
  /** The first few unexpected answers and network errors, for the failure message. */
  samples: string[];
  /** What each user's last successful operations left: liked song ids and song ids in their playlist. */
  finalState: { userId: string; liked: string[]; playlist: string[]; uncertain: boolean }[];
}
