import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { toQueueItem, type QueueItem } from '@tunafy/event-bus';
import { publishOnBus } from '../support/bus.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { csrfToken, expect, hasRemote, signUpThroughApi, test, uniqueAccount } from '../support/fixtures.js';
import { uploadGeneratedSong } from '../support/seed-media.js';

/*
 * Synced lyrics end to end (docs/lyrics.md): a song uploaded with the form, its LRC put through the API as its owner
 * would paste it, played by the real player remote in Chromium. The highlighted line must follow the audio element's
 * clock and a click on a line must seek the audio there. The lag between a line's time and the moment its highlight
 * appears is measured against the audio clock in the page and printed (docs/benchmarks.md, "Lyrics view").
 */
test.skip(!hasRemote('mf-player'), 'mf-player is not built (npm run build -w @tunafy/mf-player)');
test.use({ launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] } });

const LINES = [
  [800, 'Morning comes over the ridge'],
  [2000, 'Lanterns fading one by one'],
  [3200, 'We walk the old road down'],
  [4400, 'Into the valley of the sun'],
  [5600, 'Hold the light a little longer'],
  [6800, 'Till the river takes it home'],
] as const;
const lrc = (lines: readonly (readonly [number, string])[]) =>
  lines.map(([ms, text]) => `[${String(Math.floor(ms / 60000)).padStart(2, '0')}:${((ms % 60000) / 1000).toFixed(2).padStart(5, '0')}]${text}`).join('\n');

let song: QueueItem;

test.beforeEach(async ({ page }) => {
  test.setTimeout(40_000);
  await signUpThroughApi(page.request, uniqueAccount('lyrics'));
  const uploaded = await uploadGeneratedSong(page.request, { name: `Valley Song ${randomBytes(3).toString('hex')}`, seed: 2801, seconds: 12 });
  const put = await page.request.put(`/api/songs/${uploaded.id}/lyrics`, { headers: { 'x-csrf-token': await csrfToken(page.request) }, data: { text: `[ti:Valley]\n${lrc(LINES)}` } });
  expect(put.status(), await put.text()).toBe(200);
  song = toQueueItem(uploaded);
});

/** Records, in the page, each change of the highlighted line with the audio element's time at that moment. */
async function recordHighlights(page: Page): Promise<void> {
  await page.evaluate((fileUrl) => {
    const changes: { line: number; startMs: number; audioMs: number }[] = [];
    (window as unknown as { lyricsChanges: typeof changes }).lyricsChanges = changes;
    const audio = () => Array.from(document.querySelectorAll<HTMLAudioElement>('audio[data-tunafy-player]')).find((element) => element.getAttribute('src') === fileUrl);
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as HTMLElement;
        if (target.getAttribute('aria-current') !== 'true') continue;
        changes.push({ line: Number(target.dataset.line), startMs: Number(target.dataset.startMs), audioMs: (audio()?.currentTime ?? NaN) * 1000 });
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-current'] });
  }, song.song_file_url);
}

const changes = (page: Page) => page.evaluate(() => (window as unknown as { lyricsChanges: { line: number; startMs: number; audioMs: number }[] }).lyricsChanges);
const audioTime = (page: Page) =>
  page.evaluate((fileUrl) => Array.from(document.querySelectorAll<HTMLAudioElement>('audio[data-tunafy-player]')).find((element) => element.getAttribute('src') === fileUrl)?.currentTime ?? NaN, song.song_file_url);

test('the highlighted line follows playback (its lag against the audio clock printed), and a click on a line seeks there', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByRole('region', { name: 'Player' });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Lyrics', exact: true }).click();
  const view = page.getByRole('region', { name: 'Lyrics' });
  await expect(view.getByText('Nothing is playing.')).toBeVisible();

  await recordHighlights(page);
  await publishOnBus(page, 'player:command', { type: 'play-list', songs: [song], index: 0, source: 'e2e:lyrics' });
  const line = (index: number) => view.getByRole('button', { name: LINES[index]![1], exact: true });
  await expect(line(0)).toBeVisible();
  // The highlight walks the lines in order as the song plays.
  for (const index of [0, 1, 2, 3]) await expect(line(index)).toHaveAttribute('aria-current', 'true', { timeout: 6000 });

  const recorded = (await changes(page)).filter((change) => change.line <= 3);
  expect(recorded.map((change) => change.line)).toEqual([0, 1, 2, 3]);
  // Lag: the audio clock when the highlight appeared, minus the line's time (never negative: never early).
  const lags = recorded.map((change) => Math.round(change.audioMs - change.startMs));
  console.log(`lyrics highlight lag vs audio clock (ms): ${lags.join(', ')}; max ${Math.max(...lags)}`);
  // Never early; how late is a number for docs/benchmarks.md (it grows with the machine's load), not a pass mark.
  for (const lag of lags) expect(lag).toBeGreaterThanOrEqual(-1);

  // A click on an earlier line seeks the audio back to its time, and the highlight is there at once.
  await line(1).click();
  await expect(line(1)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(LINES[1][0] / 1000 - 0.05);
  expect(await audioTime(page)).toBeLessThan(LINES[2][0] / 1000);
  // ...and a later one forward.
  await line(5).click();
  await expect(line(5)).toHaveAttribute('aria-current', 'true');
  expect(await audioTime(page)).toBeGreaterThanOrEqual(LINES[5][0] / 1000 - 0.05);
});

test('a song without lyrics says so', async ({ page }) => {
  const plain = toQueueItem(await uploadGeneratedSong(page.request, { name: `No Words ${randomBytes(3).toString('hex')}`, seed: 2802, seconds: 4 }));
  await page.goto('/');
  await publishOnBus(page, 'player:command', { type: 'play-list', songs: [plain], index: 0, source: 'e2e:lyrics' });
  await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Lyrics', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Lyrics' }).getByText('No lyrics for this song')).toBeVisible();
});
