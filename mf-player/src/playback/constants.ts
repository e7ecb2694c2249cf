/**
 * SPEC §9 player constants, and our own timings next to them. The API's
 * listening limits are repeated here rather than imported: a runtime import of
 * @tunafy/contracts brings its zod schemas (~86 kB) into the player's chunks.
 * constants.test.ts keeps the copies equal to LISTENING_LIMITS.
 */

/** SPEC §9: volume starts at 0.1. */
export const DEFAULT_VOLUME = 0.1;
/** SPEC §9: rewind/forward jump. */
export const JUMP_MS = 5000;
/** SPEC §9: volume step (slider, ↑/↓). */
export const VOLUME_STEP = 0.1;
/** SPEC §9: the listen interval: how often listening time is checked, the bus hears the position, and the position is saved locally. */
export const LISTEN_INTERVAL_MS = 1000;
/** SPEC §9: how often the progress bar follows the audio while playing. */
export const PROGRESS_INTERVAL_MS = 20;

/** A play counts once this much has been heard (listening time, not position) or the song ended. */
export const PLAY_COUNT_SECONDS = 30;
/** Server saves of the player state are batched: at most one per this interval (plus one on pagehide). */
export const SERVER_SAVE_DELAY_MS = 5000;
/** The API keeps at most this many queued ids (which also stays far below fetch keepalive's 64 KiB body budget). */
export const SERVER_QUEUE_MAX = 500;
/** The API's song ids (MongoDB ObjectIds); anything else (a dev page's sample) is never sent to it. */
export { SONG_ID_PATTERN } from '@tunafy/offline';
/** How long the bar shows a playback error before it clears itself. */
export const ERROR_VISIBLE_MS = 8000;
