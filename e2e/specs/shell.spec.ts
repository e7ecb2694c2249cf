import { createRequire } from 'node:module';
import { findFreePort, frontendApps, startGateway, type RunningGateway } from '@tunafy/stack';
import { DEMO_CREDENTIALS } from '@tunafy/contracts';
import { publishOnBus } from '../support/bus.js';
import { expect, hasRemote, logInAsDemo, seriousA11yViolations, test, waitForRegionsSettled } from '../support/fixtures.js';

const BANNER_TEXT = 'Sign up to get unlimited songs. No credit card needed.';
const SIDEBAR_ITEMS = ['Your Library', 'All Songs', 'Liked Songs', 'Create Song', 'Create Album', 'Create Playlist', 'Upload Music'];

test.describe('guest', () => {
  test('sees the layout and the preview banner', async ({ page }) => {
    // A guest's visit logs nothing as an error: the session check answers a guest without an error status (issue 31).
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await waitForRegionsSettled(page);
    expect(errors, 'console errors on a guest\'s first visit').toEqual([]);
    const banner = page.getByRole('complementary', { name: 'Sign up' });
    await expect(banner).toContainText(BANNER_TEXT);
    await banner.getByRole('link', { name: 'Sign Up Free' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.goto('/');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const name of SIDEBAR_ITEMS) await expect(sidebar.getByRole('link', { name })).toBeVisible();
    // This stack's gateway sets no TUNAFY_SOURCE_URL or TUNAFY_CREDITS: no credits, rather than links to nowhere.
    await expect(sidebar.getByRole('link', { name: 'Source code' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'Log In', exact: true })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go forward' })).toBeVisible();
  });

  test('has no sidebar, banner or player on /login and /signup', async ({ page }) => {
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByText(BANNER_TEXT)).toHaveCount(0);
    }
  });

  test('back and forward buttons walk the history', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Go forward' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('profile menu works with the keyboard', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Profile' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Profile' });
    await expect(menu.getByRole('menuitem', { name: 'Log In' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Sign Up' })).toBeFocused();
    // Typeahead: a letter goes to the item that starts with it.
    await page.keyboard.press('l');
    await expect(menu.getByRole('menuitem', { name: 'Log In' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('clicking a sidebar item asks to log in; its Log In goes to /login', async ({ page }) => {
    test.skip(!hasRemote('mf-auth'), 'the "Please log in" modal is rendered by mf-auth, which is not built');
    await page.goto('/');
    await waitForRegionsSettled(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Songs' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Please log in');
    await expect(page).toHaveURL(/\/$/);
    await dialog.getByRole('link', { name: 'Log In' }).or(dialog.getByRole('button', { name: 'Log In' })).first().click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('home page has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/');
    await waitForRegionsSettled(page);
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core') });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
      return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
    });
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
  });
});

test.describe('an instance whose operator set credits and a source link', () => {
  let gateway: RunningGateway;

  test.beforeAll(async () => {
    // Same API and builds, behind a gateway given the instance settings deploy/README.md describes.
    gateway = await startGateway({
      apiUrl: process.env.TUNAFY_E2E_API_URL!,
      apps: frontendApps(),
      env: { TUNAFY_SOURCE_URL: 'https://git.example.org/tunafy', TUNAFY_CREDITS: 'Ada Lovelace=https://github.com/ada; Grace Hopper=https://gitlab.com/grace' },
      log: () => undefined,
    });
  });
  test.afterAll(async () => gateway?.stop());

  test('the sidebar credits them and links the source code', async ({ page }) => {
    await page.goto(`${gateway.url}/`);
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    const credits = sidebar.getByRole('list', { name: 'Credits' });
    await expect(credits.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', 'https://github.com/ada');
    await expect(credits.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', 'https://gitlab.com/grace');
    await expect(sidebar.getByRole('link', { name: 'Source code' })).toHaveAttribute('href', 'https://git.example.org/tunafy');
  });
});

test.describe('logged-in user', () => {
  test('session is restored before the layout renders, and Log Out returns to / as a guest', async ({ page }) => {
    await logInAsDemo(page.request);
    // Record whether the guest banner ever reached the DOM: it must not flash for a logged-in user.
    await page.addInitScript((text) => {
      const seen = { banner: false };
      (window as unknown as { __bannerSeen: typeof seen }).__bannerSeen = seen;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes(text)) seen.banner = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, BANNER_TEXT);
    await page.goto('/songs');
    const profile = page.getByRole('button', { name: `Profile: ${DEMO_CREDENTIALS.username}` });
    await expect(profile).toBeVisible();
    await waitForRegionsSettled(page);
    expect(await page.evaluate(() => (window as unknown as { __bannerSeen: { banner: boolean } }).__bannerSeen.banner)).toBe(false);
    await expect(page.getByRole('link', { name: 'Log In', exact: true })).toHaveCount(0);

    await profile.click();
    await expect(page.getByText(DEMO_CREDENTIALS.email)).toBeVisible();
    // The open menu, with the user's name and email above its item, is sound for assistive technology too.
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(BANNER_TEXT)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In', exact: true })).toBeVisible();
    const session = await page.request.get('/api/auth/');
    expect(session.status()).toBe(401);
  });

  test('sidebar items navigate instead of asking to log in', async ({ page }) => {
    await logInAsDemo(page.request);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked Songs', exact: true }).click();
    await expect(page).toHaveURL(/\/collection\/tracks$/);
    await expect(page).toHaveTitle('Liked Songs | Tunafy');
  });
});

test.describe('federation', () => {
  test('shared singletons are loaded once and the remote joins the page bus', async ({ page }) => {
    test.skip(!hasRemote('mf-auth'), 'needs a built remote to share with');
    await page.goto('/login');
    await waitForRegionsSettled(page);
    const shares = await page.evaluate(() => {
      type Share = { loaded?: boolean; from: string; treeShaking?: { loaded?: boolean } };
      type ShareMap = Record<string, Record<string, Record<string, Record<string, Share>>>>;
      const federation = (globalThis as unknown as { __FEDERATION__: { __SHARE__: ShareMap } }).__FEDERATION__;
      const loaded: Record<string, string[]> = {};
      for (const scopes of Object.values(federation.__SHARE__)) {
        for (const packages of Object.values(scopes)) {
          for (const [name, versions] of Object.entries(packages)) {
            for (const [version, share] of Object.entries(versions)) {
              // react-router and rxjs are shared tree-shaken (tools/federation/shared.cjs): their loaded copy is the tree-shaken one.
              const copy = share.loaded ? 'full' : share.treeShaking?.loaded ? 'tree-shaken' : null;
              const entry = `${version}@${share.from} (${copy})`;
              if (copy && !loaded[name]?.includes(entry)) (loaded[name] ??= []).push(entry);
            }
          }
        }
      }
      return loaded;
    });
    for (const name of ['react', 'react-dom', 'react-router', 'rxjs', '@tunafy/event-bus', '@tunafy/api-client']) {
      expect(shares[name] ?? [], name).toHaveLength(1);
    }
    expect(shares['react-router']![0]).toMatch(/@shell \(tree-shaken\)$/);
    expect(shares['rxjs']![0]).toMatch(/@shell \(tree-shaken\)$/);
    // The remote's modals listen on the bus the shell created: publishing on the page's one bus opens them.
    await page.goto('/');
    await waitForRegionsSettled(page);
    await publishOnBus(page, 'ui:open-modal', { modal: 'please-log-in' });
    await expect(page.getByRole('dialog')).toContainText('Please log in');
  });

  test.describe('when a remote is down', () => {
    let deadGateway: RunningGateway;

    test.beforeAll(async () => {
      // Same API and builds, but /remotes.json sends mf_auth to a port nobody listens on.
      const deadPort = await findFreePort();
      deadGateway = await startGateway({
        apiUrl: process.env.TUNAFY_E2E_API_URL!,
        apps: frontendApps(),
        env: {},
        remotes: [{ name: 'mf_auth', entry: `http://127.0.0.1:${deadPort}/mf-manifest.json` }],
        log: () => undefined,
      });
    });
    test.afterAll(async () => deadGateway?.stop());

    test('its region shows a fallback with Retry while the rest keeps working', async ({ page }) => {
      await page.goto(`${deadGateway.url}/login`);
      const fallback = page.getByRole('alert', { name: 'Log in unavailable' });
      await expect(fallback).toContainText('Log in is unavailable right now.');
      await fallback.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('alert', { name: 'Log in unavailable' })).toBeVisible();

      await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByRole('alert', { name: 'Sign up unavailable' })).toBeVisible();
      await page.getByRole('button', { name: 'Go back' }).click();
      await expect(page).toHaveURL(/\/login$/);

      await page.goto(`${deadGateway.url}/`);
      await expect(page.getByText(BANNER_TEXT)).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Songs' }).click();
      await expect(page.getByText('Log-in is unavailable right now. Please try again in a moment.')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test('Retry loads a remote that failed the first time', async ({ page }) => {
    test.skip(!hasRemote('mf-auth'), 'needs the built mf-auth');
    await page.route('**/mf-auth/mf-manifest.json', (route) => route.abort());
    await page.goto('/login');
    const fallback = page.getByRole('alert', { name: 'Log in unavailable' });
    await expect(fallback).toBeVisible();
    await page.unroute('**/mf-auth/mf-manifest.json');
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert', { name: 'Log in unavailable' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Demo User' })).toBeVisible();
  });
});
