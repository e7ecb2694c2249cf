import { registerRemotes } from '@module-federation/enhanced/runtime';

export interface RemoteDefinition {
  name: string;
  /** URL of the remote's mf-manifest.json (or remoteEntry.js). */
  entry: string;
}

const registered = new Map<string, RemoteDefinition>();

function isRemoteDefinition(value: unknown): value is RemoteDefinition {
  const candidate = value as Partial<RemoteDefinition> | null;
  return typeof candidate?.name === 'string' && typeof candidate.entry === 'string';
}

/**
 * The per-environment remote list the gateway serves. A missing or broken list is not fatal: the shell
 * still renders, and every remote region shows its fallback.
 */
export async function fetchRemoteList(url = '/remotes.json'): Promise<RemoteDefinition[]> {
  try {
    const response = await fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { remotes?: unknown };
    if (!Array.isArray(body.remotes)) throw new Error('no "remotes" array');
    // Absolute entries: the runtime derives each remote's publicPath ('auto') from its manifest URL.
    return body.remotes.filter(isRemoteDefinition).map((remote) => ({ ...remote, entry: new URL(remote.entry, document.baseURI).href }));
  } catch (error) {
    console.warn(`[tunafy] could not read ${url}; remote regions will show their fallback`, error);
    return [];
  }
}

export function registerRemoteList(remotes: RemoteDefinition[]): void {
  remotes.forEach((remote) => registered.set(remote.name, remote));
  registerRemotes(remotes);
}

/** Drops the runtime's cached state for a remote (failed entry, stale snapshot) before a Retry. */
export function resetRemote(name: string): void {
  const remote = registered.get(name);
  if (remote) registerRemotes([remote], { force: true });
}
