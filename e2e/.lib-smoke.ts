// Scratch smoke script (not a spec): starts the test stack, seeds a little, screenshots library pages.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './support/chromium.js';
import { startTestStack } from './support/stack.js';
import { synthesizeSong } from '../services/api/src/seed/media/synth-song.js';
import { renderCover } from '../services/api/src/seed/media/render-cover.js';

const out = '/tmp/libsmoke';
const stack = await startTestStack((line) => console.error('[stack]', line));
console.log('base', stack.baseUrl);
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.on('console', (msg) => msg.type() === 'error' && console.log('[console]', msg.text()));
  page.on('pageerror', (error) => console.log('[pageerror]', error.message));
  const request = context.request;
  const csrf = ((await (await request.get('/api/auth/csrf')).json()) as { csrf_token: string }).csrf_token;
  const login = await request.post('/api/auth/login', { headers: { 'x-csrf-token': csrf }, data: { email: 'demo@tunafy.app', password: 'tunafy-demo' } });
  const token = login.headers()['x-csrf-token']!;
  const user = await login.json();
  const album = await (await request.post('/api/albums/new', { headers: { 'x-csrf-token': token }, multipart: { album_name: 'Night Drive', album_cover_url: { name: 'c.png', mimeType: 'image/png', buffer: renderCover({ seed: 1, title: 'Night Drive', size: 200 }) } } })).json();
  for (let i = 0; i < 3; i++) {
    const song = await (await request.post('/api/songs/new', { headers: { 'x-csrf-token': token }, multipart: { song_name: `Song ${i + 1}`, album_id: album.id, song_cover_url: { name: 'c.png', mimeType: 'image/png', buffer: renderCover({ seed: i + 2, title: 's', size: 200 }) }, song_file_url: { name: 's.mp3', mimeType: 'audio/mpeg', buffer: synthesizeSong({ seed: i, seconds: 3 + i }) } } })).json();
    console.log('song', song.id ?? song);
  }
  await request.post('/api/playlists/new', { headers: { 'x-csrf-token': token }, multipart: { playlist_name: 'Chill', description: 'Slow songs for late nights', private: 'false' } });
  for (const [name, path] of [['home', '/'], ['songs', '/songs'], ['album', `/albums/${album.id}`], ['albums', '/albums'], ['playlists', '/playlists'], ['create-song', '/songs/new'], ['liked', '/collection/tracks']] as const) {
    await page.goto(path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/${name}.png` });
  }
  console.log(user.username);
} finally {
  await browser.close();
  await stack.stop();
}
