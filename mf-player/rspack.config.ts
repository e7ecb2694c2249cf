import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { EVENT_CONTRACT_VERSION } from '../packages/event-bus/src/events.ts';

// The one shared-singleton list of every Tunafy app lives there, so host and remotes cannot drift apart.
const require = createRequire(import.meta.url);
type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];
const { createShared, SHARE_STRATEGY } = require('../tools/federation/shared.cjs') as {
  createShared: () => NonNullable<FederationOptions['shared']>;
  SHARE_STRATEGY: FederationOptions['shareStrategy'];
};

const here = path.dirname(fileURLToPath(import.meta.url));
const API_TARGET = process.env.TUNAFY_API_URL ?? 'http://localhost:8080';
const DEV_PORT = Number(process.env.MF_PLAYER_PORT ?? 3003);

export default defineConfig((_env, argv) => {
  const dev = argv.mode !== 'production';
  return {
    context: here,
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(here, 'dist'),
      // 'auto' lets the gateway serve us under /mf-player/ (or any other prefix) without a rebuild.
      publicPath: 'auto',
      uniqueName: 'mf_player',
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
    },
    module: {
      // Default-import CSS Modules (`styles.card`), the same shape vitest gives the component tests.
      // Custom properties keep their names: ours are declared on a local root class (theme.module.css) and
      // read from other modules; the shell's page-wide tokens (--tf-*) must stay readable too.
      parser: { 'css/module': { namedExports: false, dashedIdents: false } },
      // Our prefix in every class and keyframes name: readable in devtools, and never equal to another app's.
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
        // CSS Modules only: federation gives no style isolation, so nothing of ours may be global.
        { test: /\.module\.css$/, type: 'css/module' },
      ],
    },
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    // The CLI's dev default breaks federated chunk loading.
    lazyCompilation: false,
    plugins: [
      new ModuleFederationPlugin({
        name: 'mf_player',
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        exposes: {
          // The bottom bar the shell mounts once for a logged-in user (it owns the audio).
          './Player': './src/app/player.tsx',
          // A small list the library may show; reads the API, talks to the player over the bus.
          './RecentlyPlayed': './src/app/recently-played.tsx',
          './meta': './src/app/meta.ts',
        },
        shared: createShared(),
        shareStrategy: SHARE_STRATEGY,
      }),
      // ./meta must report the contract we were built against, not the shared bus's (see src/app/meta.ts).
      new rspack.DefinePlugin({ __EVENT_CONTRACT_VERSION__: JSON.stringify(EVENT_CONTRACT_VERSION) }),
      // The standalone page is a development tool; production ships only the remote.
      dev && new rspack.HtmlRspackPlugin({ template: './src/dev/index.html', publicPath: '/', chunks: ['main'] }),
    ],
    devServer: {
      port: DEV_PORT,
      historyApiFallback: true,
      // The shell's dev server loads our manifest and chunks from another port.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: API_TARGET, changeOrigin: false }],
    },
  };
});
