import { fetchRemoteList, type RemoteDefinition } from './remotes';

/**
 * The remote list, requested by index.ts as soon as the entry runs, while the bootstrap chunk (React,
 * the router) is still downloading: the first screen's remote cannot be located without it, so it used
 * to cost a round trip after bootstrap had started. Read once; later reads get the same promise.
 */
let early: Promise<RemoteDefinition[]> | null = null;

export function requestRemoteList(): Promise<RemoteDefinition[]> {
  early ??= fetchRemoteList();
  return early;
}
