import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Frame, Page } from '@playwright/test';
import type { Album, Song } from '@tunafy/contracts';
import { renderCover } from '../../services/api/src/media/synth/render-cover.js';
import { synthesizeSong } from '../../services/api/src/media/synth/synth-song.js';
import { csrfToken, expect, hasRemote, signUpThroughApi, test, uniqueAccount, waitForRegionsSettled } from '../support/fixtures.js';

// Share links (issue 28, docs/shares.md) end to end: the owner copies a link to an album from its menu, someone
// without an account opens it in a fresh browser context and it plays; the embed plays inside a frame of another
// page; revoked on Shared links, the link answers 404. Production builds, the real gateway, API and database.
test.skip(!hasRemote('mf-library'), 'mf-library is not built (npm run build -w @tunafy/mf-library)');

async function post<T>(request: APIRequestContext, path: string, multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>): Promise<T> {
  const response = await request.post(path, { headers: { 'x-csrf-token': await csrfToken(request) }, multipart });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** An album of two 8-second songs, made through the API as the forms would. */
async function albumOfTwo(request: APIRequestContext, name: string): Promise<{ album: Album; songs: Song[] }> {
  const songs: Song[] = [];
  for (const [index, title] of ['Opening', 'Closing'].entries()) {
    songs.push(
      await post<Song>(request, '/api/songs/new', {
        song_name: `${title} ${name}`,
        song_cover_url: { name: 'cover.png', mimeType: 'image/png', buffer: renderCover({ seed: 70 + index, title, size: 64 }) },
        song_file_url: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: synthesizeSong({ seed: 70 + index, seconds: 8 }) },
      }),
    );
  }
  const album = await post<Album>(request, '/api/albums/new', {
    album_name: name,
    album_cover_url: { name: 'album.png', mimeType: 'image/png', buffer: renderCover({ seed: 72, title: name, size: 64 }) },
  });
  for (const song of songs) {
    const added = await request.put(`/api/albums/${album.id}/add`, { headers: { 'x-csrf-token': await csrfToken(request) }, multipart: { song_id: song.id } });
    expect(added.ok(), await added.text()).toBe(true);
  }
  return { album, songs };
}

/** The page's (or frame's) one <audio> element's position, in seconds. */
const audioTime = (target: Page | Frame) => target.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);

test.describe('share links', () => {
  test('a copied album link plays without an account, its embed plays in a frame, and revoked it answers 404', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const account = uniqueAccount('sharer');
    const name = `Shared Album ${account.username.split('_')[1]}`;
    const ownerContext = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
    const guestContext = await browser.newContext({ baseURL });
    try {
      await signUpThroughApi(ownerContext.request, account);
      const { album } = await albumOfTwo(ownerContext.request, name);
      const owner = await ownerContext.newPage();

      const link = await test.step('the album menu’s “Copy link to share” makes the link and copies it', async () => {
        await owner.goto(`/albums/${album.id}`);
        await waitForRegionsSettled(owner);
        await owner.getByRole('button', { name: `More options for ${name}` }).click();
        await owner.getByRole('menuitem', { name: 'Copy link to share' }).click();
        const dialog = owner.getByRole('dialog', { name: `Share ${name}` });
        await expect(dialog.getByRole('radio', { name: 'Never expires' })).toBeChecked();
        await dialog.getByRole('button', { name: 'Copy link' }).click();
        const field = dialog.getByRole('textbox', { name: 'Link' });
        await expect(field).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/);
        const url = await field.inputValue();
        expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(url);
        expect(new URL(url).origin).toBe(new URL(baseURL!).origin);
        await dialog.getByRole('button', { name: 'Done' }).click();
        return url;
      });

      await test.step('opened in a fresh browser context (no cookies), the share page plays the album', async () => {
        expect(await guestContext.cookies()).toEqual([]);
        const guest = await guestContext.newPage();
        const answer = await guest.goto(link);
        expect(answer?.status()).toBe(200);
        await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible();
        await expect(guest.locator('meta[property="og:title"]')).toHaveAttribute('content', name);
        await expect(guest.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^${new URL(baseURL!).origin}/api/files/`));
        await expect(guest.getByRole('listitem')).toHaveCount(2);
        await guest.getByRole('button', { name: 'Play' }).click();
        await expect.poll(() => audioTime(guest), { timeout: 15_000 }).toBeGreaterThan(1);
        await expect(guest.getByRole('button', { name: 'Pause' })).toBeVisible();
        // The next track plays through the share too.
        await guest.getByRole('button', { name: 'Next' }).click();
        await expect(guest.locator('.tracks button').nth(1)).toHaveAttribute('aria-current', 'true');
        await expect.poll(() => audioTime(guest), { timeout: 15_000 }).toBeGreaterThan(0.5);
        // Still a stranger: the app's own API knows no session for this context.
        expect((await guest.request.get('/api/auth/session').then((response) => response.json())) as unknown).toEqual({ user: null });
        await guest.close();
      });

      await test.step('the embed plays inside a frame of another page; the share page itself refuses to be framed', async () => {
        const host = await guestContext.newPage();
        const embed = link.replace('/s/', '/embed/');
        // Another site's page on an origin of its own (loopback: Chromium keeps public pages from framing private addresses).
        const blog = createServer((_req, res) => {
          res.setHeader('content-type', 'text/html');
          res.end(`<!doctype html><title>Blog</title><p>My favourite album</p><iframe id="player" src="${embed}" width="480" height="352"></iframe><iframe id="page" src="${link}"></iframe>`);
        });
        await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
        await host.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/`);
        const frame = host.frameLocator('#player');
        await frame.getByRole('button', { name: 'Play' }).click();
        const embedded = host.frames().find((candidate) => candidate.url() === embed)!;
        await expect.poll(() => audioTime(embedded), { timeout: 15_000 }).toBeGreaterThan(1);
        // X-Frame-Options DENY and frame-ancestors 'none': Chromium shows its error page instead of the share page.
        await expect.poll(() => host.frames().some((candidate) => candidate.url() === link && candidate.url().startsWith('http'))).toBe(false);
        await host.close();
        await new Promise((resolve) => blog.close(resolve));
      });

      await test.step('revoked on Shared links, the link answers 404', async () => {
        await owner.getByRole('button', { name: `Profile: ${account.username}` }).click();
        await owner.getByRole('menuitem', { name: 'Shared links' }).click();
        await expect(owner).toHaveURL(/\/settings\/shares$/);
        const list = owner.getByRole('list', { name: 'Shared links' });
        await expect(list.getByRole('listitem')).toHaveCount(1);
        await expect(list).toContainText(name);
        await list.getByRole('button', { name: `Revoke the link to ${name}` }).click();
        await owner.getByRole('dialog', { name: 'Revoke link' }).getByRole('button', { name: 'Revoke' }).click();
        await expect(owner.getByRole('heading', { name: 'No shared links yet' })).toBeVisible();

        const guest = await guestContext.newPage();
        const answer = await guest.goto(link);
        expect(answer?.status()).toBe(404);
        await expect(guest.getByRole('heading', { level: 1, name: 'This link is not available' })).toBeVisible();
        await guest.close();
      });
    } finally {
      await ownerContext.close();
      await guestContext.close();
    }
  });
});
