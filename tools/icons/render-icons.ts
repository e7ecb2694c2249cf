/**
 * Renders the installable app's icons (shell/public/icons/*.png) from the logo, in the machine's Chromium:
 * `npx tsx tools/icons/render-icons.ts`. The PNGs are committed; run this again only when the logo changes.
 *
 * - icon-192.png, icon-512.png ("any"): the round logo on a transparent square, as the sidebar shows it.
 * - icon-maskable-512.png ("maskable"): the launcher crops it to its own shape (circle, squircle...), so the
 *   background fills the square and the fish stays inside the central 80 % safe zone (W3C manifest spec).
 * - apple-touch-icon.png (180): iOS ignores the manifest's icons and adds its own rounded corners.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '@tunafy/stack';

const out = resolve(dirname(fileURLToPath(import.meta.url)), '../../shell/public/icons');

/** @tunafy/ui's LogoMark (packages/ui/src/icons/icons.tsx), viewBox 0 0 40 40. */
const FISH = '<path d="M9 20c4-6 11-8 17-4l5-4v16l-5-4c-6 4-13 2-17-4Z" fill="#000"/><circle cx="14" cy="19" r="1.5" fill="#1ed760"/>';
const ROUND = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="#1ed760"/>${FISH}</svg>`;
// Full-bleed green; the fish (22 units wide) scaled to 50 % of the width, centred: well inside the safe zone.
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#1ed760"/><g transform="translate(20 20) scale(0.9) translate(-20 -20)">${FISH}</g></svg>`;
// iOS: opaque (it would put transparent pixels on black), the round logo on the app's dark surface.
const APPLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#121212"/><g transform="translate(20 20) scale(0.8) translate(-20 -20)"><circle cx="20" cy="20" r="20" fill="#1ed760"/>${FISH}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: ROUND },
  { file: 'icon-512.png', size: 512, svg: ROUND },
  { file: 'icon-maskable-512.png', size: 512, svg: MASKABLE },
  { file: 'apple-touch-icon.png', size: 180, svg: APPLE },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.locator('svg').screenshot({ path: join(out, file), omitBackground: true });
    await page.close();
    console.log(`${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
