import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { Song } from '@tunafy/contracts';
import { lastOnBus } from '../support/bus.js';
import { createPlaylistThroughApi, expect, hasRemote, logInAsDemo, seriousA11yViolations, signUpThroughApi, test, uniqueAccount, waitForRegionsSettled } from '../support/fixtures.js';
import { uploadGeneratedSong } from '../support/seed-media.js';

/*
 * Queue control from song rows (issue 16) in Chromium against the production builds, the real API and database:
 * a row's Play next and Add to queue, and a Shift-click selection queued or added to a playlist, seen where the
 * user sees them (the player's queue panel, the playlist page).
 */
test.skip(!hasRemote('mf-library') || !hasRemote('mf-player'), 'mf-library and mf-player must be built');

interface Songs {
  a: Song;
  b: Song;
  c: Song;
  d: Song;
  x: Song;
}
let songs: Songs;

/** Five short songs uploaded by the demo account, with names unique to this run (the database is shared). */
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.TUNAFY_E2E_BASE_URL });
  await logInAsDemo(request);
  const tag = randomBytes(3).toString('hex');
  const upload = (name: string, seed: number) => uploadGeneratedSong(request, { name: `${name} ${tag}`, seed, seconds: 20 });
  songs = { a: await upload('Queue Alpha', 301), b: await upload('Queue Bravo', 302), c: await upload('Queue Charlie', 303), d: await upload('Queue Delta', 304), x: await upload('Queue Xray', 305) };
  await request.dispose();
});

async function playerQueue(page: Page): Promise<string[] | undefined> {
  return (await lastOnBus(page, 'player:state'))?.queue.map((song) => song.song_name);
}

const rowOf = (grid: Locator, song: Song) => grid.getByRole('row').filter({ has: grid.page().getByRole('link', { name: song.song_name, exact: true }) });

