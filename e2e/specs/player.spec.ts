import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import type { Song } from '@tunafy/contracts';
import type { PlayerCommand, QueueItem } from '@tunafy/event-bus';
import { lastOnBus, publishOnBus } from '../support/bus.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { expect, hasRemote, logInAsDemo, signUpThroughApi, test, uniqueAccount } from '../support/fixtures.js';
import { uploadGeneratedSong } from '../support/seed-media.js';

/*
 * The player remote end to end: the production builds behind the gateway, the real API with real mp3s
 * (synthesized by the seed's generator and uploaded like a user's), real Chromium audio. The library remote
 * may not exist yet, so the specs drive the player the way it does: by publishing on the page's bus.
 */
test.skip(!hasRemote('mf-player'), 'mf-player is not built (npm run build -w @tunafy/mf-player)');

// No user gesture precedes the bus commands the specs send; a real user's click on a list row gives one.
// With this flag an accidental autoplay on page load would really play, so "no autoplay" is tested for real.
test.use({ launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] } });


interface Catalog {
  alpha: QueueItem;
  bravo: QueueItem;
  charlie: QueueItem;
  long: QueueItem;
}
let catalog: Catalog;

const toItem = ({ id, song_name, artist_username, song_cover_url, song_file_url, duration, album_id, album_name, artist_id }: Song): QueueItem => ({
  id,
  song_name,
  artist_username,
  song_cover_url,
  song_file_url,
  duration,
  album_id,
  album_name,
  artist_id,
});

/** A fresh account per test: its own saved player and play history. Cookies land in the page's context. */
async function signUpFresh(request: APIRequestContext): Promise<void> {
  await signUpThroughApi(request, uniqueAccount('player'));
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.TUNAFY_E2E_BASE_URL });
  await logInAsDemo(request);
  const upload = async (name: string, seed: number, seconds: number) => toItem(await uploadGeneratedSong(request, { name, seed, seconds }));
  // Specs share the database: names unique to this run.
  const tag = randomBytes(3).toString('hex');
  catalog = {
    alpha: await upload(`Player Alpha ${tag}`, 101, 6),
    bravo: await upload(`Player Bravo ${tag}`, 102, 6),
    charlie: await upload(`Player Charlie ${tag}`, 103, 6),
    long: await upload(`Player Long ${tag}`, 104, 40),
  };
  await request.dispose();
});

// ---- page helpers ----

async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();
}

const send = (page: Page, command: PlayerCommand) => publishOnBus(page, 'player:command', command);

const playerState = (page: Page) => lastOnBus(page, 'player:state');

interface AudioSnapshot {
  src: string;
  currentTime: number;
  duration: number;
  paused: boolean;
  volume: number;
  muted: boolean;
  loop: boolean;
}

/** The player's <audio> elements (two: the playing one and the preloading one). */
function audios(page: Page): Promise<AudioSnapshot[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAudioElement>('audio[data-tunafy-player]')).map((audio) => ({
      src: audio.getAttribute('src') ?? '',
      currentTime: audio.currentTime,
      duration: audio.duration,
      paused: audio.paused,
      volume: audio.volume,
      muted: audio.muted,
      loop: audio.loop,
    })),
  );
}

/** The element holding `song` (the one that plays it). */
async function audioOf(page: Page, song: QueueItem): Promise<AudioSnapshot | undefined> {
  return (await audios(page)).find((audio) => audio.src === song.song_file_url);
}

async function expectPlaying(page: Page, song: QueueItem): Promise<void> {
  await expect(page.getByRole('region', { name: 'Player' }).getByRole('link', { name: song.song_name })).toBeVisible();
  await expect.poll(async () => (await audioOf(page, song))?.paused, { message: `${song.song_name} plays` }).toBe(false);
  const start = (await audioOf(page, song))!.currentTime;
  await expect.poll(async () => (await audioOf(page, song))!.currentTime, { message: `${song.song_name} advances` }).toBeGreaterThan(start);
}

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const button = (page: Page, name: string) => bar(page).getByRole('button', { name, exact: true });
const list = () => [catalog.alpha, catalog.bravo, catalog.charlie];

/** Statuses of the audio requests for one file, as the browser's media stack made them. */
function recordFileResponses(page: Page, song: QueueItem): number[] {
  const statuses: number[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname === song.song_file_url) statuses.push(response.status());
  });
  return statuses;
}

// ---- specs ----

