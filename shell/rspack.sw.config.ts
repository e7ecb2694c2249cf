// The service worker (docs/offline.md), built after the app (`npm run build`) into the same dist/ at the fixed URL
// /sw.js: its own compilation, because the app's Module Federation runtime and chunk splitting have no place in a
// worker, and because it lists the app's hashed files, which exist only once the app is built.
import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, 'dist');

/** The app's content-hashed JS and CSS: a download's warm-up caches them, so every shell chunk works offline. */
function shellAssets(): string[] {
  try {
    return readdirSync(dist).filter((file) => /\.[0-9a-f]{8,}\.(?:js|css)$/u.test(file)).map((file) => `/${file}`);
  } catch {
    return [];
  }
}

export default defineConfig((_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: here,
    target: 'webworker',
    entry: { sw: './src/sw/sw.ts' },
    // The shell's source-map namespace: its maps name the shell's and the packages' sources the same way as the app's.
    output: { path: dist, filename: 'sw.js', clean: false, publicPath: '/', uniqueName: 'tunafy_shell_sw', devtoolNamespace: 'tunafy_shell' },
    devtool: production ? 'source-map' : false,
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [new rspack.DefinePlugin({ __SHELL_ASSETS__: JSON.stringify(shellAssets()) })],
    // One file: a worker cannot load chunks the way a page does.
    optimization: { minimize: production, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
});
