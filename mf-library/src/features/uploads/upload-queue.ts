import { useSyncExternalStore } from 'react';
import { ApiError } from '@tunafy/api-client';
import { MESSAGES, type Album, type ImportResponse, type Song } from '@tunafy/contracts';
import { libraryChanged } from '../../lib/bus';
import { uploadSong, type UploadRequest } from './api';

export type JobState = 'waiting' | 'uploading' | 'imported' | 'duplicate' | 'failed' | 'cancelled';

export interface UploadJob {
  id: string;
  name: string;
  bytes: number;
  state: JobState;
  /** 0 to 1: bytes sent; a job at 1 still uploading is being stored by the server. */
  progress: number;
  song?: Song;
  album?: Album | null;
  error?: string;
}

export interface QueueSnapshot {
  jobs: readonly UploadJob[];
  /** Bytes sent of the whole batch, 0 to 1 (finished and failed jobs count as done). */
  progress: number;
  running: boolean;
}

type Send = (request: UploadRequest, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<ImportResponse>;

export interface UploadQueue {
  add(requests: { id: string; request: UploadRequest }[]): void;
  /** Retries a failed or cancelled job. */
  retry(id: string): void;
  /**
   * Stops a job: a waiting one never starts, an uploading one is aborted (the server keeps nothing of a request cut
   * midway, docs/import.md). A job the server already answered stays as it is.
   */
  cancel(id: string): void;
  /** Cancels every job not finished yet. */
  cancelAll(): void;
  /** Forgets finished and cancelled jobs; failed ones stay to be retried. */
  clearFinished(): void;
  subscribe(onChange: () => void): () => void;
  snapshot(): QueueSnapshot;
}

/**
 * The upload queue, outside React: it lives as long as the page, so uploads
 * go on while the user browses and plays (the upload screen only shows it).
 * Jobs are immutable objects replaced on change, in an array with an index by
 * id, so a progress event costs one copy of the array, not a search.
 */
export function createUploadQueue({ send = uploadSong as Send, concurrency = 3 }: { send?: Send; concurrency?: number } = {}): UploadQueue {
  let jobs: UploadJob[] = [];
  const index = new Map<string, number>();
  const requests = new Map<string, UploadRequest>();
  const controllers = new Map<string, AbortController>();
  const listeners = new Set<() => void>();
  let active = 0;
  let snap: QueueSnapshot = { jobs, progress: 0, running: false };

  const publish = () => {
    let total = 0;
    let sent = 0;
    for (const job of jobs) {
      total += job.bytes || 1;
      sent += (job.bytes || 1) * (job.state === 'waiting' || job.state === 'uploading' ? job.progress : 1);
    }
    const running = jobs.some((job) => job.state === 'waiting' || job.state === 'uploading');
    snap = { jobs, progress: total ? sent / total : 0, running };
    guardLeaving(running);
    listeners.forEach((listener) => listener());
  };

  const update = (id: string, change: Partial<UploadJob>) => {
    const at = index.get(id);
    if (at === undefined) return;
    jobs = jobs.slice();
    jobs[at] = { ...jobs[at]!, ...change };
    publish();
  };

  // Jobs start in the order they were added; `cursor` skips the finished head so a start is not a scan of thousands.
  let cursor = 0;
  const pump = () => {
    while (active < concurrency) {
      while (cursor < jobs.length && jobs[cursor]!.state !== 'waiting') cursor++;
      const job = jobs[cursor];
      if (!job) return;
      start(job);
    }
  };

  const start = (job: UploadJob) => {
    active++;
    const controller = new AbortController();
    controllers.set(job.id, controller);
    update(job.id, { state: 'uploading', progress: 0, error: undefined });
    send(requests.get(job.id)!, (fraction) => update(job.id, { progress: fraction }), controller.signal)
      .then((answer) => {
        update(job.id, { state: answer.status, progress: 1, song: answer.song, album: answer.status === 'imported' ? answer.album : undefined });
        requests.delete(job.id);
        if (answer.status === 'imported') {
          libraryChanged({ entity: 'song', id: answer.song.id, action: 'created' });
          if (answer.album) libraryChanged({ entity: 'album', id: answer.album.id, action: answer.album_created ? 'created' : 'updated' });
        }
      })
      .catch((error: unknown) => update(job.id, controller.signal.aborted ? { state: 'cancelled', progress: 0 } : { state: 'failed', error: messageOf(error) }))
      .finally(() => {
        controllers.delete(job.id);
        active--;
        pump();
      });
  };

  const cancel = (id: string) => {
    const at = index.get(id);
    const state = at === undefined ? undefined : jobs[at]!.state;
    if (state === 'waiting') update(id, { state: 'cancelled', progress: 0 });
    // Its request's failure marks it cancelled (see start).
    else if (state === 'uploading') controllers.get(id)?.abort();
  };

  return {
    add(added) {
      jobs = jobs.slice();
      for (const { id, request } of added) {
        index.set(id, jobs.length);
        requests.set(id, request);
        jobs.push({ id, name: request.file.name, bytes: request.file.size, state: 'waiting', progress: 0 });
      }
      publish();
      pump();
    },
    retry(id) {
      const at = index.get(id);
      if (at === undefined || (jobs[at]!.state !== 'failed' && jobs[at]!.state !== 'cancelled')) return;
      cursor = Math.min(cursor, at);
      update(id, { state: 'waiting', progress: 0, error: undefined });
      pump();
    },
    cancel,
    cancelAll() {
      for (const job of jobs) if (job.state === 'waiting' || job.state === 'uploading') cancel(job.id);
    },
    clearFinished() {
      jobs = jobs.filter((job) => job.state !== 'imported' && job.state !== 'duplicate' && job.state !== 'cancelled');
      index.clear();
      jobs.forEach((job, at) => index.set(job.id, at));
      for (const id of requests.keys()) if (!index.has(id)) requests.delete(id);
      cursor = 0;
      publish();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    snapshot: () => snap,
  };
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return MESSAGES.serverError;
    const fields = error.body.errors ?? {};
    return fields.file ?? Object.values(fields)[0] ?? error.body.message;
  }
  return MESSAGES.serverError;
}

// Leaving the page (closing the tab, a reload, another site) would cut the uploads in flight; navigating inside the app does not.
const warnBeforeLeaving = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  event.returnValue = '';
};
let guarding = false;
function guardLeaving(running: boolean) {
  if (running === guarding || typeof window === 'undefined') return;
  guarding = running;
  if (running) window.addEventListener('beforeunload', warnBeforeLeaving);
  else window.removeEventListener('beforeunload', warnBeforeLeaving);
}

let pageQueue: UploadQueue | undefined;

/** The page's one queue (created on first use). */
export function getUploadQueue(): UploadQueue {
  return (pageQueue ??= createUploadQueue());
}

export function useUploadQueue(queue: UploadQueue = getUploadQueue()): QueueSnapshot {
  return useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
}
