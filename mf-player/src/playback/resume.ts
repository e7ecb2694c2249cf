/**
 * Where a freshly attached player continues: this browser's copy first, then
 * the user's other browsers (the API). Whatever the person did meanwhile wins:
 * a saved queue that arrives after they chose a row, paused or changed the
 * volume is dropped, never applied over it.
 */
import type { ListeningApi } from './listening-api';
import { fromServerState, loadLocal, type RestoredPlayer } from './persistence';

export interface ResumeSources {
  userId: string;
  storage: Storage | null;
  api: Pick<ListeningApi, 'loadPlayerState'>;
}

export interface ResumeGuards {
  /** The user (or another remote, over the bus) acted since the player attached. */
  userActed(): boolean;
  /** False once the player detached (or attached again): its answer is for a player that is gone. */
  stillAttached(): boolean;
}

/**
 * Calls `done` once with what to restore, or null for "nothing to restore,
 * keep what is there" (also on a failed load). Never calls it for a player that
 * detached meanwhile. Local state answers at once, the server's later.
 */
export function resume(sources: ResumeSources, guards: ResumeGuards, done: (restored: RestoredPlayer | null) => void): void {
  // A command held for the player while it mounted (a row clicked before the bar was there) has already run:
  // what the person asked for wins over anything saved before.
  if (guards.userActed()) {
    done(null);
    return;
  }
  const local = loadLocal(sources.storage, sources.userId);
  if (local) {
    done(local);
    return;
  }
  // Nothing in this browser: continue where the user left off in another one.
  sources.api
    .loadPlayerState()
    .then((saved) => {
      if (!guards.stillAttached()) return;
      done(saved && !guards.userActed() ? fromServerState(saved) : null);
    })
    .catch((error: unknown) => {
      if (!guards.stillAttached()) return;
      console.warn('[mf-player] could not load the saved player', error);
      done(null);
    });
}