async function fromRowMenu(grid: Locator, song: Song, item: string): Promise<void> {
  await rowOf(grid, song).getByRole('button', { name: `More options for ${song.song_name} by ${song.artist_username}` }).click();
  await grid.page().getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * A click on the row's cover: not a link or a button, so the row's own click rules apply (and on the left, clear of
 * the queue panel, which opens over the right of the page).
 */
async function clickRow(grid: Locator, song: Song, modifiers: ('Shift' | 'ControlOrMeta')[] = []): Promise<void> {
  await rowOf(grid, song).click({ modifiers, position: { x: 92, y: 28 } });
}

async function nextUp(page: Page): Promise<string[]> {
  const panel = page.getByRole('region', { name: 'Queue' });
  return panel.getByRole('list', { name: 'Next up' }).getByRole('listitem').evaluateAll((items, names) => items.map((item) => names.find((name) => item.textContent?.includes(name)) ?? '?'), Object.values(songs).map((song) => song.song_name));
}

test.describe('queue control from song rows', () => {
  test.beforeEach(async ({ page }) => {
    // A fresh account per test (its own playlists and saved queue); cookies land in the page's context.
    await signUpThroughApi(page.request, uniqueAccount('queue'));
  });

  test('Play next and Add to queue from rows and from a selection land in the queue panel in order', async ({ page }) => {
    test.setTimeout(90_000);
    const { a, b, c, d, x } = songs;
    const source = await createPlaylistThroughApi(page.request, `Queue source ${randomBytes(3).toString('hex')}`, [a, b, c, d]);

    await test.step('something plays: a song from its page', async () => {
      await page.goto(`/songs/${x.id}`);
      await page.getByRole('button', { name: `Play ${x.song_name}`, exact: true }).click();
      await expect.poll(() => playerQueue(page)).toEqual([x.song_name]);
    });

    const grid = page.getByRole('grid', { name: `Songs of ${source.playlist_name}` });
    await test.step('the queue is restored on the playlist page', async () => {
      await page.goto(`/playlists/${source.id}`);
      await expect(rowOf(grid, d)).toBeVisible();
      await expect.poll(() => playerQueue(page)).toEqual([x.song_name]);
    });

    await test.step('row menus: Play next, Add to queue, Play next', async () => {
      await fromRowMenu(grid, c, 'Play next');
      await expect(page.getByRole('status').filter({ hasText: `"${c.song_name}" will play next.` })).toBeVisible();
      await fromRowMenu(grid, d, 'Add to queue');
      await fromRowMenu(grid, b, 'Play next');
      await expect.poll(() => playerQueue(page)).toEqual([x, b, c, d].map((song) => song.song_name));
      await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Queue', exact: true }).click();
      await expect.poll(() => nextUp(page)).toEqual([b, c, d].map((song) => song.song_name));
    });

    await test.step('a Ctrl-click and a Shift-click select two rows; Play next queues both after the current song, in list order', async () => {
      await clickRow(grid, b, ['ControlOrMeta']);
      await clickRow(grid, a, ['Shift']);
      await expect(rowOf(grid, a)).toHaveAttribute('aria-selected', 'true');
      await expect(rowOf(grid, c)).toHaveAttribute('aria-selected', 'false');
      const bar = page.getByRole('group', { name: 'Selected songs' });
      await expect(bar.getByRole('status')).toHaveText('2 songs selected');
      await bar.getByRole('button', { name: 'Play next', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: '2 songs will play next.' })).toBeVisible();
      await expect.poll(() => nextUp(page)).toEqual([a, b, b, c, d].map((song) => song.song_name));
      // Nothing started playing from the selection clicks: the song from its page is still the current one.
      expect((await playerQueue(page))?.[0]).toBe(x.song_name);
    });
  });

  test('three rows selected with a click and a Shift-click go into another playlist, in order', async ({ page }) => {
    test.setTimeout(90_000);
    const { a, b, c, d } = songs;
    const tag = randomBytes(3).toString('hex');
    const source = await createPlaylistThroughApi(page.request, `Select source ${tag}`, [a, b, c, d]);
    const target = await createPlaylistThroughApi(page.request, `Select target ${tag}`, []);

    await page.goto(`/playlists/${source.id}`);
    const grid = page.getByRole('grid', { name: `Songs of ${source.playlist_name}` });
    await expect(rowOf(grid, d)).toBeVisible();
    // A plain click plays the row (SPEC §2) and is where the Shift-click range starts.
    await clickRow(grid, b);
    await clickRow(grid, d, ['Shift']);
    const bar = page.getByRole('group', { name: 'Selected songs' });
    await expect(bar.getByRole('status')).toHaveText('3 songs selected');
    for (const song of [b, c, d]) await expect(rowOf(grid, song)).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(grid, a)).toHaveAttribute('aria-selected', 'false');
    await waitForRegionsSettled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await bar.getByRole('button', { name: 'Add to Playlist', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add 3 songs to Playlist' }).getByRole('button', { name: new RegExp(target.playlist_name) }).click();
    await expect(page).toHaveURL(new RegExp(`/playlists/${target.id}$`));
    const added = page.getByRole('grid', { name: `Songs of ${target.playlist_name}` });
    await expect(added.getByRole('row')).toHaveCount(3);
    await expect(added.getByRole('row').getByRole('link', { name: /^Queue / })).toHaveText([b.song_name, c.song_name, d.song_name]);
  });

  test('the keyboard selects: Shift+Space, Shift+Down, Escape', async ({ page }) => {
    const { a, b, c, d } = songs;
    const source = await createPlaylistThroughApi(page.request, `Keys source ${randomBytes(3).toString('hex')}`, [a, b, c, d]);
    await page.goto(`/playlists/${source.id}`);
    const grid = page.getByRole('grid', { name: `Songs of ${source.playlist_name}` });
    await expect(rowOf(grid, d)).toBeVisible();
    await rowOf(grid, a).getByRole('button', { name: `Play ${a.song_name} by ${a.artist_username}` }).focus();
    await page.keyboard.press('Shift+Space');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    const bar = page.getByRole('group', { name: 'Selected songs' });
    await expect(bar.getByRole('status')).toHaveText('3 songs selected');
    // Shift+Space selected the row; it did not press the focused play button. (Polled: the player publishes its first
    // state once it has loaded and restored, which under load can come after the selection.)
    await expect.poll(() => playerQueue(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(bar.getByRole('status')).toHaveText('');
  });
});
