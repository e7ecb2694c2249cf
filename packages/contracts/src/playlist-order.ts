import { z } from 'zod';
import { idSchema } from './library.js';
import { MESSAGES } from './messages.js';

export const PLAYLIST_ORDER_MESSAGES = {
  targetRequired: 'Say where the song goes: after_song_id or before_song_id.',
  targetTwice: 'Give after_song_id or before_song_id, not both.',
  nextToItself: 'A song cannot be placed next to itself.',
  /** 409: the song named as the new neighbour left the playlist (another tab removed it): reload and try again. */
  anchorGone: 'The song it was to be placed next to is no longer in this playlist.',
  /** 404: the song to move is not (or no longer) in the playlist. */
  songNotInPlaylist: 'That song is not in this playlist.',
} as const;

const songId = z.string({ error: MESSAGES.songIdRequired }).min(1, MESSAGES.songIdRequired).pipe(idSchema);

/**
 * `PUT /api/playlists/:id/songs/order` (JSON): move one song of the playlist to right after another song
 * (`after_song_id`, null: to the top) or right before one (`before_song_id`, null: to the end). Exactly one
 * of the two. Moving a song to where it already is changes nothing, so a retry is safe.
 */
export const playlistMoveSchema = z
  .object({
    song_id: songId,
    after_song_id: idSchema.nullable().optional(),
    before_song_id: idSchema.nullable().optional(),
  })
  .superRefine((move, context) => {
    const after = move.after_song_id !== undefined;
    const before = move.before_song_id !== undefined;
    if (!after && !before) context.addIssue({ code: 'custom', path: ['after_song_id'], message: PLAYLIST_ORDER_MESSAGES.targetRequired });
    if (after && before) context.addIssue({ code: 'custom', path: ['before_song_id'], message: PLAYLIST_ORDER_MESSAGES.targetTwice });
    const self = move.song_id.toLowerCase();
    for (const field of ['after_song_id', 'before_song_id'] as const) {
      if (move[field]?.toLowerCase() === self) context.addIssue({ code: 'custom', path: [field], message: PLAYLIST_ORDER_MESSAGES.nextToItself });
    }
  });
export type PlaylistMove = z.infer<typeof playlistMoveSchema>;

/** The answer to a move: where the song is now (0-based), between which songs. */
export interface PlaylistSongPlace {
  song_id: string;
  index: number;
  total: number;
  after_song_id: string | null;
  before_song_id: string | null;
}
