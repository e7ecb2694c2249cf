/**
 * Plays made while the API could not be reached (docs/offline.md, Plays made offline): kept per account in
 * localStorage with the time they happened, and sent with that time (`played_at`) once the API answers again, so
 * history and Your top count them on their day.
 */
import { LISTENING_LIMITS } from '@tunafy/contracts';
import { offlinePlaysKey } from './offline-caches.js';

export interface PendingPlay {
  song_id: string;
  context?: string;
  /** ISO time of the play. */
  played_at: string;
}

/** The API refuses plays older than this (LISTENING_LIMITS.offlinePlayMaxAgeDays); older queued ones are dropped. */
export const PENDING_PLAY_MAX_AGE_MS = LISTENING_LIMITS.offlinePlayMaxAgeDays * 24 * 60 * 60 * 1000;
/** A listener offline for weeks still keeps a bounded queue. */
export const PENDING_PLAYS_MAX = 1000;

function read(storage: Storage | null, accountId: string): PendingPlay[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(offlinePlaysKey(accountId)) ?? '[]');
    return Array.isArray(value) ? value.filter((play): play is PendingPlay => typeof play?.song_id === 'string' && typeof play?.played_at === 'string') : [];
  } catch {
    return [];
  }
}

function write(storage: Storage | null, accountId: string, plays: PendingPlay[]): void {
  try {
    if (plays.length === 0) storage?.removeItem(offlinePlaysKey(accountId));
    else storage?.setItem(offlinePlaysKey(accountId), JSON.stringify(plays.slice(-PENDING_PLAYS_MAX)));
  } catch {
    // Full or disabled storage: the play is lost, as it would have been without the queue.
  }
}

export function pendingPlays(storage: Storage | null, accountId: string): PendingPlay[] {
  return read(storage, accountId);
}

export function queuePlay(storage: Storage | null, accountId: string, play: PendingPlay): void {
  write(storage, accountId, [...read(storage, accountId), play]);
}

/**
 * Sends the account's queued plays in order with `send`. A play the API refused (send answered 'drop': 4xx) or too
 * old to be taken is dropped; the first one that could not be sent (no network, 5xx) stops the flush and stays queued
 * with everything after it. Answers how many were sent.
 */
export async function flushPlays(storage: Storage | null, accountId: string, send: (play: PendingPlay) => Promise<'sent' | 'drop' | 'retry'>, now = Date.now()): Promise<number> {
  let sent = 0;
  for (;;) {
    const [play, ...rest] = read(storage, accountId);
    if (!play) return sent;
    const age = now - Date.parse(play.played_at);
    const outcome = Number.isNaN(age) || age > PENDING_PLAY_MAX_AGE_MS ? 'drop' : await send(play);
    if (outcome === 'retry') return sent;
    if (outcome === 'sent') sent += 1;
    // Re-read: a play queued while this one was on its way must not be overwritten.
    const current = read(storage, accountId);
    write(storage, accountId, current[0]?.song_id === play.song_id && current[0]?.played_at === play.played_at ? current.slice(1) : rest);
  }
}
