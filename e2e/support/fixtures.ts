import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_CREDENTIALS, type ImportResponse, type Playlist, type SessionUser, type Song } from '@tunafy/contracts';
import { builtRemotes } from './stack.js';
import { waitForBus } from './bus.js';

export { expect };

/** Every spec talks to the stack the global setup started. */
export const test = base.extend<{ expectedPageErrors: RegExp[] }>({
  /** Uncaught exceptions a spec provokes on purpose (a remote serving broken JavaScript): the page fixture lets them be. */
  expectedPageErrors: [[], { option: true }],
  baseURL: async ({}, use) => {
    const url = process.env.TUNAFY_E2E_BASE_URL;
    if (!url) throw new Error('TUNAFY_E2E_BASE_URL is not set: run the specs through `playwright test` (global-setup starts the stack).');
    await use(url);
  },
  // An uncaught exception in the page fails the spec that met it: a store that threw on every logged-in page (1d8db57)
  // passed every journey, since the screens still drew, and only Lighthouse's best-practices score showed it.
  page: async ({ page, expectedPageErrors }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => {
      const text = `${error.name}: ${error.message}`;
      if (!expectedPageErrors.some((expected) => expected.test(text))) errors.push(text);
    });
    await use(page);
    expect(errors, 'uncaught exceptions in the page').toEqual([]);
  },
});

/** Whether a remote's production build exists; specs that need it call `test.skip(!hasRemote(...))`. */
export function hasRemote(folder: 'mf-auth' | 'mf-library' | 'mf-player'): boolean {
  return builtRemotes().includes(folder);
}

/** The session's CSRF token; every unsafe request sends it back in x-csrf-token. */
export async function csrfToken(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/auth/csrf')).json()) as { csrf_token: string }).csrf_token;
}

/** Logs the page's context in through the API (cookies land in the browser context), not through the UI. */
export async function logInAsDemo(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    data: { email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

export interface Account {
  email: string;
  username: string;
  password: string;
}

/** Credentials no other run used: the database is shared between specs and runs. */
export function uniqueAccount(prefix: string): Account {
  const tag = randomBytes(4).toString('hex');
  return { email: `${prefix}-${tag}@example.com`, username: `${prefix}_${tag}`, password: `pw-${tag}-secret` };
}

/** Signs the account up through the API, not the UI; the session cookies land in the request's context. */
export async function signUpThroughApi(request: APIRequestContext, account: Account): Promise<SessionUser> {
  const signup = await request.post('/api/auth/signup', { headers: { 'x-csrf-token': await csrfToken(request) }, data: account });
  expect(signup.ok(), await signup.text()).toBe(true);
  return (await signup.json()) as SessionUser;
}

/** Uploads one tagged file through the bulk upload API, as Upload Music sends it, and answers its song. */
export async function uploadFileThroughApi(request: APIRequestContext, path: string): Promise<Song> {
  const response = await request.post('/api/uploads/songs', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    multipart: { file: { name: basename(path), mimeType: 'application/octet-stream', buffer: readFileSync(path) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as ImportResponse).song;
}

/** A public playlist of `songs`, in that order, made through the API by the user `request` is logged in as. */
export async function createPlaylistThroughApi(request: APIRequestContext, name: string, songs: readonly { id: string }[]): Promise<Playlist> {
  const token = await csrfToken(request);
  const created = await request.post('/api/playlists/new', { headers: { 'x-csrf-token': token }, multipart: { playlist_name: name, description: '', private: 'false' } });
  expect(created.status(), await created.text()).toBe(201);
  const playlist = (await created.json()) as Playlist;
  for (const song of songs) {
    const added = await request.put(`/api/playlists/${playlist.id}/add`, { headers: { 'x-csrf-token': token }, data: { song_id: song.id } });
    expect(added.ok(), await added.text()).toBe(true);
  }
  return playlist;
}

/** axe's serious and critical findings on the whole page (WCAG 2.1 A/AA and best practice). */
export async function seriousA11yViolations(page: Page) {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core') });
  const violations = await page.evaluate(async () => {
    type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Waits until no region is still loading: each remote region shows its screen or its fallback. */
export async function waitForRegionsSettled(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('.tf-splash')).toHaveCount(0);
}

/** Every player:command from now on, read from the page's one bus (see recordedPlayerCommands). */
export async function recordPlayerCommands(page: Page): Promise<void> {
  await waitForBus(page);
  await page.evaluate(() => {
    type Bus = { on: (name: string) => { subscribe: (next: (value: unknown) => void) => unknown } };
    const bus = (globalThis as unknown as Record<symbol, Bus>)[Symbol.for('tunafy.event-bus')];
    const seen: unknown[] = [];
    (window as unknown as { __playerCommands: unknown[] }).__playerCommands = seen;
    bus.on('player:command').subscribe((command) => seen.push(command));
  });
}

/** The commands seen since recordPlayerCommands, oldest first, in the shape the caller reads them. */
export function recordedPlayerCommands<T>(page: Page): Promise<T[]> {
  return page.evaluate(() => (window as unknown as { __playerCommands: unknown[] }).__playerCommands) as Promise<T[]>;
}
