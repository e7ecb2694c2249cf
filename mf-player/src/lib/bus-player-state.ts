import { useSyncExternalStore } from 'react';
import { getEventBus, type PlayerState } from '@tunafy/event-bus';

function subscribe(onChange: () => void): () => void {
  const subscription = getEventBus().on('player:state').subscribe(onChange);
  return () => subscription.unsubscribe();
}

const snapshot = (): PlayerState | undefined => getEventBus().last('player:state');

/** The player's state as the bus replays it: what any remote (and our own lists) can rely on. */
export function useBusPlayerState(): PlayerState | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
