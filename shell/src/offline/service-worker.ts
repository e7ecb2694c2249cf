/**
 * The shell's side of offline listening (docs/offline.md): registers the service worker once someone is signed in
 * (after the first render, never in its way), tells it who is signed in, brings downloads up to date on start, and
 * deletes an account's offline copies when it logs out.
 */
import type { SessionUser } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { forgetAccount, mayHaveDownloads, SERVICE_WORKER_URL, tellServiceWorker } from '@tunafy/offline';

/** Downloads are synced this long after start, so the first screen's requests go first. */
const SYNC_DELAY_MS = 3000;

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

function register(): Promise<ServiceWorkerRegistration | null> {
  registration ??= navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .catch((error: unknown) => {
      console.warn('[tunafy] the service worker could not be registered; offline listening is off', error);
      return null;
    });
  return registration;
}

async function syncDownloadsOf(user: SessionUser): Promise<void> {
  if (!navigator.onLine || typeof caches === 'undefined') return;
  // Its own chunk, loaded only for an account with downloads: its evaluation was a long task on every signed-in visit.
  if (!(await mayHaveDownloads(user.id, caches))) return;
  const offline = await import('./sync-downloads');
  await offline.syncAllDownloads(user.id);
}

/** Starts after the first render; production only (in dev a worker caching the shell would fight hot reloading). */
export function startOffline(): void {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let synced: string | null = null;
  getEventBus()
    .on('auth:session')
    .subscribe(({ user }) => {
      // A guest because the API cannot be reached is not news for the worker: it keeps the account it knows.
      if (!user) return;
      void register().then((ready) => ready && tellServiceWorker({ type: 'account', user }));
      if (synced === user.id) return;
      synced = user.id;
      setTimeout(() => void syncDownloadsOf(user).catch((error: unknown) => console.warn('[tunafy] syncing downloads failed', error)), SYNC_DELAY_MS);
    });
}

/** After a log out: the account's downloads, registry and unsent plays go, in this page and in the worker. */
export async function forgetOfflineAccount(accountId: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  await tellServiceWorker({ type: 'account', user: null }).catch(() => undefined);
  await forgetAccount(accountId, { caches, indexedDB, localStorage });
}
