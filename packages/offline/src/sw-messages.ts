/** Messages from a page to the service worker (shell/src/sw, docs/offline.md). */
import type { SessionUser } from '@tunafy/contracts';

export type ServiceWorkerMessage =
  /**
   * Who is signed in now, sent on every session change so the worker never serves the wrong account; null only for a
   * log out (a guest because the API cannot be reached is not news: the worker keeps the account it knows).
   */
  | { type: 'account'; user: SessionUser | null }
  /** A download was made: fetch and cache the code of the screens that work offline, even ones not visited yet. */
  | { type: 'warm' };

/**
 * Marks the downloader's own requests: the worker leaves them to the network, unread (a download fetches what is not
 * stored yet, so there is nothing for the worker to answer, and each song skips its hop through the worker).
 */
export const DOWNLOAD_REQUEST_HEADER = 'x-tunafy-download';

/** The worker's fixed URL (un-hashed, `Cache-Control: no-cache`, so a deploy's new worker is found). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Posts to the page's active service worker, if there is one. */
export async function tellServiceWorker(message: ServiceWorkerMessage): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  const registration = await navigator.serviceWorker.getRegistration();
  (registration?.active ?? navigator.serviceWorker.controller)?.postMessage(message);
}
