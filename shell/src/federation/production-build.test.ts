// @vitest-environment node
/**
 * What the production builds of the shell and every remote must not contain, read from their source maps
 * (`npm test` builds every project first). Both rules are about bytes on the guest's first page and both
 * break silently on a dependency upgrade, so they are checked on the real build output:
 *  - the Module Federation runtime comes from its ES module files (tools/federation/esm-runtime.ts):
 *    its CommonJS files cannot be tree shaken;
 *  - react-router is its production build (tools/federation/shared.cjs, productionAliases);
 *  - the shell bundles no zod (below).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every source file bundled into an app's production JavaScript, from the .js.map files beside it. */
function bundledSources(app: string): string[] {
  const dist = join(repo, app, 'dist');
  if (!existsSync(dist)) throw new Error(`${dist} is missing: build it first (npm run build -w ${app})`);
  const maps = readdirSync(dist).filter((file) => file.endsWith('.js.map'));
  return maps.flatMap((file) => (JSON.parse(readFileSync(join(dist, file), 'utf8')) as { sources: string[] }).sources);
}

describe.each(['shell', 'mf-auth', 'mf-library', 'mf-player'])('the production build of %s', (app) => {
  const sources = bundledSources(app);

  it('bundles the federation runtime from its ES module files', () => {
    expect(sources.some((source) => source.includes('@module-federation/webpack-bundler-runtime/dist/'))).toBe(true);
    expect(sources.filter((source) => /@module-federation\/[^/]+\/dist\/.*\.cjs$/.test(source))).toEqual([]);
  });

  it("bundles react-router's production build only", () => {
    const router = sources.filter((source) => source.includes('node_modules/react-router/'));
    expect(router.length).toBeGreaterThan(0);
    expect(router.filter((source) => !source.includes('/dist/production/'))).toEqual([]);
  });
});

describe('the production build of shell', () => {
  // The shell validates nothing with zod, so zod in its build came in through a shared module every page loads first
  // (the API client, from a @tunafy/contracts module that builds a schema at its top level): +18 KB gzip on the guest
  // home (docs/benchmarks.md, "Browser"). e2e/specs/guest-home-budget.spec.ts checks the page's whole budget.
  it('bundles no zod', () => {
    expect(bundledSources('shell').filter((source) => source.includes('node_modules/zod/'))).toEqual([]);
  });
});

describe("the shell's federation runtime", () => {
  // Its debug switch read localStorage while the entry evaluated: the page's first read, which opens the storage area
  // inside the entry's long task (tools/federation/no-storage-debug-switch.cjs, decision 0024).
  it('reads no localStorage', () => {
    const dist = join(repo, 'shell', 'dist');
    const carrying = readdirSync(dist)
      .filter((file) => file.endsWith('.js.map'))
      .filter((file) => (JSON.parse(readFileSync(join(dist, file), 'utf8')) as { sources: string[] }).sources.some((source) => source.includes('@module-federation/sdk/dist/env.js')))
      .map((file) => file.replace(/\.map$/, ''));
    expect(carrying.length).toBeGreaterThan(0);
    for (const file of carrying) expect(readFileSync(join(dist, file), 'utf8'), file).not.toContain('localStorage');
  });
});

describe("the production builds of the remotes' reading screens", () => {
  // Only a form validates with zod. A list or detail page that imports a constant from a @tunafy/contracts module
  // with schemas (LISTENING_LIMITS, AUDIO_FORMAT_INFO used to live beside them) brings zod's ~85 kB with it and
  // builds every schema of that module while the page starts: 12 screens did, /songs among them (docs/benchmarks.md,
  // "Songs in the browser at scale"). Each exposed screen's first (sync) chunks are read from the remote's manifest.
  const FORMS = /(Create|Update|Upload)Page$/;

  it.each(['mf-library', 'mf-player'])('%s: every exposed module but the forms loads no zod', (app) => {
    const dist = join(repo, app, 'dist');
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as { exposes: { name: string; assets: { js: { sync: string[] } } }[] };
    const readers = manifest.exposes.filter((expose) => !FORMS.test(expose.name));
    expect(readers.map((expose) => expose.name)).toEqual(expect.arrayContaining(app === 'mf-library' ? ['SongsPage', 'AlbumDetailPage', 'HomePage'] : ['Player']));
    const withZod = readers.filter((expose) =>
      expose.assets.js.sync.some((chunk) => (JSON.parse(readFileSync(join(dist, `${chunk}.map`), 'utf8')) as { sources: string[] }).sources.some((source) => source.includes('node_modules/zod/'))),
    );
    expect(withZod.map((expose) => expose.name)).toEqual([]);
  });
});
