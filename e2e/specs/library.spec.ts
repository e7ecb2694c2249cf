import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { renderCover } from '../../services/api/src/media/synth/render-cover.js';
import { synthesizeSong } from '../../services/api/src/media/synth/synth-song.js';
import { expect, hasRemote, recordPlayerCommands, recordedPlayerCommands, seriousA11yViolations, signUpThroughApi, test, uniqueAccount, waitForRegionsSettled, type Account } from '../support/fixtures.js';

// The library remote end to end: production builds, gateway, real API and database, real uploads.
test.skip(!hasRemote('mf-library'), 'mf-library is not built (npm run build -w @tunafy/mf-library)');

const SONG_SECONDS = 7;

/** Real media written to temp files: a generated mp3 the API measures, and PNG covers. */
function mediaFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'tunafy-e2e-library-'));
  const write = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  return {
    dir,
    song: write('first-light.mp3', synthesizeSong({ seed: 7, seconds: SONG_SECONDS })),
    songCover: write('song-cover.png', renderCover({ seed: 1, title: 'song', size: 160 })),
    albumCover: write('album-cover.png', renderCover({ seed: 2, title: 'album', size: 160 })),
    newCover: write('new-cover.png', renderCover({ seed: 3, title: 'new', size: 160 })),
    notAnImage: write('notes.txt', Buffer.from('not a picture')),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function signUpThroughTheUi(page: Page, account: Account): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email address', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: `Profile: ${account.username}` })).toBeVisible();
}

/** Signs a fresh account up through the API in its own browser context (cookies land there). */
async function signUpThroughTheApi(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await signUpThroughApi(context.request, account);
  return context.newPage();
}

async function apiJson<T>(request: APIRequestContext, path: string): Promise<{ status: number; body: T }> {
  const response = await request.get(path);
  return { status: response.status(), body: (await response.json()) as T };
}

/** Exact text of an element (Playwright's matchers normalise whitespace; the spec's texts are exact). */
async function exactText(locator: Locator): Promise<string> {
  return locator.evaluate((element) => element.textContent ?? '');
}

