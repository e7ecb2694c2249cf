import { useSyncExternalStore } from 'react';
import type { Album, ImportResponse, Song } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { libraryChanged, notify } from '../../lib/bus';
import { LARGE_UPLOAD_BYTES, pageSessionUser, sessionLost, sessionUserNow, uploadFailure, type UploadFailure } from '../../lib/upload-session';
import { uploadSong, type UploadRequest } from './api';

/** `paused`: not sent, or refused because the session ended; sent again by resume() once their owner is logged in again. */
export type JobState = 'waiting' | 'uploading' | 'paused' | 'imported' | 'duplicate' | 'failed' | 'cancelled';

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
  /** The session ended: nothing more is sent until resume() finds the files' owner logged in (the paused files wait). */
  paused: boolean;
  /** Asking the API who is logged in before sending (a large batch, or a resume). */
  checking: boolean;
}

/** What the queue needs to know about the session (lib/upload-session.ts; tests pass their own). */
export interface UploadSession {
  /** The id of the user the page says is logged in (the bus's session), or null: the files added now are theirs. */
  current(): string | null;
  /** The id of the user the API says is logged in now, or null for nobody (asked before a large batch or a resume). */
  user(): Promise<string | null>;
  explain(error: unknown): Promise<UploadFailure>;
  /** Tells the app the session ended (the "Please log in" modal). */
  lost(): void;
}

const pageSession: UploadSession = { current: pageSessionUser, user: sessionUserNow, explain: uploadFailure, lost: sessionLost };

