import type { APIRequestContext, Page } from '@playwright/test';
import { LIST_PAGE_ROWS, LISTENING_LIMITS, type Song, type SongsResponse } from '@tunafy/contracts';
import { expect, hasRemote, recordPlayerCommands, recordedPlayerCommands, test } from '../support/fixtures.js';
import { logInAsDemoAt, startGrownStack, type GrownStack } from '../support/grown-stack.js';

/*
 * /songs at 20,000 songs in the real browser: scrolled to the middle and to the end, the rows shown are the
 * ones the API has at those positions, and a row there plays. The catalog is grown by direct inserts
 * (growCatalog) on a stack of its own (support/grown-stack.ts): the shared one holds other specs' data, and its
 * All Songs list must stay short enough for them to find their new songs without scrolling. No timings here: the perf script
 * (e2e/perf/songs-perf.ts) measures speed.
 */
test.skip(!hasRemote('mf-library') || !hasRemote('mf-player'), 'needs the built mf-library and mf-player');

const SONGS = 20_000;
let stack: GrownStack;

/** The API's songs at `offset` (id order, what /songs shows), to compare the rows with. */
async function songsAt(request: APIRequestContext, offset: number, limit: number): Promise<Song[]> {
  const response = await request.get(`${stack.baseUrl}/api/songs?limit=${limit}&offset=${offset}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as SongsResponse).songs;
}


type PlayList = { type: string; index: number; source: string; songs: { id: string; song_name: string }[] };
const lastCommand = async (page: Page) => (await recordedPlayerCommands<PlayList>(page)).at(-1) ?? null;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  stack = await startGrownStack(SONGS, (line) => console.error(`[songs-scale stack] ${line}`));
});

test.afterAll(async () => {
  await stack?.stop();
});

/** The list's scroller (the shell's main column) scrolled so the list shows row `index` at its top: a scrollbar drag. */
async function scrollListTo(page: Page, index: number): Promise<void> {
  await page.getByRole('grid', { name: 'All Songs' }).evaluate((list, row) => {
    let scroller: HTMLElement | null = list.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    if (!scroller) throw new Error('no scroller around the list');
    // The list's full-height block (its parent) is where row 0 starts; the list itself moves with the rows shown.
    const listTop = list.parentElement!.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    const rowHeight = list.querySelector('[role="row"]')!.getBoundingClientRect().height;
    scroller.scrollTop = listTop + row * rowHeight;
  }, index);
}

const row = (page: Page, position: number) => page.getByRole('grid', { name: 'All Songs' }).locator(`[role="row"][aria-rowindex="${position}"]`);

async function expectRowsToBe(page: Page, offset: number, songs: Song[]): Promise<void> {
  for (const [at, song] of songs.entries()) {
    await expect(row(page, offset + at + 1).getByRole('link', { name: song.song_name, exact: true })).toBeVisible();
  }
}

test('All Songs at 20,000 songs: the middle and the end show the right rows, read by position, and play from there', async ({ page }) => {
  test.setTimeout(120_000);
  const songRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/songs') songRequests.push(url.search);
  });
  await logInAsDemoAt(page.request, stack.baseUrl);
  await page.goto(`${stack.baseUrl}/songs`);
  await expect(page.getByText(`${SONGS.toLocaleString('en-US')} songs`, { exact: true })).toBeVisible();
  await expectRowsToBe(page, 0, await songsAt(page.request, 0, 3));
  await recordPlayerCommands(page);

  await test.step('the middle: a scrollbar drag shows the rows at that position', async () => {
    const middle = SONGS / 2;
    await scrollListTo(page, middle);
    const expected = await songsAt(page.request, middle, 5);
    await expectRowsToBe(page, middle, expected);

    // A click on the row's duration (the artist's name is a link to their page now).
    await row(page, middle + 2).getByRole('gridcell').nth(3).click();
    await expect.poll(() => lastCommand(page)).toMatchObject({ type: 'play-list', index: 0, source: 'songs' });
    const command = (await lastCommand(page))!;
    expect(command.songs).toHaveLength(LISTENING_LIMITS.queueMax);
    expect(command.songs[0]!.id).toBe(expected[1]!.id);
    await expect(page.getByRole('region', { name: 'Player' }).getByRole('link', { name: expected[1]!.song_name, exact: true })).toBeVisible();
  });

  await test.step('the end: the End key moves focus to the last row', async () => {
    await row(page, SONGS / 2 + 1).getByRole('button', { name: /^(Play|Pause) / }).focus();
    await page.keyboard.press('End');
    const last = await songsAt(page.request, SONGS - 3, 3);
    await expectRowsToBe(page, SONGS - 3, last);
    await expect(row(page, SONGS).getByRole('button', { name: `Play ${last[2]!.song_name} by ${last[2]!.artist_username}` })).toBeFocused();

    await page.keyboard.press('Enter');
    await expect.poll(async () => (await lastCommand(page))?.songs.at(-1)?.id).toBe(last[2]!.id);
    const command = (await lastCommand(page))!;
    // Near the end the window starts earlier, so the queue still holds the player's limit.
    expect(command.songs).toHaveLength(LISTENING_LIMITS.queueMax);
    expect(command.index).toBe(LISTENING_LIMITS.queueMax - 1);
    await expect(page.getByRole('region', { name: 'Player' }).getByRole('link', { name: last[2]!.song_name, exact: true })).toBeVisible();
  });

  await test.step('only the pages on screen were read, by offset, never the whole list', async () => {
    expect(songRequests.every((search) => /limit=\d+&offset=\d+/.test(search))).toBe(true);
    // The first page once: the shell's entry preloads it and the page's own request takes that answer.
    expect(songRequests.filter((search) => search === `?limit=${LIST_PAGE_ROWS}&offset=0`)).toHaveLength(1);
    // The first page, the middle's, the end's and the two queue windows: a handful, not the 40 pages to the end.
    expect(songRequests.length).toBeLessThan(20);
  });
});
