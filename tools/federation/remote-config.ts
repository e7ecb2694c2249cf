import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { esmFederationRuntime } from './esm-runtime.ts';
import { EVENT_CONTRACT_VERSION } from '../../packages/event-bus/src/events.ts';

// The one shared-singleton list of every Tunafy app lives there, so host and remotes cannot drift apart.
const require = createRequire(import.meta.url);
type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];
const { createShared, productionAliases, SHARE_STRATEGY } = require('./shared.cjs') as {
  createShared: () => NonNullable<FederationOptions['shared']>;
  productionAliases: () => Record<string, string>;
  SHARE_STRATEGY: FederationOptions['shareStrategy'];
};

export interface RemoteOptions {
  /** The remote's folder (its rspack.config.ts's directory). */
  dir: string;
  /** Federation name, also the CSS class prefix and output.uniqueName (mf_auth, mf_library, ...). */
  name: string;
  /** Port of the standalone dev page. */
  devPort: number;
  /** The explicit, small list of modules the remote exposes. */
  exposes: Record<string, string>;
  /** Extra compile-time constants besides __EVENT_CONTRACT_VERSION__. */
  define?: Record<string, unknown>;
}

/**
 * The build every Tunafy remote shares: only its name, port, exposes and
 * constants differ, so the rules that keep remotes deployable alone (hashed
 * names, publicPath 'auto', CSS Modules only, no lazy compilation) live once.
 */
export function defineRemoteConfig(options: RemoteOptions) {
  const apiTarget = process.env.TUNAFY_API_URL ?? 'http://localhost:8080';
  return defineConfig((_env, argv) => {
    const dev = argv.mode !== 'production';
    const federationRuntime = esmFederationRuntime();
    return {
      context: options.dir,
      // The standalone page is a development tool: production builds only the container (remoteEntry.js).
      entry: dev ? { main: './src/index.ts' } : ({} as Record<string, string>),
      output: {
        path: path.join(options.dir, 'dist'),
        // 'auto' lets the gateway serve a remote under /mf-…/ (or any other prefix) without a rebuild.
        publicPath: 'auto',
        uniqueName: options.name,
        filename: dev ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        cssFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
        cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js'],
        // Workspace packages expose their TypeScript sources under this condition; their imports say '.js'.
        conditionNames: ['@tunafy/source', 'browser', 'import', 'module', 'default'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // The federation runtime from its tree-shakable ES build (see esm-runtime.ts).
        alias: { ...federationRuntime.alias, ...(dev ? {} : productionAliases()) },
      },
      module: {
        // Default-import CSS Modules (`styles.card`), the same shape vitest gives the component tests.
        // Custom properties keep their names: each remote declares its own on a local root class
        // (theme.module.css), and the shell's page-wide tokens (--tf-*) must stay readable.
        parser: { 'css/module': { namedExports: false, dashedIdents: false } },
        // The remote's prefix in every class and keyframes name: readable in devtools, never equal to another app's.
        generator: { 'css/module': { localIdentName: dev ? '[uniqueName]__[name]__[local]' : '[uniqueName]-[hash:6]' } },
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: dev } },
              },
            },
            type: 'javascript/auto',
          },
          // CSS Modules only: federation gives no style isolation, so nothing of a remote's may be global.
          { test: /\.module\.css$/, type: 'css/module' },
        ],
      },
      devtool: dev ? 'cheap-module-source-map' : 'source-map',
      // The CLI's dev default breaks federated chunk loading.
      lazyCompilation: false,
      plugins: [
        federationRuntime.plugin,
        new ModuleFederationPlugin({
          name: options.name,
          filename: 'remoteEntry.js',
          manifest: true,
          dts: false,
          exposes: options.exposes,
          shared: createShared(),
          shareStrategy: SHARE_STRATEGY,
          // In production the shell provides the federation runtime, so the remote does not ship a second
          // copy (~28 kB gzip per remote). The standalone dev page has no shell, so dev builds keep their own.
          experiments: dev ? {} : { externalRuntime: true, optimization: { target: 'web' } },
        }),
        // ./meta must report the contract the remote was built against, not the shared bus's (see src/app/meta.ts).
        new rspack.DefinePlugin({
          __EVENT_CONTRACT_VERSION__: JSON.stringify(EVENT_CONTRACT_VERSION),
          ...Object.fromEntries(Object.entries(options.define ?? {}).map(([key, value]) => [key, JSON.stringify(value)])),
        }),
        // The standalone page is a development tool; production ships only the remote. One page for every
        // remote (its #root is where @tunafy/app-kit/dev's mountPlayground renders the remote's playground).
        dev &&
          new rspack.HtmlRspackPlugin({
            template: path.join(path.dirname(fileURLToPath(import.meta.url)), 'dev-page.html'),
            title: `${options.name.replace('_', '-')} playground · Tunafy`,
            publicPath: '/',
            chunks: ['main'],
          }),
      ],
      performance: { hints: false },
      devServer: {
        port: options.devPort,
        historyApiFallback: true,
        // The shell's dev server loads the remote's manifest and chunks from another port.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: false }],
      },
    };
  });
}