async function dialogDescription(page: Page): Promise<string> {
  return page.getByRole('dialog').evaluate((dialog) => document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
}


const playerCommands = (page: Page) => recordedPlayerCommands<{ type: string; index?: number; source?: string; songs?: { id: string; song_name: string }[] }>(page);

async function chooseFromMenu(page: Page, menuLabel: string, item: string): Promise<void> {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * Opens an item's update form from its page's menu (`menu` names the menu button), lets `edit` change the form,
 * saves with the `save` button, and checks the item's page is back with its new `name` as heading.
 */
async function updateFromItsPage(page: Page, item: { path: string; menu: string; save: string; name: string }, edit: () => Promise<void>): Promise<void> {
  await page.goto(item.path);
  await chooseFromMenu(page, item.menu, 'Update');
  await expect(page).toHaveURL(new RegExp(`${item.path}/update$`));
  await edit();
  await page.getByRole('button', { name: item.save }).click();
  await expect(page).toHaveURL(new RegExp(`${item.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
}

test.describe('library journey', () => {
  test('a new user builds, plays, shares and cleans up their library', async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const media = mediaFiles();
    const owner = uniqueAccount('lib');
    const tag = owner.username.split('_')[1]!;
    const names = { album: `Night Drive ${tag}`, song: `First Light ${tag}`, playlist: `Private mix ${tag}` };
    try {
      // Sign up through mf-auth, so the session comes from the shell's bus like any user's.
      await signUpThroughTheUi(page, owner);
      const me = (await apiJson<{ id: string }>(page.request, '/api/auth/')).body;

      await test.step('home shows both sections and has no serious accessibility problems', async () => {
        await waitForRegionsSettled(page);
        await expect(page.getByRole('heading', { name: 'Tunafy Playlists' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Tunafy Albums' })).toBeVisible();
        expect(await seriousA11yViolations(page)).toEqual([]);
      });

      await test.step('creates an album', async () => {
        await page.goto('/albums/new');
        await page.getByRole('button', { name: 'Create Album' }).click();
        expect(await exactText(page.getByText('Name is required.'))).toBe('Name is required.');
        await expect(page.getByRole('button', { name: 'Create Album' })).toBeDisabled();
        await page.getByLabel('Album Name').fill(names.album);
        await page.getByLabel('Cover photo').setInputFiles(media.albumCover);
        await page.getByRole('button', { name: 'Create Album' }).click();
        await expect(page).toHaveURL(/\/albums$/);
        await expect(page.getByRole('link', { name: `${names.album} By ${owner.username}` })).toBeVisible();
      });

      let songId = '';
      await test.step('uploads a song (form checks first) and sees its real duration', async () => {
        await page.goto('/songs/new');
        await page.getByRole('button', { name: 'Create Song' }).click();
        await expect(page.getByText('Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.')).toBeVisible();
        await expect(page.getByText('Song is required and must be in .mp3 format.')).toBeVisible();
        await page.getByLabel('Song Name').fill(names.song);
        await page.getByLabel('Cover photo').setInputFiles(media.notAnImage);
        await expect(page.getByText('Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.')).toBeVisible();
        await page.getByLabel('Cover photo').setInputFiles(media.songCover);
        await page.getByLabel('Song file').setInputFiles(media.song);
        await expect(page.getByRole('button', { name: 'Create Song' })).toBeEnabled();
        await page.getByRole('button', { name: 'Create Song' }).click();
        await expect(page).toHaveURL(/\/songs\/[0-9a-f]{24}$/, { timeout: 30_000 });
        songId = page.url().split('/').pop()!;
        await expect(page.getByRole('heading', { level: 1, name: names.song })).toBeVisible();
        // The API reads the length from the mp3 itself (the spec's fixed 260 is ignored).
        await expect(page.getByText(`0:0${SONG_SECONDS}`, { exact: true })).toBeVisible();
      });

      await test.step('song page has no serious accessibility problems', async () => {
        await waitForRegionsSettled(page);
        await expect(page.getByRole('button', { name: `Like ${names.song}` })).toBeEnabled();
        expect(await seriousA11yViolations(page)).toEqual([]);
      });

      await test.step('puts the song into the album', async () => {
        await chooseFromMenu(page, `More options for ${names.song}`, 'Add to Album');
        await page.getByRole('dialog', { name: 'Add to Album' }).getByRole('button', { name: new RegExp(names.album) }).click();
        await expect(page).toHaveURL(/\/albums\/[0-9a-f]{24}$/);
        await expect(page.getByRole('heading', { level: 1, name: names.album })).toBeVisible();
        await expect(page.getByText('1 song', { exact: true })).toBeVisible();
        await expect(page.getByText(`0 min ${SONG_SECONDS} sec`, { exact: true })).toBeVisible();
        await expect(page.getByRole('grid', { name: `Songs of ${names.album}` }).getByRole('row')).toHaveCount(1);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
      const albumId = page.url().split('/').pop()!;

      await test.step('All Songs lists it with its album and duration, windowed and accessible', async () => {
        await page.goto('/songs');
        const grid = page.getByRole('grid', { name: 'All Songs' });
        // The newest song is the list's last (id order), below the rows in view once earlier specs' songs fill the
        // window: End moves focus to the last row, as a listener's keyboard does.
        await grid.getByRole('button', { name: /^Play / }).first().focus();
        await page.keyboard.press('End');
        const row = grid.getByRole('row').filter({ hasText: names.song });
        await expect(row.getByRole('button', { name: /^Play / })).toBeFocused();
        await expect(row).toContainText(names.album);
        await expect(row).toContainText(`0:0${SONG_SECONDS}`);
        await waitForRegionsSettled(page);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });

      await test.step('plays it', async () => {
        await page.goto(`/songs/${songId}`);
        await waitForRegionsSettled(page);
        await recordPlayerCommands(page);
        await page.getByRole('button', { name: `Play ${names.song}` }).click();
        const commands = await playerCommands(page);
        expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: `song:${songId}` });
        expect(commands[0]!.songs!.map((song) => song.id)).toEqual([songId]);
        // With the player remote deployed, its state names our list and the button turns into Pause.
        if (hasRemote('mf-player')) await expect(page.getByRole('button', { name: `Pause ${names.song}` })).toBeVisible();
      });

      await test.step('likes it (the heart survives a reload) and finds it in Liked Songs', async () => {
        const heart = page.getByRole('button', { name: `Like ${names.song}` });
        await expect(heart).toHaveAttribute('aria-pressed', 'false');
        await heart.click();
        await expect(heart).toHaveAttribute('aria-pressed', 'true');
        await expect.poll(async () => (await apiJson<unknown[]>(page.request, `/api/collection/${me.id}/tracks`)).body.length).toBe(1);
        await page.reload();
        await expect(page.getByRole('button', { name: `Like ${names.song}` })).toHaveAttribute('aria-pressed', 'true');
        await page.goto('/collection/tracks');
        await expect(page.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeVisible();
        await expect(page.getByText('Your favorite songs!')).toBeVisible();
        await expect(page.getByRole('grid', { name: 'Liked Songs' }).getByRole('link', { name: names.song })).toBeVisible();
      });

      let playlistId = '';
      await test.step('creates a private playlist and adds the song', async () => {
        await page.goto('/playlists/new');
        await page.getByLabel('Playlist Name').fill(names.playlist);
        await page.getByLabel('Description').fill('Only for me');
        await page.getByLabel('Private').check();
        await page.getByRole('button', { name: 'Create Playlist' }).click();
        await expect(page).toHaveURL(/\/playlists$/);
        await expect(page.getByRole('link', { name: `${names.playlist} Only for me` })).toBeVisible();

        await page.goto(`/songs/${songId}`);
        await chooseFromMenu(page, `More options for ${names.song}`, 'Add to Playlist');
        await page.getByRole('dialog', { name: 'Add to Playlist' }).getByRole('button', { name: new RegExp(names.playlist) }).click();
        await expect(page).toHaveURL(/\/playlists\/[0-9a-f]{24}$/);
        playlistId = page.url().split('/').pop()!;
        await expect(page.getByText('Private Playlist')).toBeVisible();
        await expect(page.getByRole('grid', { name: `Songs of ${names.playlist}` }).getByRole('link', { name: names.song })).toBeVisible();
      });

      await test.step('another user cannot see the playlist nor change what is not theirs', async () => {
        const other = await signUpThroughTheApi(browser, baseURL!, uniqueAccount('peer'));
        try {
          await other.goto(`/playlists/${playlistId}`);
          await expect(other.getByText('This playlist isn’t here')).toBeVisible();
          expect((await other.request.get(`/api/playlists/${playlistId}`)).status()).toBe(404);
          await other.goto('/playlists');
          await waitForRegionsSettled(other);
          await expect(other.getByRole('link', { name: new RegExp(names.playlist) })).toHaveCount(0);

          // Owner-only menus: the song offers them only the queue actions and Add to Playlist, the album no menu
          // (its rows keep their own menu) and no Remove.
          await other.goto(`/songs/${songId}`);
          await other.getByRole('button', { name: `More options for ${names.song}` }).click();
          await expect(other.getByRole('menuitem')).toHaveText(['Play next', 'Add to queue', 'Add to Playlist']);
          await other.keyboard.press('Escape');
          await other.goto(`/albums/${albumId}`);
          await expect(other.getByText('1 song', { exact: true })).toBeVisible();
          await expect(other.getByRole('button', { name: `More options for ${names.album}`, exact: true })).toHaveCount(0);
          await expect(other.getByRole('button', { name: /^More options for .* by / })).toHaveCount(1);
          await expect(other.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
        } finally {
          await other.context().close();
        }
      });

      await test.step('removes the song from the playlist with the confirmation', async () => {
        await page.getByRole('button', { name: `Remove ${names.song} from ${names.playlist}` }).click();
        await expect(page.getByRole('dialog', { name: `Removing from "${names.playlist}"` })).toBeVisible();
        expect(await dialogDescription(page)).toBe(`"${names.song}" will no longer be in "${names.playlist}".`);
        await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
        await expect(page.getByText('This playlist is empty')).toBeVisible();
        await expect(page.getByText('0 songs', { exact: true })).toBeVisible();
      });

      await test.step('updates the song', async () => {
        const menu = `More options for ${names.song}`;
        names.song = `${names.song} (remastered)`;
        await updateFromItsPage(page, { path: `/songs/${songId}`, menu, save: 'Update Song', name: names.song }, async () => {
          await expect(page.getByLabel('Song file')).toHaveAttribute('accept', 'audio/*');
          await page.getByLabel('Song Name').fill(names.song);
          await page.getByLabel('Cover photo').setInputFiles(media.newCover);
        });
      });

      await test.step('updates the album, replacing the cover from its thumbnail', async () => {
        const menu = `More options for ${names.album}`;
        names.album = `${names.album} (deluxe)`;
        await updateFromItsPage(page, { path: `/albums/${albumId}`, menu, save: 'Update Album', name: names.album }, async () => {
          const chooser = page.waitForEvent('filechooser');
          await page.getByRole('button', { name: 'Change cover photo' }).click();
          await (await chooser).setFiles(media.newCover);
          await expect(page.getByRole('button', { name: 'Change cover photo' }).locator('img')).toHaveAttribute('src', /^blob:/);
          await page.getByLabel('Album Name').fill(names.album);
        });
      });

      await test.step('deletes the song, the album and the playlist after their confirmations', async () => {
        await page.goto(`/songs/${songId}`);
        await chooseFromMenu(page, `More options for ${names.song}`, 'Delete');
        expect(await dialogDescription(page)).toBe(`Are you sure? Deleting "${names.song}" cannot be reversed.`);
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await expect(page).toHaveURL(/\/songs$/);

        await page.goto(`/albums/${albumId}`);
        await expect(page.getByText('This album is empty')).toBeVisible();
        await chooseFromMenu(page, `More options for ${names.album}`, 'Delete');
        expect(await dialogDescription(page)).toBe(`Are you sure? Deleting "${names.album}" cannot be reversed.`);
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await expect(page).toHaveURL(/\/albums$/);

        await page.goto(`/playlists/${playlistId}`);
        await chooseFromMenu(page, `More options for ${names.playlist}`, 'Delete');
        expect(await dialogDescription(page)).toBe(`Are you sure? Deleting "${names.playlist}" cannot be reversed.`);
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await expect(page).toHaveURL(/\/playlists$/);
      });

      await test.step('nothing is left behind', async () => {
        const songs = await apiJson<{ songs: { artist_id: string }[] }>(page.request, '/api/songs');
        expect(songs.body.songs.filter((song) => song.artist_id === me.id)).toEqual([]);
        expect((await page.request.get(`/api/songs/${songId}`)).status()).toBe(404);
        expect((await apiJson<unknown[]>(page.request, `/api/albums/current/${me.id}`)).body).toEqual([]);
        expect((await apiJson<{ playlists: unknown[] }>(page.request, `/api/playlists/${me.id}/manage`)).body.playlists).toEqual([]);
        expect((await apiJson<unknown[]>(page.request, `/api/collection/${me.id}/tracks`)).body).toEqual([]);
      });
    } finally {
      media.cleanup();
    }
  });
});

test.describe('guests', () => {
  test('are asked to log in when they open an album from home, and cannot reach All Songs', async ({ page }) => {
    test.skip(!hasRemote('mf-auth'), 'the "Please log in" modal is rendered by mf-auth');
    await page.goto('/');
    await waitForRegionsSettled(page);
    await page.getByRole('link', { name: 'Show all Tunafy Albums' }).click();
    await expect(page.getByRole('dialog')).toContainText('Please log in');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/songs');
    await expect(page).toHaveURL(/\/$/);
  });
});
