// @vitest-environment node
/**
 * The shell compiles without any remote's source (issue 15; docs/remote-contracts.md): it is copied with
 * packages/ and the root config alone into a temporary directory, where no mf-* folder exists, and its own
 * `typecheck` and production `build` scripts must pass there. What it loads from the remotes is typed by
 * @tunafy/remote-contracts only; an import of a remote's file, or a tsconfig that includes one, fails here.
 *
 * node_modules is the repository's, linked entry by entry, except @tunafy/: that scope links only the
 * copied workspaces, so the shell cannot reach a remote through the workspace links either.
 * Slow (a full tsc and rspack run); `npm test` builds the packages' dist first, which the shell's build uses.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const REMOTE_FOLDERS = ['mf-auth', 'mf-library', 'mf-player'];
/** Root files the shell's config and scripts read: the workspace list, the compiler base, the shared federation setup. */
const ROOT_FILES = ['package.json', 'tsconfig.base.json', 'tools/federation'];
const run = promisify(execFile);

let temp: string;

/**
 * A copy of shell/ or a package: its source and config, plus its built dist for a package (the shell's build
 * bundles it). Its own node_modules (versions npm could not hoist, if any) is linked, not copied.
 */
function copyWorkspace(folder: string, withDist: boolean): void {
  cpSync(join(repo, folder), join(temp, folder), {
    recursive: true,
    filter: (source) => {
      const name = basename(source);
      return name !== 'node_modules' && name !== '.nx' && (withDist || name !== 'dist' || dirname(source) !== join(repo, folder));
    },
  });
  if (existsSync(join(repo, folder, 'node_modules'))) symlinkSync(join(repo, folder, 'node_modules'), join(temp, folder, 'node_modules'));
}

function linkNodeModules(workspaces: string[]): void {
  const modules = join(temp, 'node_modules');
  mkdirSync(join(modules, '@tunafy'), { recursive: true });
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (entry !== '@tunafy') symlinkSync(join(repo, 'node_modules', entry), join(modules, entry));
  }
  for (const folder of workspaces) {
    const { name } = JSON.parse(readFileSync(join(temp, folder, 'package.json'), 'utf8')) as { name: string };
    symlinkSync(join(temp, folder), join(modules, name));
  }
}

/** The environment of a developer's shell: without the test runner's NODE_ENV=test and vitest's own variables. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key === 'NODE_ENV' || key.startsWith('VITEST')) delete env[key];
  return env;
}

/** Runs one of the shell's npm scripts in the copy; a failure carries the tool's own output. */
async function npmRun(script: string): Promise<string> {
  try {
    const { stdout, stderr } = await run('npm', ['run', script], {
      cwd: join(temp, 'shell'),
      env: cleanEnv(),
      maxBuffer: 64 * 1024 * 1024,
      timeout: 8 * 60_000,
    });
    return stdout + stderr;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run ${script} failed in the shell copied alone:\n${stdout}\n${stderr}`);
  }
}

describe('the shell copied without the remotes', () => {
  beforeAll(() => {
    const packages = readdirSync(join(repo, 'packages')).filter((name) => existsSync(join(repo, 'packages', name, 'package.json')));
    for (const name of packages) {
      const manifest = JSON.parse(readFileSync(join(repo, 'packages', name, 'package.json'), 'utf8')) as { scripts?: { build?: string } };
      if (manifest.scripts?.build && !existsSync(join(repo, 'packages', name, 'dist'))) {
        throw new Error(`packages/${name}/dist is missing: build the packages first (npx nx run-many -t build)`);
      }
    }
    temp = mkdtempSync(join(tmpdir(), 'tunafy-shell-alone-'));
    for (const file of ROOT_FILES) cpSync(join(repo, file), join(temp, file), { recursive: true });
    copyWorkspace('shell', false);
    for (const name of packages) copyWorkspace(join('packages', name), true);
    linkNodeModules(['shell', ...packages.map((name) => join('packages', name))]);
  });

  afterAll(() => {
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  it('has no remote folder to read', () => {
    for (const folder of REMOTE_FOLDERS) {
      expect(existsSync(join(temp, folder))).toBe(false);
      expect(existsSync(join(temp, 'node_modules', '@tunafy', folder))).toBe(false);
    }
  });

  it('type-checks', { timeout: 10 * 60_000 }, async () => {
    await npmRun('typecheck');
  });

  it('builds for production, from the shell and packages alone', { timeout: 10 * 60_000 }, async () => {
    await npmRun('build');
    const dist = join(temp, 'shell', 'dist');
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('<script');
    // Every bundled file, from the source maps: the shell's own and the packages', none of a remote.
    const sources = readdirSync(dist)
      .filter((file) => file.endsWith('.js.map'))
      .flatMap((file) => (JSON.parse(readFileSync(join(dist, file), 'utf8')) as { sources: string[] }).sources);
    expect(sources).toContain('webpack://tunafy_shell/./src/bootstrap.tsx');
    expect(sources.filter((source) => REMOTE_FOLDERS.some((folder) => source.includes(`${folder}/`)))).toEqual([]);
    // The workspace packages came from the copies beside it (a path into the repository would climb out of temp).
    const packageSources = sources.filter((source) => source.includes('/packages/'));
    expect(packageSources.length).toBeGreaterThan(0);
    // (A package's CSS Module, @tunafy/ui's menu, is named "css <path>" in the maps.)
    expect(packageSources.filter((source) => !/^webpack:\/\/tunafy_shell\/(css )?\.\.\/packages\//.test(source))).toEqual([]);
  });
});
