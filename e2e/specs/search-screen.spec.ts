import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import type { ImportResponse } from '@tunafy/contracts';
import { writeAudio } from '../../services/api/src/test/test-audio.js';
import { lastOnBus } from '../support/bus.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { csrfToken, expect, hasRemote, seriousA11yViolations, signUpThroughApi, test, uniqueAccount, waitForRegionsSettled, type Account } from '../support/fixtures.js';

/*
 * The search screen at a phone's size (issue 30, docs/search.md), production builds, the real API and database: a
 * listener types an artist's name with a typo, finds the artist as the top result and plays it; then a chip pages the
 * playlists group, and the search is among the recent ones when they come back to an empty box.
 */
test.skip(!hasRemote('mf-library') || !hasRemote('mf-player'), 'needs mf-library and mf-player built (npm run build)');
test.use({ launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] } });
// The desktop test searches the phone test's catalog as its user.
test.describe.configure({ mode: 'serial' });
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

// Letters only, so the tag is a word like the name's (a hex tag of digits and letters would be too).
const tag = [...randomBytes(5)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
const ARTIST = `Marlowe ${tag}`;
/** One transposition in "marlowe": the typo a thumb makes. */
const TYPED = `marlwoe ${tag}`;
/** More than a page (20) of playlists, so the Playlists chip has a second page to load. */
const PLAYLISTS = 23;

const root = mkdtempSync(join(tmpdir(), 'tunafy-e2e-search-'));
/** Screens for a person to look at (git-ignored), as the phone spec keeps its own. */
const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '../screenshots/search');
let account: Account;

test.afterAll(() => rmSync(root, { recursive: true, force: true }));

async function upload(request: APIRequestContext, title: string, frequency: number): Promise<void> {
  const path = await writeAudio(join(root, `${title}.mp3`), { format: 'mp3', title, artists: [ARTIST], seconds: 30, frequency });
  const response = await request.post('/api/uploads/songs', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    multipart: { file: { name: basename(path), mimeType: 'application/octet-stream', buffer: readFileSync(path) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  expect(((await response.json()) as ImportResponse).song.song_name).toBe(title);
}

test.describe('on a phone', () => {
  test.use(PHONE);
  test('types a misspelled artist on a phone, plays the top result, pages a chip and finds the search in recent ones', async ({ page }) => {
    test.setTimeout(60_000);
    account = uniqueAccount('search');
    await signUpThroughApi(page.request, account);
    // The artist's songs come in through bulk upload, credited by their tags; the playlists are made through the API.
    await upload(page.request, `Lantern Bay ${tag}`, 330);
    await upload(page.request, `Salt Road ${tag}`, 370);
    const token = await csrfToken(page.request);
    for (let n = 1; n <= PLAYLISTS; n++) {
      const made = await page.request.post('/api/playlists/new', { headers: { 'x-csrf-token': token }, multipart: { playlist_name: `Marlowe ${tag} mix ${n}`, description: '', private: 'false' } });
      expect(made.status()).toBe(201);
    }

    const box = page.getByRole('searchbox', { name: 'Search songs, artists, albums and more' });
    await test.step('the Search tab: the box at the top, the typo forgiven, the artist first', async () => {
      await page.goto('/');
      await waitForRegionsSettled(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).tap();
      await expect(page).toHaveURL(/\/search$/);
      await box.tap();
      await box.fill(TYPED);
      await expect(page).toHaveURL(new RegExp(`/search\\?q=marlwoe\\+${tag}$`));
      const top = page.getByRole('region', { name: 'Top result' });
      await expect(top.getByRole('link', { name: ARTIST })).toBeVisible();
      await expect(top).toContainText('Artist');
      await expect(page.getByRole('grid', { name: 'Songs' })).toContainText(`Lantern Bay ${tag}`);
      // Chips scroll sideways inside their row; nothing makes the page wider than the phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      const chips = page.getByRole('tablist', { name: 'Show results for' });
      expect(await chips.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      // Cards two a row: the first two playlists side by side.
      const cards = page.getByRole('list', { name: 'Playlists' }).getByRole('listitem');
      const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, 'search-all.png'), fullPage: true });
    });

    await test.step('Play on the top result plays the artist', async () => {
      await page.getByRole('region', { name: 'Top result' }).getByRole('button', { name: `Play ${ARTIST}` }).tap();
      await expect.poll(async () => (await lastOnBus(page, 'player:state'))?.playing, { timeout: 15_000 }).toBe(true);
      const state = await lastOnBus(page, 'player:state');
      expect(state?.source).toMatch(/^artist:/);
      expect(state?.current?.song_name).toMatch(new RegExp(`^(Lantern Bay|Salt Road) ${tag}$`));
      await expect.poll(async () => (await lastOnBus(page, 'player:state'))?.position ?? 0, { timeout: 15_000 }).toBeGreaterThan(0.5);
    });

    await test.step('See all Playlists is the chip: twenty, then the rest as the list ends', async () => {
      await page.getByRole('link', { name: 'See all Playlists' }).tap();
      await expect(page).toHaveURL(new RegExp(`type=playlists$`));
      await expect(page.getByRole('tab', { name: 'Playlists' })).toHaveAttribute('aria-selected', 'true');
      const grid = page.getByRole('list', { name: `Playlists for “${TYPED}”` });
      // The next page loads when the end of the list comes into view (or by its button).
      await grid.getByRole('listitem').last().scrollIntoViewIfNeeded();
      await expect(grid.getByRole('listitem')).toHaveCount(PLAYLISTS);
      await expect(page.getByRole('button', { name: 'Show more playlists' })).toHaveCount(0);
      const names = await grid.getByRole('link').allInnerTexts();
      expect(new Set(names.filter((name) => name.startsWith('Marlowe'))).size).toBe(PLAYLISTS);
      await page.screenshot({ path: join(SHOTS, 'search-playlists.png') });
    });

    await test.step('back on an empty box, the search is the most recent one', async () => {
      await page.getByRole('button', { name: 'Clear search' }).tap();
      const recent = page.getByRole('list', { name: 'Recent searches' });
      await expect(recent.getByRole('button').first()).toHaveText(TYPED);
      await page.reload();
      await expect(page.getByRole('list', { name: 'Recent searches' }).getByRole('button', { name: TYPED, exact: true })).toBeVisible();
    });
  });
});

test('on a desktop, Enter in the top bar opens the search screen for the query', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { headers: { 'x-csrf-token': await csrfToken(page.request) }, data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForRegionsSettled(page);
  const quick = page.getByRole('combobox', { name: 'Search songs, albums and playlists' });
  await quick.fill(`salt road ${tag}`);
  await expect(page.getByRole('option', { name: `See all results for “salt road ${tag}”` })).toBeVisible();
  await quick.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=salt\\+road\\+${tag}$`));
  // One box on the page: the screen's own (the top bar hides its box here).
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search songs, artists, albums and more' })).toHaveValue(`salt road ${tag}`);
  await expect(page.getByRole('region', { name: 'Top result' }).getByRole('link', { name: `Salt Road ${tag}` })).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'search-desktop.png') });
});
