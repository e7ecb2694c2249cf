import { z } from 'zod';
import type { Artist, ArtistRef, Genre } from './artists.js';
import { idSchema, songRefSchema, type Album, type Playlist, type Song } from './library.js';
import { LISTENING_LIMITS, RECENT_ITEMS_LIMITS, REPEAT_MODES, TOP_PERIODS, type TopPeriod } from './listening-limits.js';

/** The body of `POST /api/plays`. */
export const playInputSchema = songRefSchema.extend({
  /**
   * Where the play started: the player's queue source ('album:<id>', 'playlist:<id>', 'artist:<id>', 'genre:<name>',
   * 'liked'; anything else counts as the song itself). "Recently played" shows it.
   */
  context: z.string({ error: 'Context must be text.' }).max(200, 'Context must be at most 200 characters.').optional(),
  /**
   * When a play made offline happened (docs/offline.md): the player sends it once back online, and history and Your
   * top count it on that day. At most LISTENING_LIMITS.offlinePlayMaxAgeDays old and not in the future (the API checks
   * both against its clock); absent for a play reported as it happens.
   */
  played_at: z.iso.datetime({ offset: true, error: 'Give the time of the play as an ISO 8601 date and time.' }).optional(),
});
export type PlayInput = z.input<typeof playInputSchema>;

export interface PlayResponse {
  /** False when the same song was already counted for this user within the dedupe window. */
  counted: boolean;
}

/** A list's `limit`: a whole number from 1 to `max`, `fallback` when absent. */
function limitQuery(max: number, fallback: number) {
  return z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be at least 1.')
    .max(max, `Limit must be at most ${max}.`)
    .optional()
    .default(fallback);
}

export const recentlyPlayedQuerySchema = z.object({ limit: limitQuery(LISTENING_LIMITS.recentlyPlayedMax, LISTENING_LIMITS.recentlyPlayedDefault) });
export type RecentlyPlayedQuery = z.infer<typeof recentlyPlayedQuerySchema>;

/** Distinct songs, most recently played first. */
export interface RecentlyPlayedResponse {
  songs: Song[];
}

/** One place of "Recently played" (`GET /api/me/recent-items`): what the listener played from, latest first. */
export type RecentItem = { played_at: string } & (
  | { kind: 'album'; album: Album }
  | { kind: 'playlist'; playlist: Playlist }
  | { kind: 'artist'; artist: Artist }
  | { kind: 'genre'; genre: Genre }
  | { kind: 'liked' }
  | { kind: 'song'; song: Song }
);

export const recentItemsQuerySchema = z.object({ limit: limitQuery(RECENT_ITEMS_LIMITS.max, RECENT_ITEMS_LIMITS.default) });

export interface RecentItemsResponse {
  items: RecentItem[];
}

export const playerStateInputSchema = z
  .object({
    queue: z
      .array(idSchema.transform((id) => id.toLowerCase()), { error: 'Queue must be a list of song ids.' })
      .max(LISTENING_LIMITS.queueMax, `The queue can hold at most ${LISTENING_LIMITS.queueMax} songs.`),
    index: z.number({ error: 'Index must be a number.' }).int('Index must be a whole number.').min(0, 'Index must not be negative.'),
    /** Seconds into the current song. */
    position: z.number({ error: 'Position must be a number.' }).min(0, 'Position must not be negative.'),
    volume: z.number({ error: 'Volume must be a number.' }).min(0, 'Volume must be between 0 and 1.').max(1, 'Volume must be between 0 and 1.').optional(),
    shuffle: z.boolean({ error: 'Shuffle must be true or false.' }).optional(),
    repeat: z.enum(REPEAT_MODES, { error: 'Repeat must be off, all or one.' }).optional(),
  })
  .superRefine((state, context) => {
    // An empty queue has nothing to point at; index 0 is its only sensible value.
    if (state.index > Math.max(0, state.queue.length - 1)) {
      context.addIssue({ code: 'custom', path: ['index'], message: 'Index must point into the queue.' });
    }
  });
export type PlayerStateInput = z.input<typeof playerStateInputSchema>;
export type ParsedPlayerStateInput = z.output<typeof playerStateInputSchema>;

/** What `PUT /api/me/player-state` stored: the input (the queue as song ids), every setting filled in. */
export interface SavedPlayerState extends Required<ParsedPlayerStateInput> {
  updated_at: string;
}

/**
 * `GET /api/me/player-state`: the queue as songs, in order. Songs deleted since
 * the save are left out and `index` still points at the same song; when the
 * current song itself is gone it points at the song that followed it (or the
 * last one) and `position` restarts at 0.
 */
export interface PlayerState extends Omit<SavedPlayerState, 'queue'> {
  queue: Song[];
}

// Your listening (issue 28, docs/listening.md): the history of every play and the top lists made from it.

export const HISTORY_LIMITS = { pageDefault: 50, pageMax: 100, topMax: 50, topDefault: 20 } as const;

export const historyQuerySchema = z.object({
  /** The `next_before` of the previous page; absent for the newest plays. */
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'Before must be the next_before of a previous page.')
    .optional(),
  limit: limitQuery(HISTORY_LIMITS.pageMax, HISTORY_LIMITS.pageDefault),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/** One play: when, and the song (still in the catalog; plays of deleted songs are left out). */
export interface HistoryPlay {
  /** Unique within the user's history (the time and the song). */
  id: string;
  played_at: string;
  song: Song;
}

/** `GET /api/me/history`: the newest plays first, a page at a time. */
export interface HistoryResponse {
  plays: HistoryPlay[];
  /** Pass as `before` for the next page; null on the last one. */
  next_before: string | null;
  /** While paused, plays are not added to the history or the top lists. */
  paused: boolean;
}

export const historySettingsSchema = z.object({ paused: z.boolean({ error: 'Paused must be true or false.' }) }, { error: 'Send {"paused": true} or {"paused": false}.' });
export type HistorySettings = z.infer<typeof historySettingsSchema>;

/** `DELETE /api/me/history`: everything of the user's listening is gone (plays, top lists). */
export interface HistoryClearedResponse {
  cleared: true;
}

export const topQuerySchema = z.object({
  period: z.enum(TOP_PERIODS, { error: 'Period must be month, year or all.' }).optional().default('month'),
  limit: limitQuery(HISTORY_LIMITS.topMax, HISTORY_LIMITS.topDefault),
});
export type TopQuery = z.input<typeof topQuerySchema>;

/** `GET /api/me/top`: the user's most played songs, credited artists and albums of the period (calendar, UTC). */
export interface TopResponse {
  period: TopPeriod;
  songs: { song: Song; plays: number }[];
  artists: { artist: ArtistRef; plays: number }[];
  albums: { album: Album; plays: number }[];
}
