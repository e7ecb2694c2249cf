import { useState, useSyncExternalStore } from 'react';
import { getEventBus } from '@tunafy/event-bus';
import { checkDuplicates } from './api';
import { hashFile } from './hash-file';
import { readAudio } from '../../lib/read-audio';
import { pageSessionUser } from '../../lib/upload-session';
import { lyricsKeyOf, markDuplicate, pendingRow, readRow, sortPicked, type EditField, type PickedFile, type ReviewRow } from './review';

/** Files read at once: parsing is mostly waiting on the disk, a few in parallel keep it busy without flooding memory. */
const READ_CONCURRENCY = 4;
/** Hashes sent per duplicate check (the API takes up to 1000). */
const CHECK_BATCH = 100;
/** Finished reads are applied together at most this often, so thousands of files cost a few hundred renders, not one each. */
const FLUSH_MS = 150;

export interface ReviewSnapshot {
  rows: readonly ReviewRow[];
  /** Files whose tags are still being read. */
  reading: number;
}

export interface Review extends ReviewSnapshot {
  add: (picked: PickedFile[]) => void;
  edit: (id: string, field: EditField, value: string) => void;
  clear: () => void;
}

export interface ReviewStore extends Omit<Review, keyof ReviewSnapshot> {
  subscribe: (onChange: () => void) => () => void;
  snapshot: () => ReviewSnapshot;
}

/**
 * The review table's rows, outside React like the upload queue: added as picked, then filled in as each file is
 * read, hashed and checked. It lives as long as the page, so a person who picks a folder of 2,000 files, goes to play
 * something while the tags are read, and comes back finds the rows (and their edits) where they left them.
 */
export function createReviewStore(read = readAudio): ReviewStore {
  let rows: ReviewRow[] = [];
  let snap: ReviewSnapshot = { rows, reading: 0 };
  let generation = 0;
  let pending = new Map<string, (row: ReviewRow) => ReviewRow>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Counted here and shown at each flush, like the rows: a render per finished file would make a big folder O(n²).
  let unread = 0;
  const listeners = new Set<() => void>();

  const publish = () => {
    snap = { rows, reading: unread };
    listeners.forEach((listener) => listener());
  };

  const flush = () => {
    timer = null;
    const changes = pending;
    if (changes.size > 0) {
      pending = new Map();
      rows = rows.map((row) => changes.get(row.id)?.(row) ?? row);
    }
    publish();
  };

  const change = (id: string, apply: (row: ReviewRow) => ReviewRow) => {
    const before = pending.get(id);
    pending.set(id, before ? (row) => apply(before(row)) : apply);
    timer ??= setTimeout(flush, FLUSH_MS);
  };

  const add = (picked: PickedFile[]) => {
    const { audio, covers, lyrics } = sortPicked(picked);
    const added = audio.map((entry) => pendingRow(entry, covers.get(entry.path.slice(0, entry.path.lastIndexOf('/') + 1)), lyrics.get(lyricsKeyOf(entry.path))));
    if (added.length === 0) return;
    rows = [...rows, ...added];
    unread += added.length;
    publish();
    const mine = generation;
    const hashes: { id: string; sha256: string }[] = [];
    const check = async () => {
      const batch = hashes.splice(0);
      if (batch.length === 0) return;
      try {
        const { duplicates } = await checkDuplicates(batch.map((entry) => entry.sha256));
        if (generation !== mine) return;
        for (const entry of batch) {
          const songId = duplicates[entry.sha256];
          if (songId) change(entry.id, (row) => markDuplicate(row, songId));
        }
      } catch {
        // The pre-check only saves a transfer: without it, the upload itself answers "duplicate".
      }
    };
    let next = 0;
    const worker = async () => {
      while (next < added.length && generation === mine) {
        const row = added[next++]!;
        const reading = await read(row.file).catch(() => ({ format: null, duration: null, tags: {}, picture: null }));
        if (generation !== mine) return;
        unread--;
        change(row.id, (current) => readRow(current, reading));
        if (reading.format) {
          const sha256 = await hashFile(row.file).catch(() => null);
          if (sha256) hashes.push({ id: row.id, sha256 });
          if (hashes.length >= CHECK_BATCH) await check();
        }
      }
    };
    void Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, added.length) }, worker))
      .then(check)
      .then(() => {
        if (generation === mine) flush();
      });
  };

  const edit = (id: string, field: EditField, value: string) => {
    rows = rows.map((row) => (row.id === id ? { ...row, values: { ...row.values, [field]: value } } : row));
    publish();
  };

  const clear = () => {
    // Reads still under way belong to the rows cleared: their results are dropped.
    generation++;
    pending = new Map();
    if (timer) clearTimeout(timer);
    timer = null;
    unread = 0;
    rows = [];
    publish();
  };

  return {
    add,
    edit,
    clear,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    snapshot: () => snap,
  };
}

let pageReview: ReviewStore | undefined;

/** The page's one review (created on first use), following the session on the bus. */
export function getReviewStore(): ReviewStore {
  if (!pageReview) {
    pageReview = createReviewStore();
    clearForAnotherUser(pageReview);
  }
  return pageReview;
}

/**
 * The files under review are the person's who picked them: when another user logs in on this page (a shared
 * computer), the rows are cleared, as the upload queue drops their files (upload-queue.ts, followSession).
 */
export function clearForAnotherUser(store: ReviewStore): void {
  let owner = pageSessionUser();
  getEventBus()
    .on('auth:session')
    .subscribe(({ user }) => {
      if (!user) return;
      if (owner !== null && owner !== user.id) store.clear();
      owner = user.id;
    });
}

/** The page's review; or the given store; or, given a `read` (tests), one of this component's own. */
export function useReview(source?: ReviewStore | typeof readAudio): Review {
  const [store] = useState(() => (typeof source === 'function' ? createReviewStore(source) : (source ?? getReviewStore())));
  const { rows, reading } = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  return { rows, reading, add: store.add, edit: store.edit, clear: store.clear };
}
