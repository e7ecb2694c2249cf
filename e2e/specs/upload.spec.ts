import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { IMPORT_MESSAGES } from '@tunafy/contracts';
import { testPicture, writeAudio } from '../../services/api/src/test/test-audio.js';
import { expect, hasRemote, test, waitForRegionsSettled } from '../support/fixtures.js';

// The upload screen end to end (issue 13, docs/import.md "The upload screen"): a folder of tagged files of several
// formats, made with ffmpeg during the run, chosen with the folder picker, reviewed, uploaded, then heard on its album.
test.skip(!hasRemote('mf-library'), 'mf-library is not built (npm run build -w @tunafy/mf-library)');

/** A two-disc album, its files in no useful order on disk; the album must come out by disc, then track. */
const TRACKS = [
  { file: '2-01 - Fifth Light.opus', format: 'opus', title: 'Fifth Light', track: 1, disc: 2 },
  { file: '02 - Second Light.m4a', format: 'aac', title: 'Second Light', track: 2, disc: 1 },
  { file: '01 - First Light.flac', format: 'flac', title: 'First Light', track: 1, disc: 1, picture: true },
  { file: '04 - Fourth Light.ogg', format: 'vorbis', title: 'Fourth Light', track: 4, disc: 1 },
  { file: '03 - Third Light.mp3', format: 'mp3', title: 'Third Light', track: 3, disc: 1 },
] as const;

async function signUp(page: Page, tag: string): Promise<void> {
  const { csrf_token: token } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrf_token: string };
  const account = { email: `upload-${tag}@example.com`, username: `upload_${tag}`, password: `pw-${tag}-secret` };
  const signup = await page.request.post('/api/auth/signup', { headers: { 'x-csrf-token': token }, data: account });
  expect(signup.ok(), await signup.text()).toBe(true);
}

/** The src of each player <audio> that is playing and has moved past its start. */
function playingSources(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAudioElement>('audio[data-tunafy-player]'))
      .filter((audio) => !audio.paused && audio.currentTime > 0)
      .map((audio) => audio.currentSrc || audio.src),
  );
}

test('a folder of tagged files becomes one album in track order, and it plays', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const album = `Upload Test ${tag}`;
  const root = mkdtempSync(join(tmpdir(), 'tunafy-e2e-upload-'));
  try {
    const folder = join(root, album);
    for (const [at, track] of TRACKS.entries()) {
      await writeAudio(join(folder, track.file), {
        format: track.format,
        title: track.title,
        album,
        track: track.track,
        disc: track.disc,
        year: 2024,
        genre: 'Ambient',
        picture: 'picture' in track ? testPicture(tag) : undefined,
        frequency: 300 + at * 50 + (parseInt(tag.slice(0, 4), 16) % 200),
      });
    }
    writeFileSync(join(folder, 'notes.flac'), 'These are liner notes, not audio, whatever the name says.');

    await signUp(page, tag);
    await page.goto('/upload');
    await waitForRegionsSettled(page);
    await expect(page.getByRole('heading', { name: 'Upload Music' })).toBeVisible();
    await page.getByLabel('Choose a folder').setInputFiles(folder);

    // The review shows what the tags say before anything is stored, and judges the fake FLAC by its bytes.
    await expect(page.getByText(/6 files: 5 ready, 1 with problems/)).toBeVisible();
    for (const track of TRACKS) {
      await expect(page.getByRole('textbox', { name: `Title of ${track.file}` })).toHaveValue(track.title);
      await expect(page.getByRole('textbox', { name: `Album of ${track.file}` })).toHaveValue(album);
      await expect(page.getByRole('textbox', { name: `Track of ${track.file}` })).toHaveValue(String(track.track));
      await expect(page.getByRole('textbox', { name: `Disc of ${track.file}` })).toHaveValue(String(track.disc));
    }
    await expect(page.getByRole('row', { name: /01 - First Light\.flac/ }).getByText('From the file')).toBeVisible();
    await expect(page.getByRole('row', { name: /notes\.flac/ }).getByText(IMPORT_MESSAGES.unsupportedFormat)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Genre of 03 - Third Light.mp3' })).toHaveValue('Ambient');

    await page.getByRole('button', { name: 'Upload 5 files' }).click();
    await expect(page.getByRole('heading', { name: 'Uploads' })).toBeFocused();
    await expect(page.getByRole('progressbar', { name: /of 5 uploaded/ })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: '5 of 5 uploaded' })).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
    await expect(page.getByText(/^Imported:/)).toHaveCount(5);

    await page.getByRole('link', { name: album }).first().click();
    await expect(page.getByRole('heading', { name: album, level: 1 })).toBeVisible();
    const songs = page.getByRole('grid', { name: `Songs of ${album}` });
    await expect(songs.getByRole('row')).toHaveCount(5);
    await expect(songs.getByRole('link', { name: /Light$/ })).toHaveText(['First Light', 'Second Light', 'Third Light', 'Fourth Light', 'Fifth Light']);

    // Its FLAC and M4A tracks play in Chromium (when the player remote is deployed): each one's audio moves.
    if (hasRemote('mf-player')) {
      for (const title of ['First Light', 'Second Light']) {
        const { songId } = await songs.getByRole('link', { name: title, exact: true }).evaluate((link) => ({ songId: link.getAttribute('href')!.split('/').pop()! }));
        await songs.getByRole('button', { name: new RegExp(`^Play ${title} by `) }).click();
        const { song_file_url: audioUrl } = (await (await page.request.get(`/api/songs/${songId}`)).json()) as { song_file_url: string };
        await expect.poll(() => playingSources(page), { timeout: 45_000 }).toContainEqual(expect.stringContaining(audioUrl));
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('files dropped anywhere on the library open the upload screen with them', async ({ page }) => {
  await signUp(page, randomBytes(4).toString('hex'));
  await page.goto('/songs');
  await waitForRegionsSettled(page);
  // A drop as the browser makes it from the desktop, built in the page (Playwright cannot drag files from the OS).
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['not audio at all'], 'dropped.flac', { type: 'audio/flac' }));
    return data;
  });
  await page.locator('main').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.locator('main').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('row', { name: /dropped\.flac/ }).getByText(IMPORT_MESSAGES.unsupportedFormat)).toBeVisible();
});
