import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The component gallery (`npm run dev -w @tunafy/ui`): a plain page, no federation. The CSS Modules
 * settings are the remotes' (tools/federation/remote-config.ts), so the parts look here as they do there.
 */
export default defineConfig((_env, argv) => {
  const dev = argv.mode !== 'production';
  return {
    context: dir,
    entry: { gallery: './src/gallery/index.tsx' },
    output: { path: path.join(dir, 'dist', 'gallery'), publicPath: '/', clean: true },
    resolve: { extensions: ['.ts', '.tsx', '.js'], conditionNames: ['@tunafy/source', 'browser', 'import', 'module', 'default'] },
    module: {
      parser: { 'css/module': { namedExports: false, dashedIdents: false } },
      generator: { 'css/module': { localIdentName: dev ? 'ui__[name]__[local]' : 'ui-[hash:6]' } },
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic', development: dev } } } },
          type: 'javascript/auto',
        },
        { test: /\.module\.css$/, type: 'css/module' },
      ],
    },
    devtool: dev ? 'cheap-module-source-map' : false,
    plugins: [new rspack.HtmlRspackPlugin({ template: './src/gallery/index.html' })],
    performance: { hints: false },
    devServer: { port: Number(process.env.UI_GALLERY_PORT ?? 3004), historyApiFallback: true },
  };
});
