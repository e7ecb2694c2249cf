// Playwright's offline mode does not reach a service worker's own requests in Chromium (microsoft/playwright#2311):
// with service-worker network events on, the spec aborts those too, so "offline" is offline for the worker as well.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page, Route } from '@playwright/test';
import type { ImportResponse, Playlist, Song } from '@tunafy/contracts';
import { writeAudio } from '../../services/api/src/test/test-audio.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { createPlaylistThroughApi, csrfToken, expect, hasRemote, signUpThroughApi, test, uniqueAccount } from '../support/fixtures.js';

/*
 * Offline listening (issue 28, docs/offline.md) in real Chromium over the production builds, the real API and
 * database: a downloaded playlist opens and plays after a reload with the network off, a play made offline reaches
 * the history once back online, logging out deletes the account's offline caches, and another account in the same
 * browser cannot play the first one's downloaded audio.
 */
test.skip(!hasRemote('mf-library') || !hasRemote('mf-player'), 'needs mf-library and mf-player built (npm run build)');
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] } });

const tag = randomBytes(3).toString('hex');
const root = mkdtempSync(join(tmpdir(), 'tunafy-e2e-offline-'));
test.afterAll(() => rmSync(root, { recursive: true, force: true }));

async function upload(request: APIRequestContext, title: string, frequency: number): Promise<Song> {
  const path = await writeAudio(join(root, `${frequency}.mp3`), { format: 'mp3', title, artists: [`Offline Band ${tag}`], seconds: 3, frequency });
  const response = await request.post('/api/uploads/songs', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    multipart: { file: { name: `${frequency}.mp3`, mimeType: 'application/octet-stream', buffer: readFileSync(path) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as ImportResponse).song;
}

const fromWorker = (route: Route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback());

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**', fromWorker);
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**', fromWorker);
  await context.setOffline(false);
}

/** Opens the app and waits until the service worker controls the page. */
async function openWithWorker(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
}

/** Downloads the playlist from its page, then waits for the worker to have fetched the offline screens' code. */
async function download(page: Page, playlist: Playlist): Promise<void> {
  await page.goto(`/playlists/${playlist.id}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('tunafy-assets')).keys()).some((request) => request.url.includes('__federation_expose_PlaylistDetailPage'))), {
      timeout: 20_000,
    })
    .toBe(true);
}

/** What a request from the page gets: its status, or "failed" when it never got an answer. */
const fetchFromPage = (page: Page, url: string) => page.evaluate((target) => fetch(target).then((response) => response.status, () => 'failed'), url);

async function audioTime(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, ...Array.from(document.querySelectorAll<HTMLAudioElement>('audio[data-tunafy-player]')).map((audio) => audio.currentTime)));
}

test('a downloaded playlist plays with the network off after a reload; its play reaches the history online; log out deletes it', async ({ page, context }) => {
  test.setTimeout(90_000);
  const user = await signUpThroughApi(page.request, uniqueAccount('offline'));
  const songs = [await upload(page.request, `Offline One ${tag}`, 440), await upload(page.request, `Offline Two ${tag}`, 660)];
  const notDownloaded = await upload(page.request, `Left Behind ${tag}`, 880);
  const playlist = await createPlaylistThroughApi(page.request, `Train Mix ${tag}`, songs);

  await openWithWorker(page, '/');
  // Downloads are made at the Streaming quality: Normal is the API's 160 kbit/s stream of each song.
  await page.evaluate(() => localStorage.setItem('tunafy.player.settings.v1', JSON.stringify({ quality: 'normal', normalization: 'off' })));
  await download(page, playlist);
  // The player asks another quality's URL offline: the worker finds the song by its id.
  await page.evaluate(() => localStorage.setItem('tunafy.player.settings.v1', JSON.stringify({ quality: 'high', normalization: 'off' })));

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { name: playlist.playlist_name })).toBeVisible();
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
  await expect(page.getByRole('grid', { name: `Songs of ${playlist.playlist_name}` }).getByRole('link', { name: songs[1]!.song_name })).toBeVisible();
  // Really offline: what was not downloaded does not answer.
  expect(await fetchFromPage(page, `/api/songs/${notDownloaded.id}/stream?maxBitRate=160`)).toBe('failed');
  expect(await fetchFromPage(page, '/api/songs?limit=1')).toBe('failed');

  await page.getByRole('button', { name: `Play ${playlist.playlist_name}` }).click();
  await expect.poll(() => audioTime(page), { message: 'the downloaded song plays' }).toBeGreaterThan(0.5);
  // The 3-second song ends, which counts a play: queued, since the API cannot be told.
  const queued = `tunafy.offline-plays.v1.${user.id}`;
  await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, queued), { timeout: 15_000 }).toBeGreaterThan(0);

  const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/plays' && response.status() === 201);
  await goOnline(context);
  await sent;
  // Downloads follow changes: a song added elsewhere is fetched by the next start's sync (the account has downloads).
  const added = await page.request.put(`/api/playlists/${playlist.id}/add`, { headers: { 'x-csrf-token': await csrfToken(page.request) }, data: { song_id: notDownloaded.id } });
  expect(added.ok(), await added.text()).toBe(true);
  await page.goto('/history');
  await expect(page.getByRole('grid', { name: 'Played Today' }).getByRole('link', { name: songs[0]!.song_name })).toBeVisible();
  const audioCache = `tunafy-offline:${user.id}:audio`;
  await expect
    .poll(() => page.evaluate(async ([name, key]) => Boolean(await (await caches.open(name!)).match(key!)), [audioCache, `/__offline/audio/${notDownloaded.id.toLowerCase()}`]), { timeout: 20_000 })
    .toBe(true);

  await page.getByRole('button', { name: /^Profile/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('tunafy-offline')))).toEqual([]);
});

test("another account in the same browser cannot play the first one's downloaded audio offline", async ({ page, context }) => {
  test.setTimeout(60_000);
  const first = await signUpThroughApi(page.request, uniqueAccount('offline-a'));
  const song = await upload(page.request, `Only Mine ${tag}`, 550);
  const playlist = await createPlaylistThroughApi(page.request, `Mine Only ${tag}`, [song]);
  await openWithWorker(page, '/');
  await download(page, playlist);
  expect(await fetchFromPage(page, `/api/songs/${song.id}/stream?maxBitRate=160`)).toBe(200);

  // Someone else signs in on this browser without the first account logging out.
  await context.clearCookies();
  await signUpThroughApi(page.request, uniqueAccount('offline-b'));
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Profile: offline-b/ })).toBeVisible();

  await goOffline(context);
  await page.reload();
  // The first account's download is still on disk (it never logged out), and the worker does not serve it.
  expect(await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('tunafy-offline:')))).toContain(`tunafy-offline:${first.id}:audio`);
  expect(await fetchFromPage(page, `/api/songs/${song.id}/stream?maxBitRate=160`)).toBe('failed');
  expect(await fetchFromPage(page, song.song_file_url)).toBe('failed');
  expect(await fetchFromPage(page, `/api/playlists/${playlist.id}`)).toBe('failed');
  await goOnline(context);
});
