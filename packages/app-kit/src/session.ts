import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';

function subscribe(onChange: () => void): () => void {
  const subscription = getEventBus().on('auth:session').subscribe(onChange);
  return () => subscription.unsubscribe();
}

function snapshot(): SessionUser | null | undefined {
  return getEventBus().last('auth:session')?.user;
}

/**
 * The session user as the bus knows it: undefined until the shell's session
 * check has published, then the user or null. The bus is the only copy: no app
 * keeps its own, so a login or logout anywhere shows up here at once.
 */
export function useSessionUser(): SessionUser | null | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** What the shell does after its session check or a login/logout; remotes call it only on their dev pages and in tests. */
export function publishSession(user: SessionUser | null): void {
  getEventBus().publish('auth:session', { user });
}
