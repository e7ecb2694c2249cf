import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type Playlist, type PlaylistSongsResponse, type Song } from '@tunafy/contracts';
import { createPlaylistThroughApi, csrfToken, expect, hasRemote, logInAsDemo, signUpThroughApi, test, uniqueAccount, waitForRegionsSettled } from '../support/fixtures.js';
import { uploadGeneratedSong } from '../support/seed-media.js';

/*
 * Reordering a playlist (issue 16) in Chromium against the production builds, the real API and database: its
 * creator drags a song by its handle with the mouse and moves another with the keyboard, and the order is the
 * server's after a reload.
 */
test.skip(!hasRemote('mf-library'), 'mf-library must be built');

let songs: Song[];

/** Four short songs uploaded by the demo account, named uniquely for this run (the database is shared). */
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.TUNAFY_E2E_BASE_URL });
  await logInAsDemo(request);
  const tag = randomBytes(3).toString('hex');
  songs = [];
  for (const [index, name] of ['Order Amber', 'Order Birch', 'Order Cedar', 'Order Dune'].entries()) {
    songs.push(await uploadGeneratedSong(request, { name: `${name} ${tag}`, seed: 400 + index, seconds: 5 }));
  }
  await request.dispose();
});

/** A fresh account (cookies in the page's context) with a playlist of the four songs, in upload order. */
async function playlistOfFreshUser(request: APIRequestContext): Promise<Playlist> {
  const account = uniqueAccount('order');
  await signUpThroughApi(request, account);
  return createPlaylistThroughApi(request, `Order ${account.username}`, songs);
}

/** The song names in the order the list shows them. */
function shownOrder(grid: Locator): Promise<string[]> {
  return grid.locator('[role="row"] a[href^="/songs/"]').allTextContents();
}

/** Waits for the move the page sends and checks the server took it. */
function moveAnswered(page: Page) {
  return page.waitForResponse((response) => response.url().includes('/songs/order') && response.request().method() === 'PUT');
}

const names = (...indexes: number[]) => indexes.map((index) => songs[index]!.song_name);

/**
 * A fresh user's playlist of the four songs, open, and where the last song's handle and the first one's are: the
 * first row scrolled to the top of the scroller (the header takes most of a small window).
 */
async function openPlaylistToDragLastOntoFirst(page: Page) {
  const playlist = await playlistOfFreshUser(page.request);
  await page.goto(`/playlists/${playlist.id}`);
  await waitForRegionsSettled(page);
  const grid = page.getByRole('grid', { name: `Songs of ${playlist.playlist_name}` });
  await expect.poll(() => shownOrder(grid)).toEqual(names(0, 1, 2, 3));
  const handle = grid.getByRole('button', { name: `Move ${songs[3]!.song_name}`, exact: true });
  const target = grid.getByRole('button', { name: `Move ${songs[0]!.song_name}`, exact: true });
  await target.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  return { playlist, grid, from: (await handle.boundingBox())!, to: (await target.boundingBox())! };
}

