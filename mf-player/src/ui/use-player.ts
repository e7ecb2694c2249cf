import { useSyncExternalStore } from 'react';
import type { PlayerController, PlayerViewState, Progress } from '../playback/player-controller';

/** The bar's state; changes on queue, play/pause, volume and notices (not on every position step). */
export function usePlayerState(controller: PlayerController): PlayerViewState {
  return useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
}

/** Position and duration; only the progress bar listens, since it changes every PROGRESS_INTERVAL_MS. */
export function useProgress(controller: PlayerController): Progress {
  return useSyncExternalStore(controller.subscribeProgress, controller.getProgress, controller.getProgress);
}
