import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';

const require = createRequire(import.meta.url);

/** A `@module-federation/<package>/dist/….cjs` file. */
const FEDERATION_CJS = /@module-federation[\\/][^\\/]+[\\/]dist[\\/].*\.cjs$/;

/**
 * Builds the Module Federation runtime from its ES module files instead of
 * its CommonJS ones.
 *
 * Why: rspack's federation plugin locates the runtime with `require.resolve`,
 * which picks each package's CommonJS build, and CommonJS cannot be tree
 * shaken. The runtime then ships its Node loaders and every optional plugin
 * whatever `experiments.optimization` says. Every package of the runtime
 * publishes an ES build beside the CommonJS one, with the same files and
 * exports; bundling those cut the shell's entry chunk from 33.6 to 28.0 kB
 * gzip and a remote's remoteEntry.js by a third (docs/benchmarks.md).
 *
 * Two doors lead to the CommonJS files, so there are two parts:
 * - `alias`: rspack aliases the bare `@module-federation/runtime` to its
 *   CommonJS file (a user alias wins over it);
 * - `plugin`: the generated runtime module imports the bundler runtime and
 *   the runtime plugins by absolute `.cjs` path; each request is switched to
 *   the `.js` (or `.mjs`) file beside it. Only requests are rewritten: once a
 *   file is resolved its module type is fixed, so nothing is done after.
 */
export function esmFederationRuntime() {
  return {
    alias: { '@module-federation/runtime': require.resolve('@module-federation/runtime/bundler') },
    plugin: new rspack.NormalModuleReplacementPlugin(FEDERATION_CJS, (resolveData: { request: string; createData?: unknown }) => {
      if (resolveData.createData) return;
      resolveData.request = esmTwinOf(resolveData.request);
    }),
  };
}

/** The ES module file published beside a CommonJS one. */
export function esmTwinOf(cjsFile: string): string {
  for (const extension of ['.js', '.mjs']) {
    const twin = cjsFile.replace(/\.cjs$/, extension);
    if (existsSync(twin)) return twin;
  }
  throw new Error(`${cjsFile} has no ES module twin (.js or .mjs): check the @module-federation packages' dist layout`);
}
