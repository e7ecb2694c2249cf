import { useSyncExternalStore } from 'react';

/**
 * Whether the shell currently cannot reach the API: a network failure (the api-client turns it into a
 * 503), or the gateway / API answering 502-504 (API process down, database down). The layout shows a
 * banner while it lasts; the session check keeps retrying and clears it.
 */
let unreachable = false;
const listeners = new Set<() => void>();

export function isServerUnreachableError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 502 || status === 503 || status === 504;
}

export function setServerUnreachable(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  listeners.forEach((listener) => listener());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

const snapshot = () => unreachable;

export function useServerUnreachable(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
