// No zod here: the player and the song lists read these on the first screen (see audio-formats.ts).

/** Rules of play counting and the saved player, shared so the player can follow the same numbers. */
export const LISTENING_LIMITS = {
  /** The player reports a play after this many seconds (or at the end of a shorter song)... */
  playReportAfterSeconds: 30,
  /** ...and the API counts one user's plays of one song at most once per this many seconds. */
  playDedupeSeconds: 30,
  recentlyPlayedDefault: 20,
  recentlyPlayedMax: 50,
  /** Play events kept per user for "Recently played"; older ones are trimmed (the history page keeps days: docs/listening.md). */
  historyMax: 500,
  /** A play made offline is taken up to this many days late (`played_at`); older ones are refused (docs/offline.md). */
  offlinePlayMaxAgeDays: 14,
  /** A `played_at` this far ahead of the API's clock is a client clock running fast: counted as now. More is refused. */
  playedAtSkewSeconds: 300,
  queueMax: 500,
} as const;

/** The home page's Recently played (GET /api/me/recent-items): here so that page loads no zod. */
export const RECENT_ITEMS_LIMITS = { default: 10, max: 20 } as const;

export const REPEAT_MODES = ['off', 'all', 'one'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];

/** The periods of "Your top" (docs/listening.md): here, not beside the schemas, so its page loads no zod. */
export const TOP_PERIODS = ['month', 'year', 'all'] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
export const TOP_PERIOD_LABELS: Record<TopPeriod, string> = { month: 'This month', year: 'This year', all: 'All time' };
