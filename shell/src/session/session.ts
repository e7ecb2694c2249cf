import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { getApiClient } from '@tunafy/api-client';
import type { SessionUser } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';

/**
 * Asks the API who is logged in and publishes the answer on the bus, before anything renders (no guest
 * UI flashing for a logged-in user). An unreachable API counts as a guest: the page still works.
 */
export async function restoreSession(): Promise<SessionUser | null> {
  let user: SessionUser | null = null;
  try {
    user = await getApiClient().session();
  } catch (error) {
    console.warn('[tunafy] session check failed; continuing as a guest', error);
  }
  getEventBus().publish('auth:session', { user });
  return user;
}

function subscribe(onChange: () => void): () => void {
  const subscription = getEventBus().on('auth:session').subscribe(onChange);
  return () => subscription.unsubscribe();
}

function currentUser(): SessionUser | null {
  return getEventBus().last('auth:session')?.user ?? null;
}

/** The session user as the bus knows it; remotes publish after login and signup, the shell after logout. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, currentUser, currentUser);
}

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const bus = getEventBus();
    try {
      await getApiClient().logout();
    } catch {
      // Still logged in on the server: saying otherwise would be a lie the next request exposes.
      bus.publish('ui:notify', { kind: 'error', message: 'Could not log out. Please try again.' });
      return;
    }
    bus.publish('auth:session', { user: null });
    navigate('/');
  }, [navigate]);
}
