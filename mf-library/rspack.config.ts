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
const PACKAGE_VERSION = (require('./package.json') as { version: string }).version;
const API_TARGET = process.env.TUNAFY_API_URL ?? 'http://localhost:8080';
const DEV_PORT = Number(process.env.MF_LIBRARY_PORT ?? 3002);

/** What the shell's routes load (shell/src/app/routes.tsx); keep this list small and explicit. */
const EXPOSES = {
  './HomePage': './src/app/home-page.tsx',
  './SongsPage': './src/app/songs-page.tsx',
  './SongDetailPage': './src/app/song-detail-page.tsx',
  './SongCreatePage': './src/app/song-create-page.tsx',
  './SongUpdatePage': './src/app/song-update-page.tsx',
  './AlbumsPage': './src/app/albums-page.tsx',
  './AlbumDetailPage': './src/app/album-detail-page.tsx',
  './AlbumCreatePage': './src/app/album-create-page.tsx',
  './AlbumUpdatePage': './src/app/album-update-page.tsx',
  './PlaylistsPage': './src/app/playlists-page.tsx',
  './PlaylistDetailPage': './src/app/playlist-detail-page.tsx',
  './PlaylistCreatePage': './src/app/playlist-create-page.tsx',
  './LikedSongsPage': './src/app/liked-songs-page.tsx',
  './SearchBox': './src/app/search-box.tsx',
  './meta': './src/app/meta.ts',
};

export default defineConfig((_env, argv) => {
  const dev = argv.mode !== 'production';
  return {
    context: here,
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(here, 'dist'),
      // 'auto' lets the gateway serve us under /mf-library/ (or any other prefix) without a rebuild.
      publicPath: 'auto',
      uniqueName: 'mf_library',
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
      // Custom properties keep their names: ours live on a local root class (theme.module.css), and the
      // shell's page-wide tokens (--tf-*) must stay readable.
      parser: { 'css/module': { namedExports: false, dashedIdents: false } },
      // Our prefix in every class and keyframes name: readable in devtools, never equal to another app's.
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
        // The contracts are constants and zod schemas: without side effects, each chunk keeps only what it uses.
        { test: /[\\/]packages[\\/]contracts[\\/]/, sideEffects: false },
      ],
    },
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    // The CLI's dev default breaks federated chunk loading.
    lazyCompilation: false,
    plugins: [
      new ModuleFederationPlugin({
        name: 'mf_library',
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        exposes: EXPOSES,
        shared: createShared(),
        shareStrategy: SHARE_STRATEGY,
      }),
      // ./meta must report the contract we were built against, not the shared bus's (see src/app/meta.ts).
      // The build's label (data-build on the home page): TUNAFY_BUILD_LABEL, else this package's version.
      // Lets a deploy (e2e/specs/deploy.spec.ts, a smoke test) see which build a page is running.
      new rspack.DefinePlugin({
        __EVENT_CONTRACT_VERSION__: JSON.stringify(EVENT_CONTRACT_VERSION),
        __TUNAFY_BUILD_LABEL__: JSON.stringify(process.env.TUNAFY_BUILD_LABEL || PACKAGE_VERSION),
      }),
      // The standalone page is a development tool; production ships only the remote.
      dev && new rspack.HtmlRspackPlugin({ template: './src/dev/index.html', publicPath: '/' }),
    ],
    performance: { hints: false },
    devServer: {
      port: DEV_PORT,
      historyApiFallback: true,
      // The shell's dev server loads our manifest and chunks from another port.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: API_TARGET, changeOrigin: false }],
    },
  };
});
