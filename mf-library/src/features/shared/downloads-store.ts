/**
 * This page's downloads (docs/offline.md): the account's registry as last read, and the downloads running now with
 * their progress. A small external store, so the collection pages, the Your Library marks and the Downloads page
 * show the same state.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getEventBus } from '@tunafy/event-bus';
import {
  DownloadRegistry,
  downloadKey,
  offlineAvailable,
  removeAllDownloads,
  removeDownload,
  syncDownload,
  markDownload,
  tellServiceWorker,
  withAccountLock,
  type DownloadProgress,
  type DownloadRecord,
  type DownloadTarget,
} from '@tunafy/offline';

export interface ActiveDownload {
  progress: DownloadProgress;
  /** A first download (Cancel removes what it stored); false for a sync of one already made. */
  first: boolean;
}

export interface DownloadsState {
  accountId: string | null;
  records: ReadonlyMap<string, DownloadRecord>;
  active: ReadonlyMap<string, ActiveDownload>;
  /** The last download that failed, by key, with why. */
  failed: ReadonlyMap<string, string>;
}

let state: DownloadsState = { accountId: null, records: new Map(), active: new Map(), failed: new Map() };
const listeners = new Set<() => void>();

function update(change: Partial<DownloadsState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

async function reloadRecords(accountId: string): Promise<void> {
  if (!offlineAvailable()) return;
  const records = await new DownloadRegistry(accountId).downloads().catch(() => []);
  if (state.accountId === accountId) update({ records: new Map(records.map((record) => [record.key, record])) });
}

/**
 * Downloads of this page still running, by key: a download's row covers are fetched after it shows as done (no
 * longer in `active`), and a removal still cancels them, and a visit does not start a second sync meanwhile. Declared
 * before the session subscription below, which the bus calls at once with the current session.
 */
const running = new Map<string, AbortController>();

/** Another account (or none): the previous one's downloads are cancelled and its registry forgotten. */
function switchAccount(accountId: string | null): void {
  for (const controller of running.values()) controller.abort();
  update({ accountId, records: new Map(), active: new Map(), failed: new Map() });
  if (accountId) void reloadRecords(accountId);
}

/** Reads the account's registry once per account. */
function useAccount(accountId: string | null): void {
  useEffect(() => {
    if (accountId && state.accountId !== accountId) switchAccount(accountId);
  }, [accountId]);
}

// A log out must not leave a download writing into caches the shell just deleted.
getEventBus()
  .on('auth:session')
  .subscribe(({ user }) => {
    if (user?.id !== state.accountId) switchAccount(user?.id ?? null);
  });

export function useDownloads(accountId: string | null): DownloadsState {
  useAccount(accountId);
  return useSyncExternalStore(subscribe, () => state);
}

/**
 * Only what is downloaded, for the marks in lists: the same Map until a download is added or removed, so a running
 * download's progress does not render the sidebar's list again on every song.
 */
export function useDownloadRecords(accountId: string | null): ReadonlyMap<string, DownloadRecord> {
  useAccount(accountId);
  return useSyncExternalStore(subscribe, () => state.records);
}

let persistenceAsked = false;
/** How often a running download's count is shown again. */
const PROGRESS_INTERVAL_MS = 250;

/** Downloads or updates `target`; resolves when it is done, cancelled or failed (the state tells which). */
export async function runDownload(accountId: string, target: DownloadTarget): Promise<void> {
  const key = downloadKey(target);
  if (running.has(key)) return;
  const first = !state.records.has(key);
  const controller = new AbortController();
  running.set(key, controller);
  const showProgress = (progress: DownloadProgress) => {
    if (state.accountId !== accountId || controller.signal.aborted) return;
    update({ active: new Map(state.active).set(key, { progress, first }) });
  };
  // At most one render of the progress per interval, not one per song: the page stays free while songs land.
  let latest: DownloadProgress | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const setActive = (progress: DownloadProgress) => {
    latest = progress;
    timer ??= setTimeout(() => {
      timer = null;
      if (latest) showProgress(latest);
    }, PROGRESS_INTERVAL_MS);
  };
  showProgress({ done: 0, total: state.records.get(key)?.song_ids.length ?? 0 });
  const failed = new Map(state.failed);
  failed.delete(key);
  update({ failed });
  if (first && !persistenceAsked && navigator.storage?.persist) {
    // Asked once: a persisted origin's downloads are not evicted when the disk fills up.
    persistenceAsked = true;
    void navigator.storage.persisted().then((already) => already || navigator.storage.persist()).catch(() => false);
  }
  let record: DownloadRecord | null = null;
  let shown = false;
  // The record and the end of the progress in one render: the page goes from "Downloading" straight to
  // "Downloaded". A finished download's record is the one it wrote, so the registry is read again only otherwise.
  const showEnd = async (stored: DownloadRecord | null) => {
    if (shown || state.accountId !== accountId) return;
    shown = true;
    if (timer) clearTimeout(timer);
    if (!stored) await reloadRecords(accountId);
    const active = new Map(state.active);
    active.delete(key);
    update(stored ? { records: new Map(state.records).set(key, stored), active } : { active });
    markDownload('shown');
  };
  try {
    // Shown done once the audio is stored; the rows' covers follow (syncDownload's onStored).
    const onStored = (stored: DownloadRecord) => void (controller.signal.aborted ? undefined : showEnd(stored));
    record = await withAccountLock(accountId, () => syncDownload(accountId, target, { signal: controller.signal, onProgress: setActive, onStored }));
  } catch (error) {
    if (controller.signal.aborted) {
      if (first && !shown && state.accountId === accountId) await withAccountLock(accountId, () => removeDownload(accountId, key));
    } else if (state.accountId === accountId) {
      update({ failed: new Map(state.failed).set(key, navigator.onLine ? 'The download stopped: please try again.' : 'You are offline: the download will go on when you try again online.') });
    }
  } finally {
    if (timer) clearTimeout(timer);
    running.delete(key);
    await showEnd(controller.signal.aborted ? null : record);
  }
  // After its covers: the warm-up's fetches must not hold the download's last steps back.
  if (record && first) setTimeout(() => void tellServiceWorker({ type: 'warm' }), 0);
}

export function cancelDownload(key: string): void {
  running.get(key)?.abort();
}

export async function deleteDownload(accountId: string, key: string): Promise<void> {
  cancelDownload(key);
  await withAccountLock(accountId, () => removeDownload(accountId, key));
  await reloadRecords(accountId);
}

export async function deleteAllDownloads(accountId: string): Promise<void> {
  for (const controller of running.values()) controller.abort();
  await withAccountLock(accountId, () => removeAllDownloads(accountId));
  await reloadRecords(accountId);
}
