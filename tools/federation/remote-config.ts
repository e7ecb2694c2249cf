import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { ExposedName, RemoteName } from '@tunafy/remote-contracts';
import { esmFederationRuntime } from './esm-runtime.ts';
import { reactModuleOptions, SOURCE_CONDITION_NAMES } from './module-rules.ts';
import { EVENT_CONTRACT_VERSION } from '@tunafy/event-bus';

// The one shared-singleton list of every Tunafy app lives there, so host and remotes cannot drift apart.
const require = createRequire(import.meta.url);
type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];
const { createShared, productionAliases, SHARE_STRATEGY } = require('./shared.cjs') as {
  createShared: () => NonNullable<FederationOptions['shared']>;
  productionAliases: () => Record<string, string>;
  SHARE_STRATEGY: FederationOptions['shareStrategy'];
};

/** Every name of a remote's contract, each listed (a missing one fails the type check, naming it). */
type AllExposed<N extends RemoteName, T extends readonly ExposedName<N>[]> = [ExposedName<N>] extends [T[number]] ? T : { missing: Exclude<ExposedName<N>, T[number]> };

export interface RemoteOptions<N extends RemoteName, T extends readonly ExposedName<N>[]> {
  /** The remote's rspack.config.ts (its import.meta.url): its folder is the remote's. */
  configUrl: string;
  /** Federation name, also the CSS class prefix and output.uniqueName (mf_auth, mf_library, ...). */
  name: N;
  /** Port of the standalone dev page; <NAME>_PORT in the environment (MF_AUTH_PORT, ...) overrides it. */
  devPort: number;
  /**
   * The names the remote exposes: exactly its contract's (@tunafy/remote-contracts). `./LoginPage` is
   * src/app/login-page.tsx (or .ts): the file the remote's src/remote-contract.ts checks against the contract.
   */
  exposes: T & AllExposed<N, T>;
  /** Extra compile-time constants besides __EVENT_CONTRACT_VERSION__. */
  define?: Record<string, unknown>;
}

/** `./Name` → src/app/name.tsx (or name.ts): one naming rule instead of a path per module in each remote. */
function exposedModules(dir: string, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const base = `./src/app/${name.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase()}`;
      const file = ['.tsx', '.ts'].map((extension) => base + extension).find((candidate) => existsSync(path.join(dir, candidate)));
      if (!file) throw new Error(`${name} is exposed, but neither ${base}.tsx nor ${base}.ts exists in ${dir}`);
      return [`./${name}`, file];
    }),
  );
}

export function defineRemoteConfig<N extends RemoteName, const T extends readonly ExposedName<N>[]>(options: RemoteOptions<N, T>) {
  const dir = path.dirname(fileURLToPath(options.configUrl));
  const devPort = Number(process.env[`${options.name.toUpperCase()}_PORT`] ?? options.devPort);
  const exposes = exposedModules(dir, options.exposes);
  const apiTarget = process.env.TUNAFY_API_URL ?? 'http://localhost:8080';
  return defineConfig((_env, argv) => {
    const dev = argv.mode !== 'production';
    const federationRuntime = esmFederationRuntime();
    return {
      context: dir,
      // The standalone page is a development tool: production builds only the container (remoteEntry.js).
      entry: dev ? { main: './src/index.ts' } : ({} as Record<string, string>),
      output: {
        path: path.join(dir, 'dist'),
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
        // Workspace packages' TypeScript sources; their imports say '.js'.
        conditionNames: SOURCE_CONDITION_NAMES,
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // The federation runtime from its tree-shakable ES build (see esm-runtime.ts).
        alias: { ...federationRuntime.alias, ...(dev ? {} : productionAliases()) },
      },
      // '[uniqueName]': the remote's federation name.
      module: reactModuleOptions({ dev, prefix: '[uniqueName]' }),
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
          exposes,
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
        port: devPort,
        historyApiFallback: true,
        // The shell's dev server loads the remote's manifest and chunks from another port.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: false }],
      },
    };
  });
}
