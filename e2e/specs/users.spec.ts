import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Album, Playlist, SessionUser, Song } from '@tunafy/contracts';
import { renderCover } from '../../services/api/src/media/synth/render-cover.js';
import { synthesizeSong } from '../../services/api/src/media/synth/synth-song.js';
import { csrfToken, expect, hasRemote, recordPlayerCommands, recordedPlayerCommands, seriousA11yViolations, signUpThroughApi, test, uniqueAccount, waitForRegionsSettled, type Account } from '../support/fixtures.js';

// A user's page end to end: an artist's name leads there from the library, it lists their songs (most played
// first), albums and the playlists the viewer may see, and Play all starts playback. Production builds, real API
// and database, real uploads and plays.
test.skip(!hasRemote('mf-library'), 'mf-library is not built (npm run build -w @tunafy/mf-library)');

/** A fresh account, signed up through the API in its own browser context (its cookies land there). */
async function signUp(browser: Browser, baseURL: string, account: Account): Promise<{ page: Page; user: SessionUser }> {
  const context = await browser.newContext({ baseURL });
  const user = await signUpThroughApi(context.request, account);
  return { page: await context.newPage(), user };
}

async function post<T>(request: APIRequestContext, path: string, multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>): Promise<T> {
  const response = await request.post(path, { headers: { 'x-csrf-token': await csrfToken(request) }, multipart });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

function uploadSong(request: APIRequestContext, name: string, seed: number): Promise<Song> {
  return post<Song>(request, '/api/songs/new', {
    song_name: name,
    song_cover_url: { name: 'cover.png', mimeType: 'image/png', buffer: renderCover({ seed, title: name, size: 64 }) },
    song_file_url: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: synthesizeSong({ seed, seconds: 6 }) },
  });
}

test.describe('user pages', () => {
  test('an artist’s name leads to their page: songs most played first, albums, public playlists, Play all', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const artistAccount = uniqueAccount('artist');
    const tag = artistAccount.username.split('_')[1]!;
    const names = { quiet: `Quiet One ${tag}`, hit: `Big Hit ${tag}`, album: `Debut ${tag}`, open: `Open Mix ${tag}`, hidden: `Secret Mix ${tag}` };
    const artist = await signUp(browser, baseURL!, artistAccount);
    const listener = await signUp(browser, baseURL!, uniqueAccount('listener'));
    try {
      // The artist's catalog, made through the API as the forms would: the quiet song first, so by id it comes first.
      const quiet = await uploadSong(artist.page.request, names.quiet, 31);
      const hit = await uploadSong(artist.page.request, names.hit, 32);
      const album = await post<Album>(artist.page.request, '/api/albums/new', {
        album_name: names.album,
        album_cover_url: { name: 'album.png', mimeType: 'image/png', buffer: renderCover({ seed: 33, title: names.album, size: 64 }) },
      });
      const added = await artist.page.request.put(`/api/albums/${album.id}/add`, { headers: { 'x-csrf-token': await csrfToken(artist.page.request) }, multipart: { song_id: quiet.id } });
      expect(added.ok(), await added.text()).toBe(true);
      await post<Playlist>(artist.page.request, '/api/playlists/new', { playlist_name: names.open, private: 'false' });
      const hidden = await post<Playlist>(artist.page.request, '/api/playlists/new', { playlist_name: names.hidden, private: 'true' });
      // A play of the later song, reported as the player does: it now comes first on the artist's page.
      const played = await listener.page.request.post('/api/plays', { headers: { 'x-csrf-token': await csrfToken(listener.page.request) }, data: { song_id: hit.id } });
      expect(played.status(), await played.text()).toBe(201);

      const page = listener.page;
      await test.step('the artist’s name on an album’s song row leads to their page', async () => {
        await page.goto(`/albums/${album.id}`);
        await waitForRegionsSettled(page);
        await page.getByLabel(`Songs of ${names.album}`).getByRole('link', { name: artistAccount.username, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/users/${artist.user.id}$`));
        await expect(page.getByRole('heading', { level: 1, name: artistAccount.username })).toBeVisible();
        await expect(page).toHaveTitle(/^Profile \| Tunafy$/);
      });

      await test.step('shows their songs most played first, their album and only their public playlist', async () => {
        const songs = page.getByLabel(`Songs by ${artistAccount.username}`);
        await expect(songs.locator('a[href^="/songs/"]')).toHaveText([names.hit, names.quiet]);
        const albums = page.getByRole('region', { name: 'Albums', exact: true });
        await expect(albums.getByRole('link', { name: `${names.album} By ${artistAccount.username}` })).toBeVisible();
        const playlists = page.getByRole('region', { name: 'Playlists', exact: true });
        await expect(playlists.getByRole('link', { name: new RegExp(names.open) })).toBeVisible();
        await expect(page.getByText(names.hidden)).toHaveCount(0);
        await expect(page.getByText('1 public playlist', { exact: true })).toBeVisible();
        // The API agrees: the private playlist is not there for this viewer.
        const answer = (await (await page.request.get(`/api/users/${artist.user.id}/playlists`)).json()) as { playlists: Playlist[] };
        expect(answer.playlists.map((playlist) => playlist.id)).not.toContain(hidden.id);
        await waitForRegionsSettled(page);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });

      await test.step('Play all starts playback of their songs in that order', async () => {
        await recordPlayerCommands(page);
        await page.getByRole('button', { name: `Play all songs by ${artistAccount.username}` }).click();
        await expect.poll(async () => (await recordedPlayerCommands<{ type: string }>(page)).length).toBe(1);
        const [command] = await recordedPlayerCommands<{ type: string; index: number; source: string; songs: { id: string }[] }>(page);
        expect(command).toMatchObject({ type: 'play-list', index: 0, source: `user:${artist.user.id}` });
        expect(command!.songs.map((song) => song.id)).toEqual([hit.id, quiet.id]);
        if (hasRemote('mf-player')) {
          // The player took the list: it plays, the page's button turns into Pause and the bar names the song.
          await expect(page.getByRole('button', { name: `Pause all songs by ${artistAccount.username}` })).toBeVisible();
          await expect(page.getByRole('region', { name: 'Player' }).getByRole('link', { name: names.hit, exact: true })).toBeVisible();
        }
      });

      await test.step('the artist sees their private playlist on their own page, marked as only theirs', async () => {
        await artist.page.goto(`/users/${artist.user.id}`);
        const playlists = artist.page.getByRole('region', { name: 'Playlists', exact: true });
        await expect(playlists.getByRole('link', { name: new RegExp(names.hidden) })).toBeVisible();
        await expect(playlists).toContainText('Your private playlists show here only for you.');
      });

      await test.step('an id no user has shows a clean not-found state', async () => {
        await page.goto('/users/000000000000000000000000');
        await expect(page.getByRole('heading', { name: 'This user isn’t here' })).toBeVisible();
      });
    } finally {
      await artist.page.context().close();
      await listener.page.context().close();
    }
  });
});
