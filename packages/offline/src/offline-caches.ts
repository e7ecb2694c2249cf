/**
 * Where one account's offline copies live (docs/offline.md, Per-account caches): Cache Storage caches and an
 * IndexedDB database whose names carry the account id, so the service worker can serve an account's copies only
 * while that account is the signed-in one, and logging out can delete every copy of it by name.
 */

/** Every offline cache of an account starts with this; the service worker's own caches (the app shell) do not. */
export const OFFLINE_CACHE_PREFIX = 'tunafy-offline:';

/** audio: one response per downloaded song, under `audioKey`. data: API answers, whole lists, covers and file aliases. */
export type OfflineCacheKind = 'audio' | 'data';

export function offlineCacheName(accountId: string, kind: OfflineCacheKind): string {
  return `${OFFLINE_CACHE_PREFIX}${accountId}:${kind}`;
}

/** The account a cache belongs to, or null for a cache that is not an account's offline copy. */
export function accountOfCacheName(name: string): string | null {
  if (!name.startsWith(OFFLINE_CACHE_PREFIX)) return null;
  const account = name.slice(OFFLINE_CACHE_PREFIX.length).split(':')[0];
  return account ? account : null;
}

/**
 * A downloaded song's audio, keyed by SONG id and not by the URL it came from: the player asks a URL that depends on
 * its quality setting and the connection (`streamUrlFor`), and offline it must find the song whichever it asks.
 */
export const audioKey = (songId: string) => `/__offline/audio/${songId.toLowerCase()}`;

/** The original file's id (`/api/files/{id}`, what Original quality plays) → the song it is the audio of. */
export const fileAliasKey = (fileId: string) => `/__offline/file/${fileId.toLowerCase()}`;

/** A whole downloaded list (a playlist's, an album's or the liked songs), answered page by page offline. */
export const listKey = (path: string) => `/__offline/list${path}`;

/** The IndexedDB database of an account's download registry. */
export const registryDatabaseName = (accountId: string) => `tunafy-offline-${accountId}`;

/** localStorage key of the account's plays made offline, not yet sent. */
export const offlinePlaysKey = (accountId: string) => `tunafy.offline-plays.v1.${accountId}`;

/** What forgetting needs of the environment (a page or the service worker: both have caches and indexedDB). */
export interface OfflineStorage {
  caches: CacheStorage;
  indexedDB?: IDBFactory;
  localStorage?: Storage | null;
}

function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = factory.deleteDatabase(name);
    // Blocked by an open connection in another tab: the deletion still happens once it closes.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/**
 * Deletes everything offline of one account: its caches, its download registry and its unsent plays. Run on log out
 * (by the page and by the service worker, whichever sees it first): nothing of one account stays for the next person
 * on a shared computer.
 */
export async function forgetAccount(accountId: string, storage: OfflineStorage): Promise<void> {
  const names = await storage.caches.keys();
  await Promise.all(names.filter((name) => accountOfCacheName(name) === accountId).map((name) => storage.caches.delete(name)));
  if (storage.indexedDB) await deleteDatabase(storage.indexedDB, registryDatabaseName(accountId));
  try {
    storage.localStorage?.removeItem(offlinePlaysKey(accountId));
  } catch {
    // Disabled storage holds nothing.
  }
}

/**
 * Whether the account may have downloads, without opening (so creating) anything: a download opens the account's data
 * cache before it writes its record, and only removing them all (or logging out) deletes it. The start-up sync and its
 * chunk are skipped when it is absent, as on most visits (decision 0034).
 */
export function mayHaveDownloads(accountId: string, cacheStorage: Pick<CacheStorage, 'has'>): Promise<boolean> {
  return cacheStorage.has(offlineCacheName(accountId, 'data'));
}

/**
 * Whether this browser can keep downloads: Cache Storage, IndexedDB and service workers exist only in a secure context
 * (https, or localhost), so a server reached over plain http on a LAN address offers no Download.
 */
export function offlineAvailable(): boolean {
  return typeof caches !== 'undefined' && typeof indexedDB !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}
