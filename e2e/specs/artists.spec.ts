import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { Song } from '@tunafy/contracts';
import { repoRoot } from '@tunafy/stack';
import { MongoClient, ObjectId } from 'mongodb';
import { writeAudio, type AudioFixture } from '../../services/api/src/test/test-audio.js';
import { ChangeFeed } from '../../services/api/src/catalog/change-feed.js';
import { csrfToken, expect, hasRemote, seriousA11yViolations, signUpThroughApi, test, uniqueAccount, uploadFileThroughApi, waitForRegionsSettled, type Account } from '../support/fixtures.js';

/*
 * Credited artists end to end (issue 25, docs/artists-ui.md): tagged files uploaded by two people become one A–Z list
 * of artists (one "Björk" for two spellings), a multi-artist song, a compilation as one Various Artists album, artist
 * and genre pages, and playback that names the credited artists; then an owner's correction and `npm run rescan` of
 * songs stored before credits existed. Production builds, the real API and database, files made with ffmpeg/metaflac.
 */
test.skip(!hasRemote('mf-library') || !hasRemote('mf-player'), 'needs mf-library and mf-player built (npm run build)');
// The journeys share the two users' uploads, made by the first one.
test.describe.configure({ mode: 'serial' });

const run = promisify(execFile);
const tag = randomBytes(3).toString('hex');
const NAMES = {
  aria: `Aria ${tag}`,
  basso: `Basso ${tag}`,
  bjork: `Björk ${tag}`,
  cora: `Cora ${tag}`,
  dex: `Dex ${tag}`,
  echo: `Echo ${tag}`,
  gamma: `Gamma ${tag}`,
  hale: `Hale ${tag}`,
  kilo: `Kilo ${tag}`,
  lima: `Lima ${tag}`,
  duet: `Duet ${tag}`,
  hyperballad: `Hyperballad ${tag}`,
  joga: `Joga ${tag}`,
  mistake: `Mistake ${tag}`,
  compilation: `Comp ${tag}`,
  genre: `Dream Folk ${tag}`,
};
const COMPILATION = [
  { file: '03 Cora.mp3', title: `Cora Song ${tag}`, artist: NAMES.cora },
  { file: '04 Dex.mp3', title: `Dex Song ${tag}`, artist: NAMES.dex },
  { file: '05 Echo.mp3', title: `Echo Song ${tag}`, artist: NAMES.echo },
];

const root = mkdtempSync(join(tmpdir(), 'tunafy-e2e-artists-'));
let first: Account;
let second: Account;
let secondUserId: string;
/** The second user's songs, by title. */
const secondSongs = new Map<string, Song>();

test.afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A tagged file under the run's folder, each of its own sound so no two are one file to the API. */
let tone = 0;
function fixture(path: string, audio: AudioFixture): Promise<string> {
  return writeAudio(join(root, path), { seconds: 3, frequency: 300 + (tone += 20), ...audio });
}