type Send = (request: UploadRequest, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<ImportResponse>;

export interface UploadQueue {
  add(requests: { id: string; request: UploadRequest }[]): void;
  /** Retries a failed or cancelled job. */
  retry(id: string): void;
  /**
   * Sends the paused files once the API says their owner is logged in again (nobody: asks them to log in; another user:
   * drops every file, as userLoggedIn does).
   */
  resume(): void;
  /** Holds every file not sent yet: the person logged out here, so sending them would only be refused. */
  pause(): void;
  /**
   * `user` logged in on this page. If the files are another user's, every one is dropped (those in flight aborted) and
   * forgotten: a shared computer's next person neither sends the previous one's music into their account nor sees it.
   */
  userLoggedIn(user: string): void;
  /**
   * Stops a job: a waiting one never starts, an uploading one is aborted (the server keeps nothing of a request cut
   * midway, docs/import.md). A job the server already answered stays as it is.
   */
  cancel(id: string): void;
  /** Cancels every job not finished yet (paused ones too). */
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
export function createUploadQueue({ send = uploadSong as Send, concurrency = 3, session = pageSession }: { send?: Send; concurrency?: number; session?: UploadSession } = {}): UploadQueue {
  let jobs: UploadJob[] = [];
  const index = new Map<string, number>();
  const requests = new Map<string, UploadRequest>();
  const controllers = new Map<string, AbortController>();
  const listeners = new Set<() => void>();
  let active = 0;
  /** Pauses so far: a job started before one and cut after it was most likely refused for that lost session. */
  let pauses = 0;
  let paused = false;
  let checking = false;
  /** Whose files these are: the user logged in when they were added (null until the page knows of anyone). */
  let owner: string | null = null;
  /** Counts the drops for another user: an answer or a session check begun before the last one is ignored. */
  let generation = 0;
  let snap: QueueSnapshot = { jobs, progress: 0, running: false, paused, checking };

  const publish = () => {
    let total = 0;
    let sent = 0;
    for (const job of jobs) {
      total += job.bytes || 1;
      sent += (job.bytes || 1) * (unfinished(job.state) ? job.progress : 1);
    }
    const running = jobs.some((job) => job.state === 'waiting' || job.state === 'uploading');
    snap = { jobs, progress: total ? sent / total : 0, running, paused, checking };
    // Paused files are lost with the page too (the browser's files cannot be kept across a reload).
    guardLeaving(jobs.some((job) => unfinished(job.state)));
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
    if (paused || checking) return;
    while (active < concurrency) {
      while (cursor < jobs.length && jobs[cursor]!.state !== 'waiting') cursor++;
      const job = jobs[cursor];
      if (!job) return;
      start(job);
    }
  };

  /** Every job in `from` goes to `to` in one copy of the array; answers the first index changed. */
  const moveAll = (from: JobState, to: JobState): number => {
    let first = -1;
    jobs = jobs.map((job, at) => {
      if (job.state !== from) return job;
      if (first < 0) first = at;
      return { ...job, state: to, progress: 0, error: undefined };
    });
    return first;
  };

  /** Another user's files: all cancelled and forgotten (their File objects too), as if the queue were new. */
  const dropAll = () => {
    generation++;
    for (const controller of controllers.values()) controller.abort();
    controllers.clear();
    jobs = [];
    index.clear();
    requests.clear();
    cursor = 0;
    // The aborted requests no longer count: their endings are ignored (see start).
    active = 0;
    paused = false;
    checking = false;
    owner = null;
    publish();
  };

  /** The person logged in now is `user`: files of anyone else are dropped, then the queue is theirs. */
  const claim = (user: string) => {
    if (owner !== null && owner !== user) dropAll();
    owner = user;
  };

  /**
   * The session ended: hold the waiting files with `refused`, and tell the app once per pause (the other refusals in
   * flight say the same), or again when the person asked (`asked`: a resume before logging in).
   */
  const pauseForLogin = ({ refused, asked = false }: { refused?: string; asked?: boolean } = {}) => {
    if (refused) update(refused, { state: 'paused', progress: 0, error: undefined });
    moveAll('waiting', 'paused');
    const tell = asked || !paused;
    paused = true;
    pauses++;
    publish();
    if (tell) session.lost();
  };

  /**
   * Starts what waits, after asking the API whether anyone is logged in when `ask` (a large batch, a resume): a
   * request refused for a lost session can cost its whole body before the browser reads the refusal.
   */
  const go = (ask: boolean) => {
    if (!ask) return pump();
    if (checking) return;
    checking = true;
    publish();
    const asked = generation;
    void session.user().then((user) => {
      if (generation !== asked) return;
      checking = false;
      if (user === null) return pauseForLogin({ asked: true });
      // Someone else logged in meanwhile (in another tab, unknown to this page): never into their account.
      if (owner !== null && owner !== user) return dropAll();
      owner = user;
      paused = false;
      const first = moveAll('paused', 'waiting');
      if (first >= 0) cursor = Math.min(cursor, first);
      publish();
      pump();
    });
  };

  const start = (job: UploadJob) => {
    active++;
    const pausesAtStart = pauses;
    const mine = generation;
    const controller = new AbortController();
    controllers.set(job.id, controller);
    update(job.id, { state: 'uploading', progress: 0, error: undefined });
    send(requests.get(job.id)!, (fraction) => update(job.id, { progress: fraction }), controller.signal)
      .then((answer) => {
        // Stored in the previous user's account: nothing of it is shown to the one logged in now.
        if (generation !== mine) return;
        update(job.id, { state: answer.status, progress: 1, song: answer.song, album: answer.status === 'imported' ? answer.album : undefined });
        requests.delete(job.id);
        if (answer.status === 'imported') {
          libraryChanged({ entity: 'song', id: answer.song.id, action: 'created' });
          if (answer.album) libraryChanged({ entity: 'album', id: answer.album.id, action: answer.album_created ? 'created' : 'updated' });
        }
      })
      .catch(async (error: unknown) => {
        if (generation !== mine) return;
        if (controller.signal.aborted) return update(job.id, { state: 'cancelled', progress: 0 });
        const failure = await session.explain(error);
        if (generation !== mine) return;
        if (failure.kind === 'logged-out') return pauseForLogin({ refused: job.id });
        if (failure.kind === 'unanswered' && pauses !== pausesAtStart) {
          // Its refusal was most likely lost on the way (the person logged in again meanwhile): it goes again with the
          // others, which is safe, as a file already stored answers "duplicate".
          cursor = Math.min(cursor, index.get(job.id) ?? cursor);
          return update(job.id, { state: paused ? 'paused' : 'waiting', progress: 0, error: undefined });
        }
        update(job.id, { state: 'failed', error: failure.message });
      })
      .finally(() => {
        if (generation !== mine) return;
        controllers.delete(job.id);
        active--;
        pump();
      });
  };

  const cancel = (id: string) => {
    const at = index.get(id);
    const state = at === undefined ? undefined : jobs[at]!.state;
    if (state === 'waiting' || state === 'paused') update(id, { state: 'cancelled', progress: 0 });
    // Its request's failure marks it cancelled (see start).
    else if (state === 'uploading') controllers.get(id)?.abort();
  };

  return {
    add(added) {
      const user = session.current();
      if (user !== null) claim(user);
      jobs = jobs.slice();
      let bytes = 0;
      for (const { id, request } of added) {
        index.set(id, jobs.length);
        requests.set(id, request);
        // Added while paused, they wait with the others; the check below may resume them all.
        jobs.push({ id, name: request.file.name, bytes: request.file.size, state: paused ? 'paused' : 'waiting', progress: 0 });
        bytes += request.file.size + (request.cover?.size ?? 0);
      }
      publish();
      go(paused || bytes > LARGE_UPLOAD_BYTES);
    },
    retry(id) {
      const at = index.get(id);
      if (at === undefined || (jobs[at]!.state !== 'failed' && jobs[at]!.state !== 'cancelled')) return;
      cursor = Math.min(cursor, at);
      const request = requests.get(id)!;
      update(id, { state: paused ? 'paused' : 'waiting', progress: 0, error: undefined });
      go(paused || request.file.size + (request.cover?.size ?? 0) > LARGE_UPLOAD_BYTES);
    },
    resume() {
      if (paused) go(true);
    },
    pause() {
      if (jobs.some((job) => job.state === 'waiting')) pauseForLogin();
    },
    userLoggedIn: claim,
    cancel,
    cancelAll() {
      for (const job of jobs) if (unfinished(job.state)) cancel(job.id);
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

const unfinished = (state: JobState) => state === 'waiting' || state === 'uploading' || state === 'paused';

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

/** The page's one queue (created on first use), following the session on the bus. */
export function getUploadQueue(): UploadQueue {
  if (!pageQueue) {
    pageQueue = createUploadQueue();
    followSession(pageQueue);
  }
  return pageQueue;
}

/**
 * A logout here holds the files not sent yet (each would be refused); a login by their owner while files are paused
 * says where to resume them, since /login leads home and the upload screen may be out of sight; a login by anyone else
 * drops them.
 */
export function followSession(queue: UploadQueue): void {
  let user = pageSessionUser();
  getEventBus()
    .on('auth:session')
    .subscribe((session) => {
      const was = user;
      user = session.user?.id ?? null;
      if (user === was) return;
      if (user === null) return queue.pause();
      // Another user's files are gone after this, so the notice only ever counts the person's own.
      queue.userLoggedIn(user);
      const waiting = queue.snapshot().jobs.filter((job) => job.state === 'paused').length;
      if (queue.snapshot().paused && waiting > 0) {
        notify(`${waiting} ${waiting === 1 ? 'upload is' : 'uploads are'} paused. Resume ${waiting === 1 ? 'it' : 'them'} on Upload Music.`);
      }
    });
}

export function useUploadQueue(queue: UploadQueue = getUploadQueue()): QueueSnapshot {
  return useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
}
