import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_CREDENTIALS } from '@tunafy/contracts';
import { builtRemotes } from './stack.js';

export { expect };

/** Every spec talks to the stack the global setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.TUNAFY_E2E_BASE_URL;
    if (!url) throw new Error('TUNAFY_E2E_BASE_URL is not set: run the specs through `playwright test` (global-setup starts the stack).');
    await use(url);
  },
});

/** Whether a remote's production build exists; specs that need it call `test.skip(!hasRemote(...))`. */
export function hasRemote(folder: 'mf-auth' | 'mf-library' | 'mf-player'): boolean {
  return builtRemotes().includes(folder);
}

/** Logs the page's context in through the API (cookies land in the browser context), not through the UI. */
export async function logInAsDemo(request: APIRequestContext): Promise<void> {
  const csrf = await request.get('/api/auth/csrf');
  const { csrf_token: token } = (await csrf.json()) as { csrf_token: string };
  const login = await request.post('/api/auth/login', {
    headers: { 'x-csrf-token': token },
    data: { email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

/** Waits until no region is still loading: each remote region shows its screen or its fallback. */
export async function waitForRegionsSettled(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('.tf-splash')).toHaveCount(0);
}

/** Every player:command from now on, read from the page's one bus (see recordedPlayerCommands). */
export async function recordPlayerCommands(page: Page): Promise<void> {
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
