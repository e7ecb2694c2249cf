import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError } from './errors';

/**
 * Turns every failure to load a remote module into one typed error, so each region's error boundary can
 * show the same clear fallback (with Retry) whatever went wrong: no manifest, a 404 chunk, a remote that
 * is not in /remotes.json.
 */
export default function tunafyRemoteErrors(): ModuleFederationRuntimePlugin {
  return {
    name: 'tunafy-remote-errors',
    errorLoadRemote({ id, error, lifecycle, remote, origin }) {
      // Only the final 'onLoad' stage is ours to answer. A value returned at 'afterResolve' would be taken
      // as the manifest itself, and shared-module stages expect a share factory; those errors reach
      // 'onLoad' anyway.
      if (lifecycle !== 'onLoad') return undefined;
      if (error instanceof RemoteUnavailableError) throw error;
      const name = remote?.name ?? id.split('/')[0] ?? id;
      const registered = origin.options.remotes.some((candidate) => candidate.name === name);
      console.warn(`[tunafy] remote "${name}" ${registered ? 'failed to load' : 'is not in /remotes.json, cannot load'} "${id}"`, registered ? error : '');
      throw new RemoteUnavailableError(name, id, error, registered ? 'offline' : 'not-deployed');
    },
  };
}
