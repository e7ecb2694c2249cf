import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { songStreamUrl, type ImportResponse, type Song } from '@tunafy/contracts';
import { toQueueItem, type PlayerCommand } from '@tunafy/event-bus';
import { publishOnBus } from '../support/bus.js';

import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { csrfToken, expect, hasRemote, signUpThroughApi, test, uniqueAccount } from '../support/fixtures.js';

/*
 * Issue 27 end to end (docs/streaming.md): an ALAC file (Chromium plays none) and a FLAC play at every streaming
 * quality through the API's transcoder, a seek into a song still being transcoded, a quality change taking effect on
 * the next song, and volume normalization bringing two songs 12 dB apart together, measured on the audio the player
 * sends out (a Web Audio analyser tapped in front of the speakers). Real ffmpeg, API, database and Chromium.
 */
test.skip(!hasRemote('mf-library') || !hasRemote('mf-player'), 'needs mf-library and mf-player built (npm run build)');
test.describe.configure({ mode: 'serial' });
// Bus commands carry no user gesture; a listener's click on a row gives one.
test.use({ launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] } });

const run = promisify(execFile);
const tag = randomBytes(3).toString('hex');
const root = mkdtempSync(join(tmpdir(), 'tunafy-e2e-streaming-'));
test.afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A tone of `seconds` peaking at `level` dBFS (ffmpeg's sine peaks at −18 dBFS; a sine's loudness is ~its peak − 3 LUFS), tagged, encoded as `codec`. */
async function tone(file: string, { title, seconds, level, frequency, codec }: { title: string; seconds: number; level: number; frequency: number; codec: 'alac' | 'flac' }): Promise<string> {
  const path = join(root, file);
  const codecArgs = codec === 'alac' ? ['-c:a', 'alac', '-f', 'ipod'] : ['-c:a', 'flac', '-f', 'flac'];
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`, '-af', `volume=${level + 18}dB`, '-ac', '2', '-metadata', `title=${title}`, '-metadata', `artist=Streaming ${tag}`, ...codecArgs, path]);
  return path;
}

async function upload(request: APIRequestContext, path: string): Promise<Song> {
  const response = await request.post('/api/uploads/songs', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    multipart: { file: { name: basename(path), mimeType: 'application/octet-stream', buffer: readFileSync(path) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as ImportResponse).song;
}

interface Songs {
  alac: Song;
  flac: Song;
  /** Six minutes, for seeking to 3:00 while the transcode is still at its start. */
  long: Song;
  loud: Song;
  quiet: Song;
}
let songs: Songs;
const account = uniqueAccount('streaming');

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: process.env.TUNAFY_E2E_BASE_URL });
  await signUpThroughApi(request, account);
  songs = {
    alac: await upload(request, await tone('alac.m4a', { title: `Apple Lossless ${tag}`, seconds: 20, level: -12, frequency: 330, codec: 'alac' })),
    flac: await upload(request, await tone('flac.flac', { title: `Free Lossless ${tag}`, seconds: 20, level: -12, frequency: 440, codec: 'flac' })),
    long: await upload(request, await tone('long.flac', { title: `Long Lossless ${tag}`, seconds: 360, level: -12, frequency: 550, codec: 'flac' })),
    loud: await upload(request, await tone('loud.flac', { title: `Loud Tone ${tag}`, seconds: 12, level: -6, frequency: 1000, codec: 'flac' })),
    quiet: await upload(request, await tone('quiet.flac', { title: `Quiet Tone ${tag}`, seconds: 12, level: -18, frequency: 1000, codec: 'flac' })),
  };
  expect(songs.alac.audio_format).toBe('alac');
  // Loudness is measured in the background after an upload; the tones are short, so it lands within seconds.
  for (const key of ['loud', 'quiet'] as const) {
    await expect
      .poll(async () => ((await (await request.get(`/api/songs/${songs[key].id}`)).json()) as Song).loudness ?? null, { message: `${key} measured`, timeout: 60_000 })
      .not.toBeNull();
    songs[key] = (await (await request.get(`/api/songs/${songs[key].id}`)).json()) as Song;
  }
  await request.dispose();
});

test.beforeEach(async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { headers: { 'x-csrf-token': await csrfToken(page.request) }, data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
});

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const send = (page: Page, command: PlayerCommand) => publishOnBus(page, 'player:command', command);

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(bar(page)).toBeVisible();
}

/** Chooses a setting in the player's Playback settings dialog, as a listener does, and closes it. */
async function choose(page: Page, group: 'Streaming quality' | 'Volume normalization', option: RegExp): Promise<void> {
  await bar(page).getByRole('button', { name: 'Playback settings' }).click();
  const dialog = page.getByRole('dialog', { name: /Playback settings/ });
  await dialog.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option }).check();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

interface Playing {
  src: string;
  currentTime: number;
  duration: number;
  paused: boolean;
  error: number | null;
}

/** The element that is playing (not paused), if any. */
function playing(page: Page): Promise<Playing | null> {
  return page.evaluate(() => {
    const audio = Array.from(document.querySelectorAll<HTMLAudioElement>('audio[data-tunafy-player]')).find((element) => !element.paused);
    return audio ? { src: audio.getAttribute('src') ?? '', currentTime: audio.currentTime, duration: audio.duration, paused: audio.paused, error: audio.error?.code ?? null } : null;
  });
}

/** `song` plays from `url` and its time advances; the bar shows the song's real length. */
async function expectPlays(page: Page, song: Song, url: string): Promise<void> {
  await expect(bar(page).getByRole('link', { name: song.song_name })).toBeVisible();
  await expect.poll(async () => (await playing(page))?.src, { message: `${song.song_name} plays from ${url}` }).toBe(url);
  const start = (await playing(page))!.currentTime;
  await expect.poll(async () => (await playing(page))?.currentTime ?? 0, { message: `${song.song_name} advances` }).toBeGreaterThan(start + 0.3);
  const element = (await playing(page))!;
  expect(element.error).toBeNull();
  expect(Math.abs(element.duration - song.duration), `the element's duration (${element.duration}) is the song's (${song.duration})`).toBeLessThan(1);
}

const playOne = (page: Page, song: Song) => send(page, { type: 'play-list', songs: [toQueueItem(song)], index: 0, source: `e2e:streaming:${song.id}` });

test('ALAC and FLAC play at every streaming quality, transcoded where needed', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  const cases: { quality: RegExp; alac: string; flac: string }[] = [
    { quality: /^Low/, alac: songStreamUrl(songs.alac.id, { format: 'mp3', maxBitRate: 96 }), flac: songStreamUrl(songs.flac.id, { maxBitRate: 96 }) },
    { quality: /^Normal/, alac: songStreamUrl(songs.alac.id, { format: 'mp3', maxBitRate: 160 }), flac: songStreamUrl(songs.flac.id, { maxBitRate: 160 }) },
    { quality: /^High/, alac: songStreamUrl(songs.alac.id, { format: 'mp3', maxBitRate: 320 }), flac: songStreamUrl(songs.flac.id, { maxBitRate: 320 }) },
    { quality: /^Original/, alac: songStreamUrl(songs.alac.id, { format: 'mp3', maxBitRate: 320 }), flac: songs.flac.song_file_url },
  ];
  for (const { quality, alac, flac } of cases) {
    await test.step(`${quality.source}`, async () => {
      await choose(page, 'Streaming quality', quality);
      await playOne(page, songs.alac);
      await expectPlays(page, songs.alac, alac);
      await playOne(page, songs.flac);
      await expectPlays(page, songs.flac, flac);
    });
  }
  // What the transcoded URL sends: mp3, the length the bar shows mapped onto bytes.
  const response = await page.request.get(songStreamUrl(songs.flac.id, { maxBitRate: 160 }));
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^audio\/mpeg/);
});

test('seeking to 3:00 in a song still being transcoded plays from there', async ({ page }) => {
  test.setTimeout(90_000);
  await openApp(page);
  await choose(page, 'Streaming quality', /^Normal/);
  await playOne(page, songs.long);
  await expectPlays(page, songs.long, songStreamUrl(songs.long.id, { maxBitRate: 160 }));
  await send(page, { type: 'seek', seconds: 180 });
  await expect.poll(async () => (await playing(page))?.currentTime ?? 0, { message: 'plays on from 3:00' }).toBeGreaterThan(180.5);
  expect((await playing(page))!.currentTime).toBeLessThan(200);
});

test('a quality change takes effect from the next song', async ({ page }) => {
  test.setTimeout(60_000);
  await openApp(page);
  await choose(page, 'Streaming quality', /^Original/);
  await send(page, { type: 'play-list', songs: [toQueueItem(songs.flac), toQueueItem(songs.alac)], index: 0, source: 'e2e:streaming:switch' });
  await expectPlays(page, songs.flac, songs.flac.song_file_url);
  await choose(page, 'Streaming quality', /^Low/);
  // The current song goes on from its own file…
  const now = (await playing(page))!;
  expect(now.src).toBe(songs.flac.song_file_url);
  await expect.poll(async () => (await playing(page))?.currentTime ?? 0).toBeGreaterThan(now.currentTime);
  // …and the next one comes at the new quality.
  await send(page, { type: 'next' });
  await expectPlays(page, songs.alac, songStreamUrl(songs.alac.id, { format: 'mp3', maxBitRate: 96 }));
});

/**
 * Taps the player's output: every node connected to the speakers is also connected to one analyser, so what it
 * hears is what the listener hears, after the player's own gain.
 */
async function tapOutput(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const connect = AudioNode.prototype.connect as (this: AudioNode, destination: AudioNode, output?: number, input?: number) => AudioNode;
    const analysers = new WeakMap<BaseAudioContext, AnalyserNode>();
    AudioNode.prototype.connect = function (this: AudioNode, destination: AudioNode | AudioParam, output?: number, input?: number) {
      if (destination instanceof AudioDestinationNode) {
        let analyser = analysers.get(this.context);
        if (!analyser) {
          analyser = this.context.createAnalyser();
          analyser.fftSize = 8192;
          analysers.set(this.context, analyser);
          (window as unknown as { __tunafyOutput: AnalyserNode }).__tunafyOutput = analyser;
        }
        connect.call(this, analyser);
      }
      return connect.call(this, destination as AudioNode, output, input);
    } as typeof AudioNode.prototype.connect;
  });
}

/** The output's mean power over `ms`, in dB (the tones are steady, so this is their level after the player's gain). */
function outputLevel(page: Page, ms = 2000): Promise<number> {
  return page.evaluate(async (duration) => {
    const analyser = (window as unknown as { __tunafyOutput?: AnalyserNode }).__tunafyOutput;
    if (!analyser) throw new Error('the player sends no audio through Web Audio');
    const samples = new Float32Array(analyser.fftSize);
    let power = 0;
    let count = 0;
    const end = performance.now() + duration;
    while (performance.now() < end) {
      analyser.getFloatTimeDomainData(samples);
      for (const sample of samples) power += sample * sample;
      count += samples.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 10 * Math.log10(power / count);
  }, ms);
}

async function levelsOf(page: Page): Promise<{ loud: number; quiet: number }> {
  await playOne(page, songs.loud);
  await expectPlays(page, songs.loud, songs.loud.song_file_url);
  const loud = await outputLevel(page);
  await playOne(page, songs.quiet);
  await expectPlays(page, songs.quiet, songs.quiet.song_file_url);
  const quiet = await outputLevel(page);
  return { loud, quiet };
}

test('volume normalization brings two songs 12 dB apart within 1 dB of each other', async ({ page }) => {
  test.setTimeout(90_000);
  await tapOutput(page);
  await openApp(page);
  await choose(page, 'Streaming quality', /^Original/);

  await choose(page, 'Volume normalization', /^Normal/);
  const normal = await levelsOf(page);

  await choose(page, 'Volume normalization', /^Off/);
  const off = await levelsOf(page);
  // The measurement itself: with normalization off the two are as far apart as they were made.
  expect(off.loud - off.quiet, JSON.stringify(off)).toBeGreaterThan(11);
  expect(off.loud - off.quiet, JSON.stringify(off)).toBeLessThan(13);
  test.info().annotations.push({ type: 'levels', description: JSON.stringify({ off, normal }) });
  expect(Math.abs(normal.loud - normal.quiet), JSON.stringify(normal)).toBeLessThan(1);
});
