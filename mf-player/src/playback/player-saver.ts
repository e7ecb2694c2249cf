/**
 * When the player saves, and what: every change of the queue or the volume
 * goes to localStorage at once; the position goes there about once a second
 * while playing (and on pause, seek and leaving the page); the API gets one
 * save per SERVER_SAVE_DELAY_MS at most, plus one when the page goes away.
 * The formats themselves are persistence.ts's.
 */
import type { QueueState } from '../queue/queue';
import { currentSong, toSnapshot } from '../queue/queue';
import { SERVER_SAVE_DELAY_MS } from './constants';
import type { ListeningApi } from './listening-api';
import { saveLocalPosition, saveLocalQueue, toServerInput } from './persistence';

export interface SaveableState {
  queue: QueueState;
  volume: number;
  muted: boolean;
  playing: boolean;
}

export interface PlayerSaverOptions {
  userId: string;
  storage: Storage | null;
  api: Pick<ListeningApi, 'savePlayerState'>;
  /** The player as it is now (read at save time, so a batched save sends the latest state). */
  read(): SaveableState;
  /** Seconds into the current song. */
  position(): number;
  /**
   * False until the saved state was read, so an empty player does not
   * overwrite it; true earlier when the user already acted (their queue wins).
   */
  mayPersist(): boolean;
}

export class PlayerSaver {
  /** What localStorage holds already, by reference (the queue is immutable), so unchanged state is not written again. */
  private savedQueue: QueueState | null = null;
  private savedVolume: [number, boolean] | null = null;
  private serverDirty = false;
  private serverTimer: ReturnType<typeof setTimeout> | null = null;
  /** The session ended: the API would refuse saves now. */
  private loggedOut = false;

  constructor(private readonly options: PlayerSaverOptions) {}

  sessionStarted(): void {
    this.loggedOut = false;
  }

  sessionEnded(): void {
    this.loggedOut = true;
  }

  /** Restored state came from storage (or the server): writing it straight back would only cost a save. */
  alreadySaved(queue: QueueState, volume: number, muted: boolean): void {
    this.savedQueue = queue;
    this.savedVolume = [volume, muted];
  }

  /** After a change: the local copy now, the server's batched. */
  persist(): void {
    if (!this.options.mayPersist()) return;
    const { queue, volume, muted } = this.options.read();
    const queueChanged = this.savedQueue !== queue;
    const volumeChanged = !this.savedVolume || this.savedVolume[0] !== volume || this.savedVolume[1] !== muted;
    if (!queueChanged && !volumeChanged) return;
    this.savedQueue = queue;
    this.savedVolume = [volume, muted];
    saveLocalQueue(this.options.storage, this.options.userId, { queue: toSnapshot(queue), volume, muted });
    this.savePosition();
    this.scheduleServerSave();
  }

  /** Kept apart from the queue because it is written every second while playing. */
  savePosition(): void {
    if (!this.options.mayPersist()) return;
    const { queue } = this.options.read();
    saveLocalPosition(this.options.storage, this.options.userId, { index: queue.index, songId: currentSong(queue)?.id ?? null, position: this.options.position() });
  }

  scheduleServerSave(): void {
    if (!this.options.mayPersist()) return;
    this.serverDirty = true;
    this.serverTimer ??= setTimeout(() => {
      this.serverTimer = null;
      this.saveToServer(false);
    }, SERVER_SAVE_DELAY_MS);
  }

  /**
   * Everything pending, now: the page is going away (`keepalive` lets that
   * request outlive it) or the player is. While playing the position moved
   * since the last save even if nothing else did.
   */
  flush(keepalive: boolean): void {
    if (!this.options.mayPersist()) return;
    this.savePosition();
    if (this.options.read().playing) this.serverDirty = true;
    this.cancel();
    this.saveToServer(keepalive);
  }

  /** Drops a batched server save without sending it. */
  cancel(): void {
    if (this.serverTimer) clearTimeout(this.serverTimer);
    this.serverTimer = null;
  }

  private saveToServer(keepalive: boolean): void {
    if (!this.serverDirty || this.loggedOut) return;
    this.serverDirty = false;
    const { queue, volume } = this.options.read();
    const input = toServerInput(toSnapshot(queue), this.options.position(), volume);
    this.options.api.savePlayerState(input, { keepalive }).catch((error: unknown) => {
      console.warn('[mf-player] could not save the player state', error);
    });
  }
}

export type PageEvents = Pick<Window, 'addEventListener' | 'removeEventListener'> & { document?: Pick<Document, 'visibilityState'> };

/**
 * Calls `leaving` when the page may be gone for good: pagehide covers reloads,
 * closing and the bfcache; a hidden tab may never come back (mobile), so that
 * counts too. Returns the unsubscribe.
 */
export function onPageLeave(page: PageEvents, leaving: () => void): () => void {
  const onVisibility = () => (page.document ?? document).visibilityState === 'hidden' && leaving();
  page.addEventListener('pagehide', leaving);
  page.addEventListener('visibilitychange', onVisibility);
  return () => {
    page.removeEventListener('pagehide', leaving);
    page.removeEventListener('visibilitychange', onVisibility);
  };
}
