/**
 * What a command does to the queue and what the audio has to do about it,
 * as pure functions: the queue rules themselves are in ../queue/queue.ts,
 * this is the player's side of them (which rows it accepts, which toast it
 * shows, when a song loads, resumes or stops).
 */
import type { QueueItem } from '@tunafy/event-bus';
import { addToQueue, currentEntry, playList, playNext, queueSongs, toIndex, trackEnded, type QueueState } from '../queue/queue';

/** Other remotes' data reaches us over the bus: a row without a file cannot be queued. */
export const isPlayable = (song: QueueItem | undefined): song is QueueItem => typeof song?.id === 'string' && typeof song.song_file_url === 'string' && song.song_file_url !== '';

export interface QueueChange {
  queue: QueueState;
  /** Play (true) or stop (false) after the change; unset keeps what the player was doing. */
  play?: boolean;
  /** Load the current song again from the start even if it stays current (choosing a row does). */
  restart?: boolean;
  /** A confirmation for the shell's toaster. */
  toast?: string;
}

/** `play-list`: null for a payload that is not a list at all (the command is ignored then). */
export function playListChange(queue: QueueState, songs: unknown, index: unknown, source: string | null, seed: number): QueueChange | null {
  if (!Array.isArray(songs)) return null;
  // Leaving rows out must not shift the choice onto another song.
  const chosen = songs[toIndex(index, songs.length)] as QueueItem | undefined;
  const playable = songs.filter(isPlayable);
  const at = Math.max(0, playable.indexOf(chosen as QueueItem));
  return { queue: playList(queue, playable, at, source, seed), play: playable.length > 0, restart: true };
}

export function playNextChange(queue: QueueState, song: QueueItem): QueueChange | null {
  if (!isPlayable(song)) return null;
  return { queue: playNext(queue, song), toast: `"${song.song_name}" will play next.` };
}

export function addToQueueChange(queue: QueueState, song: QueueItem): QueueChange | null {
  if (!isPlayable(song)) return null;
  return { queue: addToQueue(queue, song), toast: `Added "${song.song_name}" to the queue.` };
}

/** A selection of rows, in the order given: one queue change and one toast, not one per song. */
export function queueSongsChange(queue: QueueState, songs: unknown, at: 'next' | 'end'): QueueChange | null {
  const playable = Array.isArray(songs) ? songs.filter(isPlayable) : [];
  if (playable.length === 0) return null;
  const what = playable.length === 1 ? `"${playable[0].song_name}"` : `${playable.length} songs`;
  const toast = at === 'next' ? `${what} will play next.` : `Added ${what} to the queue.`;
  return { queue: queueSongs(queue, playable, at), toast };
}

/**
 * A song ended by itself. Repeat-all over a single song keeps the same entry
 * current, so nothing would load: that song starts over in place instead.
 * (Repeat-one never gets here: the element loops and never ends.)
 */
export function afterTrackEnded(queue: QueueState): { replay: true } | { replay: false; queue: QueueState } {
  const before = currentEntry(queue);
  const after = trackEnded(queue);
  if (before && currentEntry(after)?.key === before.key) return { replay: true };
  return { replay: false, queue: after };
}

/**
 * - `clear`: the queue emptied, nothing is loaded any more;
 * - `open`: another entry is current (or a restart): load it;
 * - `resume`: the same entry, which was paused and should play now;
 * - `keep`: the audio goes on as it is (a same-song change must not interrupt it).
 */
export type AudioStep = 'clear' | 'open' | 'resume' | 'keep';

export function audioStepFor(before: QueueState, wasPlaying: boolean, queue: QueueState, { play, restart = false }: Pick<QueueChange, 'play' | 'restart'>): { playing: boolean; step: AudioStep } {
  const previous = currentEntry(before);
  const current = currentEntry(queue);
  const playing = current ? (play ?? wasPlaying) : false;
  if (!current) return { playing, step: previous ? 'clear' : 'keep' };
  if (previous?.key !== current.key || restart) return { playing, step: 'open' };
  return { playing, step: playing && !wasPlaying ? 'resume' : 'keep' };
}
