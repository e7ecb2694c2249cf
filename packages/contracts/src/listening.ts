import { z } from 'zod';
import { idSchema, type Song } from './library.js';
import { LISTENING_LIMITS, REPEAT_MODES } from './listening-limits.js';

/** The body of `POST /api/plays` is `{song_id}`: use `songRefSchema`. */
export interface PlayResponse {
  /** False when the same song was already counted for this user within the dedupe window. */
  counted: boolean;
}

export const recentlyPlayedQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be at least 1.')
    .max(LISTENING_LIMITS.recentlyPlayedMax, `Limit must be at most ${LISTENING_LIMITS.recentlyPlayedMax}.`)
    .optional()
    .default(LISTENING_LIMITS.recentlyPlayedDefault),
});
export type RecentlyPlayedQuery = z.infer<typeof recentlyPlayedQuerySchema>;

/** Distinct songs, most recently played first. */
export interface RecentlyPlayedResponse {
  songs: Song[];
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
