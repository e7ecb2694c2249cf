/**
 * What a remote's exposed modules cost a page, from a production build's mf-manifest.json: gzip -9 bytes
 * (the gateway's level) of remoteEntry.js and of each exposed module's sync JS and CSS. Shared modules
 * (react, the router, rxjs, and @tunafy/ui when it is shared) are listed apart: a page loads one copy of
 * each, from whichever app provides it first.
 *
 *   npx tsx packages/ui/scripts/exposed-cost.ts mf-library/dist [HomePage AuthModals ...]
 *
 * Used for the numbers in docs/ui.md (which headless library, bundled or shared).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Assets {
  js: { sync: string[] };
  css: { sync: string[] };
}
interface Manifest {
  metaData: { remoteEntry: { name: string } };
  exposes: { name: string; assets: Assets }[];
  shared: { name: string; assets: Assets }[];
}

const [dist, ...names] = process.argv.slice(2);
if (!dist) throw new Error('usage: exposed-cost.ts <remote dist folder> [exposed name ...]');
const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
const gzip = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const sum = (files: string[]) => files.reduce((total, file) => total + gzip(file), 0);

console.log(`remoteEntry ${kb(gzip(manifest.metaData.remoteEntry.name))} KB`);
for (const expose of manifest.exposes) {
  if (names.length > 0 && !names.includes(expose.name)) continue;
  const js = sum(expose.assets.js.sync);
  const css = sum(expose.assets.css.sync);
  console.log(`${expose.name}: js ${kb(js)} KB + css ${kb(css)} KB`);
}
for (const shared of manifest.shared) {
  if (!shared.name.startsWith('@tunafy/ui')) continue;
  console.log(`shared ${shared.name}: js ${kb(sum(shared.assets.js.sync))} KB + css ${kb(sum(shared.assets.css.sync))} KB`);
}
