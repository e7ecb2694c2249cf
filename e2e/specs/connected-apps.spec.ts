import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, hasRemote, seriousA11yViolations, signUpThroughApi, test, uniqueAccount, waitForRegionsSettled, type Account } from '../support/fixtures.js';

// Issue 26: a user makes an app password on Connected apps, a Subsonic app signs in with it at /rest/, and revoking it
// in the UI shuts that app out. Production builds, real gateway, API and database; the "app" is Playwright's request
// context, without the browser's cookies.
test.skip(!hasRemote('mf-auth'), 'mf-auth is not built (npm run build -w @tunafy/mf-auth)');

interface SubsonicAnswer {
  'subsonic-response': { status: 'ok' | 'failed'; version: string; error?: { code: number; message: string } };
}

/** What an app sends first: `ping` with the plain-password scheme, JSON. Subsonic answers HTTP 200 even for a refusal. */
async function ping(request: APIRequestContext, username: string, password: string): Promise<SubsonicAnswer['subsonic-response']> {
  const query = new URLSearchParams({ u: username, p: password, v: '1.16.1', c: 'e2e', f: 'json' });
  const response = await request.get(`/rest/ping.view?${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as SubsonicAnswer)['subsonic-response'];
}

async function signUp(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await signUpThroughApi(context.request, account);
  return context.newPage();
}

async function openConnectedAppsFromTheMenu(page: Page, username: string): Promise<void> {
  await page.goto('/');
  await waitForRegionsSettled(page);
  await page.getByRole('button', { name: `Profile: ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Connected apps' }).click();
  await expect(page).toHaveURL(/\/settings\/apps$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connected apps' })).toBeVisible();
  await waitForRegionsSettled(page);
}

/** Creates an app password through the form and reads its secret from the once-shown box. */
async function createAppPassword(page: Page, name: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create app password' }).click();
  const box = page.getByRole('region', { name: `New app password for “${name}”` });
  await expect(box).toContainText('It will not be shown again.');
  const secret = (await box.locator('[data-secret]').textContent())?.trim() ?? '';
  expect(secret.length).toBeGreaterThan(8);
  return secret;
}

test.describe('Connected apps', () => {
  test('an app password signs a Subsonic app in, and revoking it in the UI shuts the app out', async ({ browser, baseURL, request }) => {
    test.setTimeout(90_000);
    const account = uniqueAccount('apps');
    const page = await signUp(browser, baseURL!, account);
    try {
      await test.step('the profile menu leads to Connected apps, which says what to type into an app', async () => {
        await openConnectedAppsFromTheMenu(page, account.username);
        const connect = page.getByRole('region', { name: 'Connect an app' });
        await expect(connect).toContainText(new URL(baseURL!).origin);
        await expect(connect).toContainText(account.username);
        await expect(page.getByRole('heading', { name: 'No app passwords yet' })).toBeVisible();
      });

      const secret = await test.step('create “Test phone”: its secret is shown once', async () => {
        const password = await createAppPassword(page, 'Test phone');
        const list = page.getByRole('region', { name: 'Your app passwords' });
        await expect(list.getByRole('listitem')).toHaveCount(1);
        await expect(list.getByRole('listitem')).toContainText('Never used');
        await expect(list).not.toContainText(password);
        expect(await seriousA11yViolations(page), 'axe on Connected apps with a new secret').toEqual([]);
        return password;
      });

      await test.step('an app signs in with it: ping answers "ok", and the list shows it was used', async () => {
        const answer = await ping(request, account.username, secret);
        expect(answer.status, JSON.stringify(answer)).toBe('ok');
        // The web password is not an app password.
        const refused = await ping(request, account.username, account.password);
        expect([refused.status, refused.error?.code]).toEqual(['failed', 40]);
        await page.reload();
        await expect(page.getByRole('region', { name: 'Your app passwords' }).getByRole('listitem')).toContainText('by e2e');
      });

      await test.step('revoke it after confirming: the row goes, it is announced, and the app is refused (code 40)', async () => {
        await page.getByRole('button', { name: 'Revoke Test phone' }).click();
        const dialog = page.getByRole('dialog', { name: 'Revoke app password?' });
        await expect(dialog).toContainText('“Test phone” will stop working');
        await dialog.getByRole('button', { name: 'Revoke' }).click();
        await expect(dialog).toBeHidden();
        const list = page.getByRole('region', { name: 'Your app passwords' });
        await expect(list.getByRole('status')).toHaveText('“Test phone” was revoked. Apps that used it can no longer sign in.');
        await expect(list.getByRole('listitem')).toHaveCount(0);
        const answer = await ping(request, account.username, secret);
        expect([answer.status, answer.error?.code], JSON.stringify(answer)).toEqual(['failed', 40]);
      });

      await test.step('the help page names the apps and the settings', async () => {
        await page.getByRole('link', { name: 'Which apps work, and how to set them up' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Listen in other apps' })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Apps that work' })).toContainText('Symfonium');
        expect(await seriousA11yViolations(page), 'axe on Listen in other apps').toEqual([]);
      });
    } finally {
      await page.context().close();
    }
  });

  test('a guest who opens the address is asked to log in', async ({ page }) => {
    await page.goto('/settings/apps');
    await waitForRegionsSettled(page);
    await expect(page.getByRole('heading', { name: 'Please log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  });

  test.describe('at a phone size', () => {
    test('the top bar’s profile menu opens Connected apps; it fits the screen with a new secret shown', async ({ browser, baseURL }) => {
      test.setTimeout(60_000);
      const account = uniqueAccount('appsphone');
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      await signUpThroughApi(context.request, account);
      const page = await context.newPage();
      try {
        await openConnectedAppsFromTheMenu(page, account.username);
        await createAppPassword(page, 'Symfonium on my phone with a long name');
        const overflow = await page.evaluate(() => {
          const scroller = document.getElementById('tf-main')?.parentElement ?? document.documentElement;
          return { page: document.documentElement.scrollWidth - window.innerWidth, main: scroller.scrollWidth - scroller.clientWidth };
        });
        expect(overflow, 'sideways overflow at 390 px').toEqual({ page: 0, main: 0 });
        expect(await seriousA11yViolations(page), 'axe at 390 px').toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
