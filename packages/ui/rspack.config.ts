import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { reactModuleOptions, SOURCE_CONDITION_NAMES } from '../../tools/federation/module-rules.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The component gallery (`npm run dev -w @tunafy/ui`): a plain page, no federation. It compiles the parts
 * as the remotes do (tools/federation/module-rules.ts), so they look here as they do there.
 */
export default defineConfig((_env, argv) => {
  const dev = argv.mode !== 'production';
  return {
    context: dir,
    entry: { gallery: './src/gallery/index.tsx' },
    output: { path: path.join(dir, 'dist', 'gallery'), publicPath: '/', clean: true },
    resolve: { extensions: ['.ts', '.tsx', '.js'], conditionNames: SOURCE_CONDITION_NAMES },
    module: reactModuleOptions({ dev, prefix: 'ui' }),
    devtool: dev ? 'cheap-module-source-map' : false,
    plugins: [new rspack.HtmlRspackPlugin({ template: './src/gallery/index.html' })],
    performance: { hints: false },
    devServer: { port: Number(process.env.UI_GALLERY_PORT ?? 3004), historyApiFallback: true },
  };
});
