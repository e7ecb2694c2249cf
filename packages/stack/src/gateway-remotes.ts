import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of /remotes.json, the list the shell registers with the federation runtime at startup. */
export interface RemoteDefinition {
  /** Federation name, e.g. `mf_auth`. */
  name: string;
  /** URL of its mf-manifest.json (absolute, or relative to the page). */
  entry: string;
}

/** `mf-auth` is served at /mf-auth/ and registered as `mf_auth` (federation names cannot hold dashes). */
export function remoteNameOf(folder: string): string {
  return folder.replace(/-/g, '_');
}

function parseList(text: string, source: string): RemoteDefinition[] {
  const parsed: unknown = JSON.parse(text);
  const list = Array.isArray(parsed) ? parsed : (parsed as { remotes?: unknown })?.remotes;
  if (!Array.isArray(list)) throw new Error(`${source}: expected {"remotes":[{"name","entry"}]} or an array`);
  return list.map((item, index) => {
    const { name, entry } = (item ?? {}) as Partial<RemoteDefinition>;
    if (typeof name !== 'string' || typeof entry !== 'string') throw new Error(`${source}: remotes[${index}] needs string "name" and "entry"`);
    return { name, entry };
  });
}

export interface ResolveRemotesOptions {
  /** Remote folders (`mf-auth`, ...) and their build output directories. */
  remoteDirs: Record<string, string>;
  /** Read for TUNAFY_REMOTES and REMOTES_FILE. */
  env: NodeJS.ProcessEnv;
  /** Highest-priority overrides (tests). */
  overrides?: RemoteDefinition[];
  warn: (line: string) => void;
}

/**
 * The remote list: by default every remote whose build exists, at its own path on this origin. Then, by
 * name, entries from the file REMOTES_FILE, then from the JSON in TUNAFY_REMOTES, then `overrides`
 * replace or add remotes (e.g. to point mf_library at a CDN or another version). The gateway calls this
 * again on every /remotes.json request when REMOTES_FILE is set, so editing that file deploys or rolls back
 * a remote without a restart (docs/deploying-remotes.md).
 */
export function resolveRemotes({ remoteDirs, env, overrides = [], warn }: ResolveRemotesOptions): RemoteDefinition[] {
  const byName = new Map<string, RemoteDefinition>();
  for (const [folder, dir] of Object.entries(remoteDirs)) {
    if (existsSync(join(dir, 'mf-manifest.json'))) byName.set(remoteNameOf(folder), { name: remoteNameOf(folder), entry: `/${folder}/mf-manifest.json` });
    else warn(`remote ${folder} is not built (${join(dir, 'mf-manifest.json')} is missing); it is left out of /remotes.json`);
  }
  const layers: RemoteDefinition[][] = [];
  if (env.REMOTES_FILE) layers.push(parseList(readFileSync(env.REMOTES_FILE, 'utf8'), `REMOTES_FILE ${env.REMOTES_FILE}`));
  if (env.TUNAFY_REMOTES) layers.push(parseList(env.TUNAFY_REMOTES, 'TUNAFY_REMOTES'));
  layers.push(overrides);
  for (const layer of layers) for (const remote of layer) byName.set(remote.name, remote);
  return [...byName.values()];
}
