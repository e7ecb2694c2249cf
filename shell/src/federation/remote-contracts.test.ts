// @vitest-environment node
/**
 * The contract between the shell and its remotes, checked in CI against each remote's production build
 * (`npm test` builds every project first; nx also makes this project's `test` depend on the remotes'
 * `build`). For every module the shell requests (REMOTE_MODULES):
 *  - the remote's dist/mf-manifest.json exposes it, and exposes ./meta;
 *  - the exposed source file (from dist/mf-stats.json) default-exports a React component;
 *  - the built ./meta chunk declares a contractVersion this shell accepts (isCompatibleContract).
 * Their types are the published contract (@tunafy/remote-contracts): the shell's type check holds REMOTE_MODULES
 * to it, each remote's type check asserts its exposes and modules satisfy it (docs/remote-contracts.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_CONTRACT_VERSION, isCompatibleContract } from '@tunafy/event-bus';
import { REMOTE_MODULES, remoteFolderOf, type RemoteName } from './remote-modules';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Expose {
  name: string;
  path: string;
  file?: string;
  assets: { js: { sync: string[] } };
}

function readDist<T>(folder: string, file: string): T {
  const path = join(repo, folder, 'dist', file);
  if (!existsSync(path)) throw new Error(`${path} is missing: build the remote first (npm run build -w ${folder})`);
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

// meta.ts reads the DefinePlugin constant at import; the built value is checked separately below.
vi.stubGlobal('__EVENT_CONTRACT_VERSION__', EVENT_CONTRACT_VERSION);

describe.each(Object.keys(REMOTE_MODULES) as RemoteName[])('remote %s', (remote) => {
  const folder = remoteFolderOf(remote);
  const requested = Object.values(REMOTE_MODULES[remote]).map((request) => request.slice(remote.length + 1));

  it('is the federation name its manifest declares', () => {
    expect(readDist<{ name: string }>(folder, 'mf-manifest.json').name).toBe(remote);
  });

  it('exposes every module the shell requests, and ./meta', () => {
    const exposed = readDist<{ exposes: Expose[] }>(folder, 'mf-manifest.json').exposes.map((expose) => expose.name);
    expect(exposed).toEqual(expect.arrayContaining([...requested, 'meta']));
  });

  it('was built against an event contract this shell accepts', () => {
    const meta = readDist<{ exposes: Expose[] }>(folder, 'mf-manifest.json').exposes.find((expose) => expose.name === 'meta')!;
    const code = meta.assets.js.sync.map((chunk) => readFileSync(join(repo, folder, 'dist', chunk), 'utf8')).join('\n');
    const version = /contractVersion:\s*"([^"]+)"/.exec(code)?.[1];
    expect(version, `no contractVersion literal in ${meta.assets.js.sync.join(', ')}`).toMatch(/^\d+\.\d+\.\d+/);
    expect(isCompatibleContract(version!), `${remote} built for ${version}, shell speaks ${EVENT_CONTRACT_VERSION}`).toBe(true);
  });

  it.each(requested)('./%s default-exports a React component', async (name) => {
    const stats = readDist<{ exposes: Expose[] }>(folder, 'mf-stats.json');
    const file = stats.exposes.find((expose) => expose.name === name)?.file;
    expect(file, `mf-stats.json has no source file for ./${name}`).toBeTruthy();
    const module = (await import(/* @vite-ignore */ join(repo, folder, file!))) as { default?: unknown };
    // Function components and memo/forwardRef objects are what RemoteRegion accepts (remote-components.ts).
    expect(['function', 'object']).toContain(typeof module.default);
    expect(module.default).toBeTruthy();
  });

  it("src/remote-contract.ts types each exposed name from the file the build exposes under it", () => {
    // The remote's type check holds those modules to @tunafy/remote-contracts; this keeps them the built ones.
    const declared = readFileSync(join(repo, folder, 'src', 'remote-contract.ts'), 'utf8');
    const typedFrom = Object.fromEntries([...declared.matchAll(/(\w+): typeof import\('\.\/([^']+)'\)/g)].map(([, name, file]) => [name, file]));
    const built = readDist<{ exposes: Expose[] }>(folder, 'mf-stats.json').exposes;
    expect(built.length).toBeGreaterThan(0);
    expect(Object.fromEntries(built.map((expose) => [expose.name, expose.file!.replace(/^src\//, '').replace(/\.tsx?$/, '')]))).toEqual(typedFrom);
  });

  it('./meta source exports contractVersion as a string', async () => {
    const stats = readDist<{ exposes: Expose[] }>(folder, 'mf-stats.json');
    const file = stats.exposes.find((expose) => expose.name === 'meta')!.file!;
    const meta = (await import(/* @vite-ignore */ join(repo, folder, file))) as { contractVersion?: unknown };
    expect(typeof meta.contractVersion).toBe('string');
  });
});
