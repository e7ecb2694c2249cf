// No zod here: the player and the song lists read these on the first screen (see audio-formats.ts).

/** Rules of play counting and the saved player, shared so the player can follow the same numbers. */
export const LISTENING_LIMITS = {
  /** The player reports a play after this many seconds (or at the end of a shorter song)... */
  playReportAfterSeconds: 30,
  /** ...and the API counts one user's plays of one song at most once per this many seconds. */
  playDedupeSeconds: 30,
  recentlyPlayedDefault: 20,
  recentlyPlayedMax: 50,
  /** Play events kept per user (the history page, docs/listening.md); older ones are trimmed. */
  historyMax: 10_000,
  /** How many of the newest play events "Recently played" reads to find its distinct songs. */
  recentPlaysScanned: 500,
  queueMax: 500,
} as const;

export const REPEAT_MODES = ['off', 'all', 'one'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];
