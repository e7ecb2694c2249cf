import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { getApiClient } from '@tunafy/api-client';
import type { SessionUser } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { forgetOfflineAccount } from '../offline/service-worker';
import { isServerUnreachableError, setServerUnreachable } from './server-status';

/** How often the session check is retried while the API cannot be reached. */
export const SESSION_RETRY_MS = 3000;
/** A session check slower than this counts as "can't reach the server": the page must not wait on a hung API. */
export const SESSION_TIMEOUT_MS = 5000;

/** The session user, or null for a guest (401); a timeout rejects like an unreachable server (504). */
async function checkSession(): Promise<SessionUser | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SESSION_TIMEOUT_MS);
  try {
    return await getApiClient().session({ signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) throw Object.assign(new Error(`no answer to the session check within ${SESSION_TIMEOUT_MS} ms`), { status: 504 });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Asks the API who is logged in and publishes the answer on the bus, before anything renders (no guest
 * UI flashing for a logged-in user). An unreachable API counts as a guest so the page still works, and
 * the check is retried in the background: the "can't reach the server" banner stays up until it
 * succeeds, and the user it then finds is published (a logged-in user gets their session back).
 */
export async function restoreSession(): Promise<SessionUser | null> {
  let user: SessionUser | null = null;
  try {
    user = await checkSession();
    setServerUnreachable(false);
  } catch (error) {
    console.warn('[tunafy] session check failed; continuing as a guest', error);
    if (isServerUnreachableError(error)) {
      setServerUnreachable(true);
      scheduleSessionRetry();
    }
  }
  getEventBus().publish('auth:session', { user });
  return user;
}

function scheduleSessionRetry(): void {
  if (retryTimer) return;
  retryTimer = setTimeout(async () => {
    retryTimer = undefined;
    try {
      const user = await checkSession();
      setServerUnreachable(false);
      // Only a change is news: a guest stays a guest without a second announcement.
      if (user || getEventBus().last('auth:session')?.user) getEventBus().publish('auth:session', { user });
    } catch (error) {
      if (isServerUnreachableError(error)) scheduleSessionRetry();
      else setServerUnreachable(false);
    }
  }, SESSION_RETRY_MS);
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
    const previous = bus.last('auth:session')?.user;
    bus.publish('auth:session', { user: null });
    // Nothing of this account stays offline for the next person on this computer (docs/offline.md).
    if (previous) await forgetOfflineAccount(previous.id).catch((error: unknown) => console.warn('[tunafy] could not delete the offline copies', error));
    navigate('/');
  }, [navigate]);
}
