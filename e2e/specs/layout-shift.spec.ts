import type { Page, Route } from '@playwright/test';
import { expect, hasRemote, signUpThroughApi, test, uniqueAccount, waitForRegionsSettled } from '../support/fixtures.js';

/*
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
