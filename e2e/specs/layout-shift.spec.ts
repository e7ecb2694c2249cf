import type { APIRequestContext, Page, Route } from '@playwright/test';
import { HOME_SHELF_SIZE } from '@tunafy/contracts';
import { renderCover } from '../../services/api/src/media/synth/render-cover.js';
import { createPlaylistThroughApi, csrfToken, expect, hasRemote, signUpThroughApi, test, uniqueAccount, waitForRegionsSettled } from '../support/fixtures.js';

/*
 * The guest home does not move when its playlists answer after its albums (decision 0032): the playlists' placeholder
 * holds a full shelf's cards in the real card boxes. The answer is held until the albums are drawn.
 * A user's page does not move when the player bar and the search box arrive after it (decision 0029): the shell keeps
 * their heights while their remotes load. The player's remote is held back until the page is drawn, so its arrival
 * comes last every time; the browser's layout-shift entries then say whether anything already on screen moved.
 */
test.skip(!hasRemote('mf-library') || !hasRemote('mf-player'), 'needs the built mf-library and mf-player');

/** Holds every mf-player file until `release` is called. */
async function holdPlayer(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/mf-player\//, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[])
        shifts.push(`${entry.value.toFixed(4)}: ${entry.sources.map((source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 80)).join(' | ')}`);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const { name, viewport } of [
  { name: 'a wide screen', viewport: { width: 1350, height: 940 } },
  { name: 'a phone', viewport: { width: 412, height: 823 } },
]) {
  test(`All Songs on ${name}: nothing moves when the player bar and the search box arrive`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpThroughApi(page.request, uniqueAccount('shift'));
    await recordShifts(page);
    const release = await holdPlayer(page);
    await page.goto('/songs');
    await expect(page.getByRole('heading', { level: 1, name: 'All Songs' })).toBeVisible();

    release();
    await waitForRegionsSettled(page);
    await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();
    if (viewport.width >= 768) await expect(page.getByRole('search')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts)).toEqual([]);
  });
}

/** A full home shelf of public playlists and an album, whatever the specs before left (made by a user of their own). */
async function fillTheHome(request: APIRequestContext): Promise<void> {
  const account = uniqueAccount('shelves');
  await signUpThroughApi(request, account);
  for (let index = 0; index < HOME_SHELF_SIZE; index++) await createPlaylistThroughApi(request, `Shelf ${index} ${account.username}`, []);
  const album = await request.post('/api/albums/new', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    multipart: { album_name: `Shelf album ${account.username}`, album_cover_url: { name: 'album.png', mimeType: 'image/png', buffer: renderCover({ seed: 31, title: 'Shelf', size: 64 }) } },
  });
  expect(album.status(), await album.text()).toBe(201);
}

for (const { name, viewport } of [
  { name: 'a wide screen', viewport: { width: 1350, height: 940 } },
  { name: 'a phone', viewport: { width: 412, height: 823 } },
]) {
  test(`the guest home on ${name}: nothing moves when the playlists come after the albums`, async ({ page, request }) => {
    await fillTheHome(request);
    await page.setViewportSize(viewport);
    await recordShifts(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/playlists\?limit=/, async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Tunafy Albums' })).toBeAttached();
    await expect(page.getByRole('status', { name: 'Loading playlists' })).toBeAttached();

    release();
    await expect(page.getByRole('list', { name: 'Tunafy Playlists' })).toBeAttached();
    await waitForRegionsSettled(page);
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts)).toEqual([]);
  });
}