async function logIn(page: Page, account: Account): Promise<void> {
  const login = await page.request.post('/api/auth/login', { headers: { 'x-csrf-token': await csrfToken(page.request) }, data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
}

async function expectNoSeriousA11y(page: Page, what: string): Promise<void> {
  await waitForRegionsSettled(page);
  expect(await seriousA11yViolations(page), `axe on ${what}`).toEqual([]);
}

/** The A–Z list's grid (all artists, or those under a letter). */
const artistGrid = (page: Page, letter?: string) => page.getByRole('grid', { name: letter ? `Artists under ${letter}` : 'Artists' });

test('an uploaded folder’s artists: the A–Z list, an artist page, a compilation, a genre, playback', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  first = uniqueAccount('artists1');
  await signUpThroughApi(page.request, first);

  await test.step('uploads a tagged folder through Upload Music', async () => {
    const folder = join(root, 'first');
    await fixture('first/01 Duet.flac', { format: 'flac', title: NAMES.duet, artists: [NAMES.aria, NAMES.basso], genre: NAMES.genre });
    await fixture('first/02 Hyperballad.flac', { format: 'flac', title: NAMES.hyperballad, artists: [NAMES.bjork], genre: NAMES.genre });
    // A compilation as rippers leave one: one album name, a different artist per track, no album-artist tag.
    for (const [at, track] of COMPILATION.entries()) {
      await fixture(`first/${track.file}`, { format: 'mp3', title: track.title, artists: [track.artist], album: NAMES.compilation, track: at + 1, year: 2021 });
    }
    await page.goto('/upload');
    await waitForRegionsSettled(page);
    await page.getByLabel('Choose a folder').setInputFiles(folder);
    await page.getByRole('button', { name: 'Upload 5 files' }).click();
    await expect(page.getByRole('progressbar', { name: '5 of 5 uploaded' })).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  });

  await test.step('a second user uploads through the API: "bjork " and a song credited by mistake', async () => {
    const request = await playwright.request.newContext({ baseURL: process.env.TUNAFY_E2E_BASE_URL });
    second = uniqueAccount('artists2');
    secondUserId = (await signUpThroughApi(request, second)).id;
    const files: [string, AudioFixture][] = [
      [NAMES.joga, { format: 'flac', title: NAMES.joga, artists: [`bjork ${tag} `], genre: NAMES.genre }],
      [NAMES.mistake, { format: 'flac', title: NAMES.mistake, artists: [NAMES.gamma] }],
    ];
    for (const [title, audio] of files) secondSongs.set(title, await uploadFileThroughApi(request, await fixture(`second/${title}.flac`, audio)));
    await request.dispose();
  });

  await test.step('the sidebar’s Artists lists each artist once, and a letter keeps only its own', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Artists', exact: true }).click();
    await expect(page).toHaveURL(/\/artists$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
    const all = artistGrid(page);
    for (const name of [NAMES.aria, NAMES.basso, NAMES.bjork, NAMES.cora, NAMES.dex, NAMES.echo, NAMES.gamma, 'Various Artists']) {
      // One row per artist: two people's "Björk" and "bjork " are one, spelled as it was first stored.
      await expect(all.getByRole('link', { name, exact: true }), name).toHaveCount(1);
    }
    await expect(all.getByRole('link', { name: new RegExp(`^bjork ${tag}`) })).toHaveCount(0);
    await expect(all.getByRole('row').filter({ hasText: NAMES.bjork })).toContainText('2 songs');
    await expectNoSeriousA11y(page, '/artists');

    await page.getByRole('navigation', { name: 'Artists by letter' }).getByRole('link', { name: 'B', exact: true }).click();
    await expect(page).toHaveURL(/\/artists\?letter=B$/);
    const underB = artistGrid(page, 'B');
    await expect(underB.getByRole('link', { name: NAMES.basso, exact: true })).toBeVisible();
    await expect(underB.getByRole('link', { name: NAMES.bjork, exact: true })).toBeVisible();
    await expect(underB.getByRole('link', { name: NAMES.aria, exact: true })).toHaveCount(0);
    await expectNoSeriousA11y(page, '/artists?letter=B');
  });

  await test.step('a compilation’s artist: Popular songs, and the compilation under Appears on', async () => {
    await page.getByRole('navigation', { name: 'Artists by letter' }).getByRole('link', { name: 'C', exact: true }).click();
    await artistGrid(page, 'C').getByRole('link', { name: NAMES.cora, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: NAMES.cora })).toBeVisible();
    await expect(page.getByRole('grid', { name: `Popular songs by ${NAMES.cora}` }).getByRole('link', { name: COMPILATION[0]!.title, exact: true })).toBeVisible();
    const appearsOn = page.getByRole('list', { name: `Albums ${NAMES.cora} appears on` });
    await expect(appearsOn.getByRole('link', { name: new RegExp(`^${NAMES.compilation} `) })).toHaveCount(1);
    await expectNoSeriousA11y(page, 'an artist page');
    await appearsOn.getByRole('link', { name: new RegExp(`^${NAMES.compilation} `) }).click();
  });

  await test.step('the compilation is one album, by Various Artists, its tracks credited to their own artists', async () => {
    await expect(page.getByRole('heading', { level: 1, name: NAMES.compilation })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Various Artists', exact: true })).toBeVisible();
    const songs = page.getByRole('grid', { name: `Songs of ${NAMES.compilation}` });
    await expect(songs.getByRole('row')).toHaveCount(3);
    for (const track of COMPILATION) {
      await expect(songs.getByRole('row').filter({ hasText: track.title }).getByRole('link', { name: track.artist, exact: true })).toBeVisible();
    }
    // One album of that name in the uploader's library, not one per track artist.
    const albums = (await (await page.request.get(`/api/search?q=${encodeURIComponent(NAMES.compilation)}`)).json()) as { albums: { album_name: string }[] };
    expect(albums.albums.filter((album) => album.album_name === NAMES.compilation)).toHaveLength(1);
    await expectNoSeriousA11y(page, 'a compilation’s album page');
  });

  await test.step('a multi-artist song page links both artists, and its genre leads to the genre’s songs', async () => {
    const duet = (await (await page.request.get(`/api/search?q=${encodeURIComponent(NAMES.duet)}`)).json()) as { songs: Song[] };
    await page.goto(`/songs/${duet.songs[0]!.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: NAMES.aria, exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: NAMES.basso, exact: true })).toBeVisible();
    await main.getByRole('link', { name: NAMES.genre, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: NAMES.genre })).toBeVisible();
    const songs = page.getByRole('grid', { name: `${NAMES.genre} songs` });
    for (const title of [NAMES.duet, NAMES.hyperballad, NAMES.joga]) await expect(songs.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expectNoSeriousA11y(page, 'a genre page');
  });

  await test.step('Play on an artist page: the player names the song’s credited artists, each a link', async () => {
    await page.getByRole('grid', { name: `${NAMES.genre} songs` }).getByRole('row').filter({ hasText: NAMES.duet }).getByRole('link', { name: NAMES.aria, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: NAMES.aria })).toBeVisible();
    await page.getByRole('button', { name: `Play songs by ${NAMES.aria}` }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect(player.getByRole('link', { name: NAMES.duet, exact: true })).toBeVisible();
    await expect(player.getByRole('link', { name: NAMES.basso, exact: true })).toBeVisible();
    await player.getByRole('link', { name: NAMES.aria, exact: true }).click();
    await expect(page).toHaveURL(/\/artists\/[0-9a-f]{24}$/);
  });
});

test.describe('at a phone size', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Your Library → Artists → an artist → Play, by touch, without sideways scrolling', async ({ page }) => {
    test.setTimeout(45_000);
    await logIn(page, first);
    await page.goto('/');
    await waitForRegionsSettled(page);
    const fits = async (what: string) => {
      const overflow = await page.evaluate(() => {
        const scroller = document.getElementById('tf-main')?.parentElement ?? document.documentElement;
        return { page: document.documentElement.scrollWidth - window.innerWidth, main: scroller.scrollWidth - scroller.clientWidth };
      });
      expect(overflow, `sideways overflow on ${what}`).toEqual({ page: 0, main: 0 });
      await expectNoSeriousA11y(page, what);
    };
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your Library' }).tap();
    await page.getByRole('navigation', { name: 'Library shortcuts' }).getByRole('link', { name: 'Artists', exact: true }).tap();
    await expect(page).toHaveURL(/\/artists$/);
    await expect(artistGrid(page).getByRole('link', { name: NAMES.bjork, exact: true })).toBeVisible();
    await fits('/artists on a phone');
    await artistGrid(page).getByRole('link', { name: NAMES.bjork, exact: true }).tap();
    await expect(page.getByRole('heading', { level: 1, name: NAMES.bjork })).toBeVisible();
    // Both people's songs of one artist.
    const popular = page.getByRole('grid', { name: `Popular songs by ${NAMES.bjork}` });
    await expect(popular.getByRole('row')).toHaveCount(2);
    await fits('an artist page on a phone');
    await page.getByRole('button', { name: `Play songs by ${NAMES.bjork}` }).tap();
    await expect(page.getByRole('region', { name: 'Player' }).getByRole('button', { name: new RegExp(`^Open player: .*${NAMES.bjork}`) })).toBeVisible();
  });
});

test('an owner corrects tags: a song’s artist on its update screen, a selection’s genre with Edit tags', async ({ page }) => {
  test.setTimeout(45_000);
  await logIn(page, second);
  const mistake = secondSongs.get(NAMES.mistake)!;

  await test.step('the update screen’s Tags: the credited artist replaced, the old one gone from the A–Z list', async () => {
    await page.goto(`/songs/${mistake.id}`);
    await waitForRegionsSettled(page);
    await page.getByRole('button', { name: `More options for ${NAMES.mistake}` }).click();
    await page.getByRole('menuitem', { name: 'Update', exact: true }).click();
    const tags = page.getByRole('region', { name: 'Tags' });
    await expect(tags.getByLabel('Artist 1', { exact: true })).toHaveValue(NAMES.gamma);
    await expectNoSeriousA11y(page, 'the update screen with its tags');
    await tags.getByLabel('Artist 1', { exact: true }).fill(NAMES.hale);
    await tags.getByRole('button', { name: 'Save Tags' }).click();
    await expect(page).toHaveURL(new RegExp(`/songs/${mistake.id}$`));
    await expect(page.getByRole('main').getByRole('link', { name: NAMES.hale, exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: NAMES.gamma, exact: true })).toHaveCount(0);
    await page.goto('/artists?letter=G');
    await expect(page.getByRole('heading', { name: 'No artists under G' })).toBeVisible();
    await page.goto('/artists?letter=H');
    await expect(artistGrid(page, 'H').getByRole('link', { name: NAMES.hale, exact: true })).toBeVisible();
  });

  await test.step('Edit tags on a selection of their songs gives both one genre', async () => {
    const genre = `Bulk Genre ${tag}`;
    await page.goto(`/users/${secondUserId}`);
    const grid = page.getByRole('grid', { name: `Songs by ${second.username}` });
    for (const title of [NAMES.joga, NAMES.mistake]) {
      // Beside the row's links and buttons: a Ctrl-click there selects (a plain click would play).
      await grid.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) }).click({ modifiers: ['ControlOrMeta'], position: { x: 92, y: 28 } });
    }
    await page.getByRole('group', { name: 'Selected songs' }).getByRole('button', { name: 'Edit tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tags of 2 songs' });
    await dialog.getByLabel('Genre', { exact: true }).fill(genre);
    await expectNoSeriousA11y(page, 'the Edit tags dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await page.goto(`/genres/${encodeURIComponent(genre)}`);
    const songs = page.getByRole('grid', { name: `${genre} songs` });
    for (const title of [NAMES.joga, NAMES.mistake]) await expect(songs.getByRole('link', { name: title, exact: true })).toBeVisible();
  });
});

test('npm run rescan credits songs imported before artists existed', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, second);
  const album = `Old Times ${tag}`;
  const songs = [
    await uploadFileThroughApi(page.request, await fixture('old/1.flac', { format: 'flac', title: `Old One ${tag}`, album, track: 1, artists: [NAMES.kilo] })),
    await uploadFileThroughApi(page.request, await fixture('old/2.flac', { format: 'flac', title: `Old Two ${tag}`, album, track: 2, artists: [NAMES.lima] })),
  ];
  const client = await MongoClient.connect(process.env.TUNAFY_E2E_MONGODB_URI!, { serverSelectionTimeoutMS: 5_000 });
  try {
    const db = client.db();
    // What an older Tunafy stored: no credits, no album artist. Written behind the API's back, so announced on the
    // catalog's change feed (a reload), as the API's rescan tests do.
    await db.collection('songs').updateMany({ _id: { $in: songs.map((song) => new ObjectId(song.id)) } }, { $unset: { credit_ids: '' } });
    await db.collection('albums').updateOne({ _id: new ObjectId(songs[0]!.album_id!) }, { $unset: { album_artist_id: '' } });
    await new ChangeFeed(() => db).publish([{ kind: 'reload' }]);
  } finally {
    await client.close();
  }
  // The API takes the announced reload in on a later read (a reload of the suite's whole catalog takes a moment, and
  // reads answer from the copy held meanwhile), so the page is asked again until it shows it.
  await expect(async () => {
    await page.goto('/artists?letter=K');
    await expect(page.getByRole('heading', { name: 'No artists under K' })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });

  const cache = join(root, 'rescan-cache');
  const { stdout } = await run(process.execPath, [join(repoRoot(), 'services/api/dist/rescan-cli.js')], {
    env: { ...process.env, MONGODB_URI: process.env.TUNAFY_E2E_MONGODB_URI!, MEDIA_CACHE_DIR: cache, LOG_LEVEL: 'error', SEED_ON_EMPTY: 'false' },
    timeout: 45_000,
  });
  expect(stdout).toMatch(/rescan: \d+\/\d+ songs, .* [1-9]\d* credited, .*Done in/);

  // The running API reads the CLI's writes from the catalog's change feed within a second or so.
  await expect(async () => {
    await page.goto('/artists?letter=K');
    await expect(artistGrid(page, 'K').getByRole('link', { name: NAMES.kilo, exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.goto(`/albums/${songs[0]!.album_id}`);
  await expect(page.getByRole('main').getByRole('link', { name: 'Various Artists', exact: true })).toBeVisible();
});
