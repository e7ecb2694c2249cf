import { loadRemote } from '@module-federation/enhanced/runtime';
import { EVENT_CONTRACT_VERSION, isCompatibleContract } from '@tunafy/event-bus';
import type { MetaModule } from '@tunafy/remote-contracts';
import { IncompatibleRemoteError, RemoteUnavailableError } from './errors';
import { resetRemote } from './remotes';

/** Every remote exposes `./meta` with the event contract version it was built with; an old or foreign build may not. */
type RemoteMeta = Partial<MetaModule>;

const contractChecks = new Map<string, Promise<void>>();
/** Remotes that delivered at least one module: their entry is fine, a Retry needs no reset. */
const healthy = new Set<string>();

export function remoteNameOf(request: string): string {
  return request.slice(0, request.indexOf('/'));
}

function checkContract(remote: string): Promise<void> {
  let check = contractChecks.get(remote);
  if (!check) {
    check = loadRemote<RemoteMeta>(`${remote}/meta`).then((meta) => {
      const version = meta?.contractVersion;
      if (!version || !isCompatibleContract(version)) throw new IncompatibleRemoteError(remote, version, EVENT_CONTRACT_VERSION);
    });
    // Only a passed check is remembered, so Retry asks again after a failure.
    check.catch(() => contractChecks.delete(remote));
    contractChecks.set(remote, check);
  }
  return check;
}

/**
 * Loads `remote/Expose` after checking the remote's contract. The module's chunks download in parallel
 * with the check, but its code only runs once the remote is known to speak our contract.
 */
export async function loadRemoteModule<T>(request: string): Promise<T> {
  const remote = remoteNameOf(request);
  const [factory] = await Promise.all([loadRemote<() => T>(request, { loadFactory: false, from: 'runtime' }), checkContract(remote)]);
  if (typeof factory !== 'function') throw new RemoteUnavailableError(remote, request);
  healthy.add(remote);
  return factory();
}

export function prepareRetry(request: string): void {
  const remote = remoteNameOf(request);
  if (!healthy.has(remote)) resetRemote(remote);
}
