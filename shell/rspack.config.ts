// Rspack config of the Module Federation HOST. Loaded by @rspack/cli through its bundled jiti (TS is fine).
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { esmFederationRuntime } from '../tools/federation/esm-runtime.ts';
import { appStartScript } from './src/first-paint/app-start.ts';
import { guestHomePaintCall } from './src/first-paint/guest-home-paint.ts';
import { signedInPaintCall } from './src/first-paint/signed-in-paint.ts';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// One shared-dependency config for the shell and every remote (see the file for the why of each entry).
const federation = require('../tools/federation/shared.cjs') as {
  createShared(): Record<string, { singleton: boolean; requiredVersion: string; version: string }>;
  productionAliases(): Record<string, string>;
  SHARE_STRATEGY: 'loaded-first';
};
const noStorageDebugSwitch = require.resolve('../tools/federation/no-storage-debug-switch.cjs');
const { SDK_ENV } = require(noStorageDebugSwitch) as { SDK_ENV: RegExp };

export default defineConfig((_env, argv) => {
  const production = argv.mode !== 'development';
  // The federation runtime from its tree-shakable ES build (see the file for why it takes two parts).
  const federationRuntime = esmFederationRuntime();
  return {
    mode: production ? 'production' : 'development',
    context: here,
    entry: { main: './src/index.ts' },
    output: {
      path: resolve(here, 'dist'),
      // The shell serves deep links (/songs/123), so its own chunks must load from the root.
      publicPath: '/',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      // Several webpack runtimes share one page; distinct names keep their chunk globals apart.
      uniqueName: 'tunafy_shell',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    // Lazy compilation turns remote entries into proxies and breaks federation in dev.
    lazyCompilation: false,
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { ...federationRuntime.alias, ...(production ? federation.productionAliases() : {}) } },
    module: {
      parser: { 'css/auto': { namedExports: false } },
      generator: {
        // Prefixed names: federation gives no style isolation and remotes share this document.
        'css/auto': { localIdentName: production ? 'sh-[hash:6]' : 'sh-[name]-[local]', exportsConvention: 'camel-case-only' },
      },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        // The federation runtime's debug switch read localStorage inside the entry's first task (see the loader).
        { test: SDK_ENV, loader: noStorageDebugSwitch },
        // @tunafy/contracts only declares constants and zod schemas. Saying so lets the shared api-client
        // chunk keep just the error helpers it uses, instead of dragging zod (~25 kB gzip) onto every page.
        { test: /[\\/]packages[\\/]contracts[\\/]dist[\\/]/, sideEffects: false },
        // Radix's scroll lock (react-remove-scroll, use-sidecar: the profile menu's lazy chunk) imports tslib, as rxjs does.
        // One tslib module for both would sit in the first screen's rxjs chunk with the helpers of both; a copy of its
        // own keeps the menu's helpers in the menu's chunk (+1.1 KB gzip on the guest home otherwise).
        { test: /[\\/]node_modules[\\/](react-remove-scroll|use-sidecar)[\\/]/, resolve: { alias: { tslib: `${require.resolve('tslib/tslib.es6.mjs')}?radix` } } },
      ],
    },
    plugins: [
      federationRuntime.plugin,
      // The guest home's first covers and a user's detail pages' heroes are painted by inline scripts before the app's
      // JavaScript (src/first-paint), which one more inline script starts once they are on screen (decision 0023): the
      // entry is preloaded, not injected as a deferred script.
      new rspack.HtmlRspackPlugin({
        template: './src/index.html',
        inject: false,
        templateParameters: (params: { htmlRspackPlugin?: { files?: { js?: string[] } } }) => {
          const scripts = params.htmlRspackPlugin?.files?.js;
          if (!scripts?.length) throw new Error('HtmlRspackPlugin gave the template no entry scripts (htmlRspackPlugin.files.js)');
          return { ...params, firstPaint: appStartScript([guestHomePaintCall(), signedInPaintCall()], scripts) };
        },
      }),
      // The web app manifest and its icons, at fixed URLs (index.html links them; browsers revalidate them).
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
      new ModuleFederationPlugin({
        name: 'shell',
        // Empty on purpose: remotes come from /remotes.json at runtime, so one build serves every environment.
        remotes: {},
        shared: federation.createShared(),
        shareStrategy: federation.SHARE_STRATEGY,
        runtimePlugins: [resolve(here, 'src/federation/runtime-plugin.ts'), resolve(here, 'src/federation/yield-plugin.ts')],
        // No type generation or remote type fetching: remotes are runtime-only and the machine is offline.
        dts: false,
        manifest: false,
        experiments: {
          // The federation runtime (~28 kB gzip) ships once, here: production remotes are built to use this
          // copy (tools/federation/remote-config.ts) instead of each bringing their own.
          provideExternalRuntime: true,
          // Web only: no Node loading code. (Snapshots stay: they are what reads the remotes' mf-manifest.json.)
          optimization: { target: 'web' },
        },
      }),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.SHELL_DEV_PORT ?? 4200),
      historyApiFallback: true,
      // Dev loop: only the shell is rebuilt; the API, the remotes and /remotes.json come from a running
      // gateway (`npm start`, default http://localhost:8080).
      proxy: [
        {
          context: ['/api', '/mf-', '/remotes.json'],
          target: process.env.TUNAFY_GATEWAY ?? 'http://localhost:8080',
          changeOrigin: false,
        },
      ],
    },
  };
});
