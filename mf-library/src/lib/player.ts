import { useSyncExternalStore } from 'react';
import type { Song } from '@tunafy/contracts';
import { getEventBus, type PlayerState, type QueueItem } from '@tunafy/event-bus';

function subscribe(onChange: () => void): () => void {
  const subscription = getEventBus().on('player:state').subscribe(onChange);
  return () => subscription.unsubscribe();
}

function snapshot(): PlayerState | undefined {
  return getEventBus().last('player:state');
}

/** The player's last published state (replayed by the bus), or undefined before the player exists. */
export function usePlayerState(): PlayerState | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Only what the player needs: a queue item is a subset of a song. */
export function toQueueItem(song: Song): QueueItem {
  return {
    id: song.id,
    song_name: song.song_name,
    artist_username: song.artist_username,
    artist_id: song.artist_id,
    song_cover_url: song.song_cover_url,
    song_file_url: song.song_file_url,
    duration: song.duration,
    album_id: song.album_id,
    album_name: song.album_name,
  };
}

/** Queue the whole list and play from `index` (SPEC §4: choosing a row). */
export function playList(songs: readonly Song[], index: number, source: string): void {
  if (songs.length === 0) return;
  getEventBus().publish('player:command', { type: 'play-list', songs: songs.map(toQueueItem), index, source });
}

export interface ListPlayback {
  /** This list is the player's queue and it is playing now. */
  playing: boolean;
  /** The id of the song the player is on, when the queue is this list. */
  currentId: string | null;
  /** The play/pause button: toggles when the queue is already this list, else plays it from the top (SPEC §4). */
  toggle: () => void;
  playAt: (index: number) => void;
}

/** Play/pause state and actions of one list, identified by `source` ('songs', 'album:<id>', ...). */
export function useListPlayback(source: string, songs: readonly Song[]): ListPlayback {
  const state = usePlayerState();
  const ours = state?.source === source && state.queue.length > 0;
  return {
    playing: Boolean(ours && state?.playing),
    currentId: ours ? (state?.current?.id ?? null) : null,
    toggle: () => {
      if (ours) getEventBus().publish('player:command', { type: 'toggle' });
      else playList(songs, 0, source);
    },
    playAt: (index) => playList(songs, index, source),
  };
}