test.describe('player', () => {
  test.beforeEach(async ({ page }) => {
    await signUpFresh(page.request);
  });

  test('nothing plays on page load; play-list index 1 plays song 2, streamed with Range (206)', async ({ page }) => {
    const statuses = recordFileResponses(page, catalog.bravo);
    await openApp(page);
    await expect(bar(page).getByText('Pick a song to start listening.')).toBeVisible();
    expect((await audios(page)).every((audio) => audio.paused)).toBe(true);

    await send(page, { type: 'play-list', songs: list(), index: 1, source: 'e2e:list' });
    await expectPlaying(page, catalog.bravo);
    await expect(bar(page).getByText(catalog.bravo.artist_username)).toBeVisible();
    await expect(button(page, 'Pause')).toBeVisible();
    expect(await playerState(page)).toMatchObject({ index: 1, playing: true, source: 'e2e:list', current: { id: catalog.bravo.id } });
    expect(statuses).toContain(206);
    // Media Session: the song on the OS's media controls.
    expect(await page.evaluate(() => navigator.mediaSession.metadata && { title: navigator.mediaSession.metadata.title, artist: navigator.mediaSession.metadata.artist })).toEqual({
      title: catalog.bravo.song_name,
      artist: catalog.bravo.artist_username,
    });
  });

  test('next and previous move through the queue; an ended song advances; past the last the queue empties', async ({ page }) => {
    await openApp(page);
    await send(page, { type: 'play-list', songs: list(), index: 0, source: 'e2e:list' });
    await expectPlaying(page, catalog.alpha);
    await button(page, 'Next').click();
    await expectPlaying(page, catalog.bravo);
    await button(page, 'Previous').click();
    await expectPlaying(page, catalog.alpha);
    await button(page, 'Previous').click();
    expect((await playerState(page))?.index).toBe(0);

    // Let Alpha end by itself: Bravo follows (SPEC §4: the index advances by one).
    await send(page, { type: 'seek', seconds: catalog.alpha.duration - 1 });
    await expectPlaying(page, catalog.bravo);
    expect((await playerState(page))?.index).toBe(1);

    await send(page, { type: 'next' });
    await expectPlaying(page, catalog.charlie);
    await send(page, { type: 'seek', seconds: catalog.charlie.duration - 1 });
    await expect(bar(page).getByText('Pick a song to start listening.')).toBeVisible({ timeout: 10_000 });
    expect(await playerState(page)).toMatchObject({ queue: [], index: 0, playing: false, current: null });
  });

  test('dragging the progress bar seeks to the dropped time', async ({ page }) => {
    const statuses = recordFileResponses(page, catalog.long);
    await openApp(page);
    await send(page, { type: 'play-list', songs: [catalog.long], index: 0, source: 'e2e:long' });
    await expectPlaying(page, catalog.long);
    await button(page, 'Pause').click();
    const slider = bar(page).getByRole('slider', { name: 'Seek' });
    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.75, y, { steps: 5 });
    await page.mouse.up();
    const duration = (await audioOf(page, catalog.long))!.duration;
    const expected = duration * 0.75;
    await expect.poll(async () => (await audioOf(page, catalog.long))!.currentTime).toBeCloseTo(expected, 0);
    await expect(slider).toHaveAttribute('aria-valuenow', String(Math.round(expected)));
    await expect(bar(page).getByTestId('elapsed')).toHaveText(`0:${String(Math.floor(expected)).padStart(2, '0')}`);
    expect((await playerState(page))?.position).toBeCloseTo(expected, 0);
    // The keyboard moves it too, by the SPEC's 5 s jump.
    await slider.press('ArrowLeft');
    await expect.poll(async () => (await audioOf(page, catalog.long))!.currentTime).toBeCloseTo(expected - 5, 0);
    // Play on from there: the seek really landed (the audio plays past it).
    await button(page, 'Play').click();
    await expect.poll(async () => (await audioOf(page, catalog.long))!.currentTime).toBeGreaterThan(expected - 4.5);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 206)).toBe(true);
  });

  test('volume starts at 0.1; keys and the slider change it; M mutes', async ({ page }) => {
    await openApp(page);
    await expect(bar(page).getByRole('slider', { name: 'Volume' })).toHaveValue('0.1');
    expect((await audios(page)).map((audio) => audio.volume)).toEqual([0.1, 0.1]);
    await send(page, { type: 'play-list', songs: list(), index: 0, source: 'e2e:list' });
    await expectPlaying(page, catalog.alpha);
    await page.locator('body').press('ArrowUp');
    await expect.poll(async () => (await audioOf(page, catalog.alpha))!.volume).toBeCloseTo(0.2);
    await page.keyboard.press('m');
    await expect.poll(async () => (await audioOf(page, catalog.alpha))!.muted).toBe(true);
    await button(page, 'Unmute').click();
    await expect.poll(async () => (await audioOf(page, catalog.alpha))!.muted).toBe(false);
    // Space on a focused button presses that button; the shortcut is for the page.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await expect.poll(async () => (await playerState(page))?.playing).toBe(false);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  });

  test('loop plays the same song again', async ({ page }) => {
    await openApp(page);
    await send(page, { type: 'play-list', songs: list(), index: 0, source: 'e2e:list' });
    await expectPlaying(page, catalog.alpha);
    await button(page, 'Loop this song').click();
    await expect(button(page, 'Loop this song')).toHaveAttribute('aria-pressed', 'true');
    expect((await audioOf(page, catalog.alpha))!.loop).toBe(true);
    await send(page, { type: 'seek', seconds: catalog.alpha.duration - 1 });
    // It wraps to the start of the same song, no "ended", no next song.
    await expect.poll(async () => (await audioOf(page, catalog.alpha))!.currentTime, { timeout: 10_000 }).toBeLessThan(1.5);
    await expectPlaying(page, catalog.alpha);
    expect((await playerState(page))?.index).toBe(0);
  });

  test('shuffle keeps the current song and keeps every other one in the queue', async ({ page }) => {
    await openApp(page);
    const songs = [catalog.alpha, catalog.bravo, catalog.charlie, catalog.long];
    await send(page, { type: 'play-list', songs, index: 2, source: 'e2e:list' });
    await expectPlaying(page, catalog.charlie);
    await button(page, 'Shuffle').click();
    await expect(button(page, 'Shuffle')).toHaveAttribute('aria-pressed', 'true');
    const state = (await playerState(page))!;
    expect(state.current?.id).toBe(catalog.charlie.id);
    expect(state.index).toBe(0);
    expect(state.queue.map((song) => song.id).sort()).toEqual(songs.map((song) => song.id).sort());
    await expectPlaying(page, catalog.charlie);
    // Shuffle off: the list order is back, same song still playing.
    await button(page, 'Shuffle').click();
    const unshuffled = (await playerState(page))!;
    expect(unshuffled.queue.map((song) => song.id)).toEqual(songs.map((song) => song.id));
    expect(unshuffled.index).toBe(2);
  });

  test('the queue panel reorders and removes upcoming songs', async ({ page }) => {
    await openApp(page);
    await send(page, { type: 'play-list', songs: list(), index: 0, source: 'e2e:list' });
    // Paused, so the 6-second songs do not end and move the queue on while a loaded machine runs the steps below.
    await expectPlaying(page, catalog.alpha);
    await send(page, { type: 'pause' });
    await button(page, 'Queue').click();
    const panel = page.getByRole('region', { name: 'Queue' });
    await panel.getByRole('button', { name: `Move ${catalog.charlie.song_name} up` }).click();
    await expect.poll(async () => (await playerState(page))?.queue.map((song) => song.id)).toEqual([catalog.alpha.id, catalog.charlie.id, catalog.bravo.id]);
    await panel.getByRole('button', { name: `Remove ${catalog.bravo.song_name} from the queue` }).click();
    await expect.poll(async () => (await playerState(page))?.queue.map((song) => song.id)).toEqual([catalog.alpha.id, catalog.charlie.id]);
    await send(page, { type: 'add-to-queue', song: catalog.long });
    await expect(panel.getByRole('list', { name: 'Next up' }).getByRole('listitem')).toHaveCount(2);
  });

  test('keeps playing across route changes', async ({ page }) => {
    await openApp(page);
    await send(page, { type: 'play-list', songs: [catalog.long], index: 0, source: 'e2e:long' });
    await expectPlaying(page, catalog.long);
    const before = (await audioOf(page, catalog.long))!.currentTime;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked Songs', exact: true }).click();
    await expect(page).toHaveURL(/\/collection\/tracks$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Songs' }).click();
    await expect(page).toHaveURL(/\/songs$/);
    const after = (await audioOf(page, catalog.long))!;
    expect(after.paused).toBe(false);
    expect(after.currentTime).toBeGreaterThanOrEqual(before);
    await expectPlaying(page, catalog.long);
  });

  test('a reload keeps the queue and the position, and does not autoplay', async ({ page }) => {
    await openApp(page);
    await send(page, { type: 'play-list', songs: [catalog.long, catalog.alpha], index: 0, source: 'e2e:long' });
    await expectPlaying(page, catalog.long);
    await send(page, { type: 'seek', seconds: 20 });
    await expect.poll(async () => (await audioOf(page, catalog.long))!.currentTime).toBeGreaterThan(21);
    await page.reload();
    await expect(bar(page).getByRole('link', { name: catalog.long.song_name })).toBeVisible();
    await expect(button(page, 'Play')).toBeVisible();
    await expect.poll(async () => (await audioOf(page, catalog.long))?.currentTime).toBeGreaterThan(20);
    // Give an autoplay every chance to happen: it must not.
    await page.waitForTimeout(1000);
    expect((await audios(page)).every((audio) => audio.paused)).toBe(true);
    expect(await playerState(page)).toMatchObject({ playing: false, index: 0, current: { id: catalog.long.id } });
    expect((await playerState(page))!.queue.map((song) => song.id)).toEqual([catalog.long.id, catalog.alpha.id]);
    await button(page, 'Play').click();
    await expectPlaying(page, catalog.long);
  });

  test('another browser continues from the state saved on the server', async ({ page, browser }) => {
    await openApp(page);
    await send(page, { type: 'play-list', songs: [catalog.alpha, catalog.long], index: 1, source: 'e2e:long' });
    await expectPlaying(page, catalog.long);
    await send(page, { type: 'seek', seconds: 12 });
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/me/player-state') && response.request().method() === 'PUT', { timeout: 15_000 });
    await button(page, 'Pause').click();
    const savedResponse = await saved;
    expect(savedResponse.status()).toBe(200);
    // Where the pause left it: a little past 12 s, by however long the click took to land on a busy machine.
    const savedPosition = (savedResponse.request().postDataJSON() as { position: number }).position;
    expect(savedPosition).toBeGreaterThanOrEqual(12);
    expect(savedPosition).toBeLessThan(20);

    // Same account, another browser: cookies only, no localStorage.
    const other = await browser.newContext({ storageState: { cookies: await page.context().cookies(), origins: [] } });
    const otherPage = await other.newPage();
    await openApp(otherPage);
    await expect(bar(otherPage).getByRole('link', { name: catalog.long.song_name })).toBeVisible();
    await expect(button(otherPage, 'Play')).toBeVisible();
    await expect.poll(async () => (await audioOf(otherPage, catalog.long))?.currentTime).toBeCloseTo(savedPosition, 1);
    expect((await playerState(otherPage))!.queue.map((song) => song.id)).toEqual([catalog.alpha.id, catalog.long.id]);
    await other.close();
  });

  test('a file that cannot be played is skipped with a notice', async ({ page }) => {
    await openApp(page);
    // A file id that does not exist: the audio request answers 404.
    const broken: QueueItem = { ...catalog.alpha, id: randomBytes(12).toString('hex'), song_name: 'Player Broken', song_file_url: `/api/files/${randomBytes(12).toString('hex')}` };
    await send(page, { type: 'play-list', songs: [broken, catalog.bravo], index: 0, source: 'e2e:broken' });
    await expect(bar(page).getByTestId('player-notice')).toHaveText(`Couldn't play "Player Broken". Skipping to the next song.`);
    // The shell's toaster (ui:notify) says it too.
    await expect(page.getByRole('status').filter({ hasText: `Couldn't play "Player Broken"` })).toBeVisible();
    await expectPlaying(page, catalog.bravo);
  });

  test('a play is counted when a song ends, and shows in Recently played', async ({ page }) => {
    await openApp(page);
    const counted = page.waitForResponse((response) => response.url().endsWith('/api/plays') && response.request().method() === 'POST', { timeout: 15_000 });
    await send(page, { type: 'play-list', songs: [catalog.alpha, catalog.long], index: 0, source: 'e2e:list' });
    await expectPlaying(page, catalog.alpha);
    const response = await counted;
    expect(response.status()).toBe(201);
    // With where it was played from (the queue's source), for the home page's Recently played.
    expect(response.request().postDataJSON()).toEqual({ song_id: catalog.alpha.id, context: 'e2e:list' });
    await button(page, 'Queue').click();
    await page.getByRole('tab', { name: 'Recently played' }).click();
    await expect(page.getByRole('list', { name: 'Recently played songs' }).getByText(catalog.alpha.song_name)).toBeVisible();
  });

  test('the bar, the queue panel and the help overlay have no serious accessibility violations', async ({ page }) => {
    // No fade-ins (prefers-reduced-motion): axe would measure the contrast of half-transparent text.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openApp(page);
    await send(page, { type: 'play-list', songs: list(), index: 0, source: 'e2e:list' });
    await expectPlaying(page, catalog.alpha);
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core') });
    const audit = (selector: string) =>
      page.evaluate(async (include) => {
        type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
        const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResult> } }).axe;
        const result = await axe.run({ include: [include] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
        return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      }, selector);
    expect(await audit('section[aria-label="Player"]')).toEqual([]);
    await button(page, 'Queue').click();
    expect(await audit('section[aria-label="Player"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await button(page, 'Keyboard shortcuts').click();
    // The dialog appears once its chunk is in (fetched when the pointer reached the button).
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    expect(await audit('[role="dialog"][aria-modal="true"]')).toEqual([]);
  });

  test('the bar’s icon buttons (@tunafy/ui’s, with the player’s touches): 32 px, dimmed when disabled, a dot under a pressed toggle', async ({ page }) => {
    await openApp(page);
    const look = (name: string) =>
      button(page, name).evaluate((element) => {
        const style = getComputedStyle(element);
        return { width: style.width, height: style.height, opacity: style.opacity, dot: getComputedStyle(element, '::after').width };
      });
    // Nothing to play yet: Previous has nothing to act on.
    expect(await look('Previous')).toEqual({ width: '32px', height: '32px', opacity: '0.35', dot: 'auto' });
    expect((await look('Shuffle')).dot).toBe('auto');
    await button(page, 'Shuffle').click();
    await expect(button(page, 'Shuffle')).toHaveAttribute('aria-pressed', 'true');
    expect(await look('Shuffle')).toEqual({ width: '32px', height: '32px', opacity: '1', dot: '4px' });
  });

  test('the help dialog’s code is fetched on an intent (pointing at its button), not with the bar; nothing takes focus on load', async ({ page }) => {
    // @tunafy/ui's Dialog keeps Radix in its own chunk; the string below is Radix's focus guard, in that chunk only.
    const dialogChunks: string[] = [];
    page.on('response', async (response) => {
      if (!/\/mf-player\/.+\.js$/.test(response.url())) return;
      if ((await response.text()).includes('data-radix-focus-guard')) dialogChunks.push(response.url());
    });
    await openApp(page);
    await expect(button(page, 'Keyboard shortcuts')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(dialogChunks).toEqual([]);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await button(page, 'Keyboard shortcuts').hover();
    await expect.poll(() => dialogChunks.length).toBe(1);
    await button(page, 'Keyboard shortcuts').click();
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('They work anywhere on the page except while typing in a text field.');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    await expect(button(page, 'Keyboard shortcuts')).toBeFocused();
    expect(dialogChunks).toHaveLength(1);
  });

  test('gapless: the next song starts as the first one ends (gap measured)', async ({ page }) => {
    await openApp(page);
    await send(page, { type: 'play-list', songs: [catalog.alpha, catalog.bravo], index: 0, source: 'e2e:gap' });
    await expectPlaying(page, catalog.alpha);
    // The next song is preloaded in the second element before the first one ends.
    await expect.poll(async () => (await audioOf(page, catalog.bravo)) !== undefined).toBe(true);
    await page.evaluate(() => {
      const log: { type: string; t: number; src: string | null; time: number; element: number; others: { src: string | null; readyState: number }[] }[] = [];
      const samples: { t: number; src: string | null; time: number; duration: number }[] = [];
      Object.assign(window, { __gapLog: log, __gapSamples: samples });
      const elements = Array.from(document.querySelectorAll<HTMLAudioElement>('audio[data-tunafy-player]'));
      for (const type of ['ended', 'pause', 'playing']) {
        document.addEventListener(
          type,
          (event) => {
            const audio = event.target as HTMLAudioElement;
            // Which element, and what the others held at that moment (src, and whether they could play at once).
            const others = elements.filter((other) => other !== audio).map((other) => ({ src: other.getAttribute('src'), readyState: other.readyState }));
            log.push({ type, t: performance.now(), src: audio.getAttribute('src'), time: audio.currentTime, element: elements.indexOf(audio), others });
          },
          true,
        );
      }
      // Every element's clock, every few ms, while it plays.
      const sample = () => {
        const t = performance.now();
        for (const audio of elements) if (!audio.paused) samples.push({ t, src: audio.getAttribute('src'), time: audio.currentTime, duration: audio.duration });
        if (samples.length < 50_000) setTimeout(sample, 2);
      };
      sample();
    });
    await send(page, { type: 'seek', seconds: catalog.alpha.duration - 1.5 });
    await expect.poll(async () => (await playerState(page))?.current?.id, { timeout: 10_000 }).toBe(catalog.bravo.id);
    await expectPlaying(page, catalog.bravo);

    const measured = await page.evaluate(
      ({ first, second }) => {
        const { __gapLog: log, __gapSamples: samples } = window as unknown as {
          __gapLog: { type: string; t: number; src: string | null; time: number; element: number; others: { src: string | null; readyState: number }[] }[];
          __gapSamples: { t: number; src: string | null; time: number; duration: number }[];
        };
        const firstSamples = samples.filter((sample) => sample.src === first);
        let lastMove = firstSamples[0];
        for (let i = 1; i < firstSamples.length; i++) if (firstSamples[i].time > firstSamples[i - 1].time) lastMove = firstSamples[i];
        const firstEnded = log.find((entry) => entry.src === first && entry.type === 'ended');
        const secondPlaying = log.find((entry) => entry.type === 'playing' && entry.src === second);
        const secondSamples = samples.filter((sample) => sample.src === second && sample.time > 0);
        const secondStart = secondSamples[0];
        return {
          firstEnded: firstEnded !== undefined,
          // When the first ended (or the hand-off came first), the next song was in another element, buffered to play
          // (readyState 3+: HAVE_FUTURE_DATA): nothing was loaded after the end.
          nextReadyAtEnd: firstEnded?.others.some((other) => other.src === second && other.readyState >= 3) ?? null,
          nextInAnotherElement: firstEnded && secondPlaying ? secondPlaying.element !== firstEnded.element : null,
          // The events: < 0 when the next song started before the first one's 'ended' (the early hand-off).
          endedToNextPlayingMs: firstEnded && secondPlaying ? secondPlaying.t - firstEnded.t : null,
          // From the media clocks, extrapolated so a late sample (a busy machine) does not skew them: when the
          // second song's clock started minus when the first one's reached its end. > 0 is silence, < 0 overlap.
          audioGapMs: lastMove && secondStart ? secondStart.t - secondStart.time * 1000 - (lastMove.t + (lastMove.duration - lastMove.time) * 1000) : null,
          firstLastPosition: lastMove?.time ?? null,
          firstDuration: lastMove?.duration ?? null,
        };
      },
      { first: catalog.alpha.song_file_url, second: catalog.bravo.song_file_url },
    );
    console.log(
      `[player gap] first 'ended' → next 'playing': ${measured.endedToNextPlayingMs?.toFixed(1)} ms; ` +
        `audio clocks: ${measured.audioGapMs?.toFixed(1)} ms between the first song's last moment and the next one's start (< 0: overlap); ` +
        `first song last sampled at ${measured.firstLastPosition?.toFixed(3)} s of ${measured.firstDuration?.toFixed(3)} s`,
    );
    test.info().annotations.push({ type: 'gap', description: JSON.stringify(measured) });
    // What makes it gapless, checked as behaviour: the first song played to its very end ('ended', not cut short), and
    // the second was already buffered in the other element then, and played there (nothing loaded after the end). How long the gap is is a measurement, printed above and recorded in docs/benchmarks.md; a timed
    // assertion would fail on a loaded machine (it once measured 302 ms under a CI load) without anything being wrong.
    expect(measured).toMatchObject({ firstEnded: true, nextReadyAtEnd: true, nextInAnotherElement: true });
    expect(measured.audioGapMs).not.toBeNull();
  });
});

// The guest home's JavaScript budget (docs/benchmarks.md): the bar is a logged-in user's, so a guest's first screen
// fetches nothing of mf-player, its @tunafy/ui parts and the help dialog's chunk included.
test('a guest’s home page loads nothing of mf-player', async ({ page }) => {
  const playerFiles: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/mf-player/')) playerFiles.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByText('Sign up to get unlimited songs. No credit card needed.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(playerFiles).toEqual([]);
  await expect(page.getByRole('region', { name: 'Player' })).toHaveCount(0);
});
