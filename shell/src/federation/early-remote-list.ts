import { loadRemote } from '@module-federation/enhanced/runtime';
import { screenAt } from '../app/screen-table';
import { fetchRemoteList, registerRemoteList, remoteNameOf, type RemoteDefinition } from './remotes';

/**
 * The remote list, requested by index.ts as soon as the entry runs, while the bootstrap chunk (React,
 * the router) is still downloading: the first screen's remote cannot be located without it, so it used
 * to cost a round trip after bootstrap had started. Registered with the federation runtime on arrival;
 * read once, later reads get the same promise.
 */
let early: Promise<RemoteDefinition[]> | null = null;

export function requestRemoteList(): Promise<RemoteDefinition[]> {
  early ??= fetchRemoteList().then((remotes) => {
    registerRemoteList(remotes);
    return remotes;
  });
  return early;
}

/**
 * Starts downloading the code of the screen at `pathname` (its remote's manifest, the exposed module's
 * chunks and the remote's ./meta) as soon as the remote list is in, alongside the shell's own bootstrap
 * chunk instead of after it: on a cold start that was the longest wait before a screen's first request.
 * Nothing runs: loadFactory false only fetches, and the module's code runs later through
 * load-remote.ts, which checks the remote's contract first and joins these same downloads. A failure is
 * left to that load to report (with its fallback and Retry).
 */
export function prefetchScreenCode(pathname: string): void {
  const screen = screenAt(pathname);
  if (!screen) return;
  void requestRemoteList().then((remotes) => {
    const remote = remoteNameOf(screen.request);
    if (!remotes.some((candidate) => candidate.name === remote)) return;
    for (const request of [screen.request, `${remote}/meta`]) loadRemote(request, { loadFactory: false, from: 'runtime' }).catch(() => undefined);
  });
}
