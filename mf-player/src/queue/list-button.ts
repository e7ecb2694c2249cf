/**
 * What a list page's play/pause button needs (SPEC §4: "first loads the list
 * and starts at the first song, then toggles"). Pure functions over the
 * `player:state` the bus replays, so any remote can copy or share them.
 */
import type { PlayerCommand, PlayerState, QueueItem } from '@tunafy/event-bus';

/** Whether the queue holds this list (`source`) right now, playing or paused. */
export function isSourceQueued(state: PlayerState | undefined, source: string): boolean {
  return !!state && state.source === source && state.queue.length > 0;
}

/** Whether this list is what the player is playing: the list button shows "pause" then. */
export function isSourcePlaying(state: PlayerState | undefined, source: string): boolean {
  return isSourceQueued(state, source) && state!.playing;
}

/** The command a list's play/pause button sends: load from the first song the first time, toggle after. */
export function listButtonCommand(state: PlayerState | undefined, source: string, songs: QueueItem[]): PlayerCommand {
  return isSourceQueued(state, source) ? { type: 'toggle' } : { type: 'play-list', songs, index: 0, source };
}