test('the creator reorders a playlist by dragging and by keyboard, and the order is the server’s after a reload', async ({ page }) => {
  // Drag: the last song's handle, with the mouse, onto the first row.
  const { playlist, grid, from, to } = await openPlaylistToDragLastOntoFirst(page);
  const dragged = moveAnswered(page);
  // After a move the page re-reads the playlist's rows; the keyboard part waits for that, so its focus is not lost.
  const reread = page.waitForResponse((response) => response.url().includes(`/api/playlists/${playlist.id}/songs`) && response.request().method() === 'GET');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 8, { steps: 12 });
  await page.mouse.up();
  expect((await dragged).status()).toBe(200);
  await expect.poll(() => shownOrder(grid)).toEqual(names(3, 0, 1, 2));

  // Keyboard: the first song (now second) picked up with Space, two rows down, dropped with Space.
  const keyboardHandle = grid.getByRole('button', { name: `Move ${songs[0]!.song_name}`, exact: true });
  await reread;
  await expect(async () => {
    await keyboardHandle.focus();
    await expect(keyboardHandle).toBeFocused({ timeout: 500 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(keyboardHandle).toHaveAttribute('aria-pressed', 'true');
  // dnd-kit starts listening for the arrows from a timer after the pick-up: on a loaded CI machine both presses came
  // first and were lost ("dropped, still at position 2"). A person is slower. Down until the live region says the song
  // will go last (past the last row it stays there).
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`${songs[0]!.song_name} will go to position 4 of 4.`)).toBeAttached({ timeout: 500 });
  }).toPass();
  const moved = moveAnswered(page);
  await page.keyboard.press('Space');
  expect((await moved).status()).toBe(200);
  await expect.poll(() => shownOrder(grid)).toEqual(names(3, 1, 2, 0));
  await expect(page.getByText(`${songs[0]!.song_name} moved to position 4 of 4`)).toBeAttached();
  // Focus went with the song.
  await expect(grid.getByRole('button', { name: `Move ${songs[0]!.song_name}`, exact: true })).toBeFocused();

  await page.reload();
  await waitForRegionsSettled(page);
  await expect.poll(() => shownOrder(page.getByRole('grid', { name: `Songs of ${playlist.playlist_name}` }))).toEqual(names(3, 1, 2, 0));
  const stored = (await (await page.request.get(`/api/playlists/${playlist.id}/songs`)).json()) as PlaylistSongsResponse;
  expect(stored.playlist_songs.map((entry) => entry.song.song_name)).toEqual(names(3, 1, 2, 0));
});

test('someone else’s playlist shows no handles', async ({ page, browser }) => {
  const playlist = await playlistOfFreshUser(page.request);
  const other = await browser.newContext({ baseURL: process.env.TUNAFY_E2E_BASE_URL });
  try {
    const visitor = await other.newPage();
    const tag = randomBytes(4).toString('hex');
    const signup = await visitor.request.post('/api/auth/signup', {
      headers: { 'x-csrf-token': await csrfToken(visitor.request) },
      data: { email: `visitor-${tag}@example.com`, username: `visitor_${tag}`, password: `pw-${tag}-secret` },
    });
    expect(signup.ok()).toBe(true);
    await visitor.goto(`/playlists/${playlist.id}`);
    await waitForRegionsSettled(visitor);
    const grid = visitor.getByRole('grid', { name: `Songs of ${playlist.playlist_name}` });
    await expect.poll(() => shownOrder(grid)).toEqual(names(0, 1, 2, 3));
    await expect(grid.getByRole('button', { name: /^Move / })).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test.describe('at a phone size, by touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the creator drags a song by its handle with a finger, and the server keeps the order', async ({ page }) => {
    const { playlist, grid, from, to } = await openPlaylistToDragLastOntoFirst(page);
    expect(from.height, 'a finger-sized handle').toBeGreaterThanOrEqual(44);

    // Real touch events through the DevTools protocol (Playwright's touchscreen only taps): the browser must not take
    // the gesture for a scroll (the handle's touch-action), or the drag is cancelled on a phone.
    const cdp = await page.context().newCDPSession(page);
    const at = (x: number, y: number) => [{ x, y, id: 1 }];
    const x = from.x + from.width / 2;
    const dragged = moveAnswered(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x, from.y + from.height / 2) });
    for (let step = 1; step <= 16; step++) {
      const y = from.y + from.height / 2 + ((to.y + to.height / 2 - 8 - (from.y + from.height / 2)) * step) / 16;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x, y) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect((await dragged).status()).toBe(200);
    await expect.poll(() => shownOrder(grid)).toEqual(names(3, 0, 1, 2));
    const stored = (await (await page.request.get(`/api/playlists/${playlist.id}/songs`)).json()) as PlaylistSongsResponse;
    expect(stored.playlist_songs.map((entry) => entry.song.song_name)).toEqual(names(3, 0, 1, 2));
  });
});
