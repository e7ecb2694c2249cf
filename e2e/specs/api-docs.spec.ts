import { expect, test } from '../support/fixtures.js';

/**
 * The API reference (`/api/docs`): Swagger UI from swagger-ui-dist's static files, rendering the document generated
 * from the zod contracts, under the API's Content-Security-Policy (no inline script), through the gateway.
 */
test('the API reference renders every operation of the generated document, and Try it out sends a CSRF token', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));

  const document = (await (await page.request.get('/api/docs/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
  expect(operations).toBeGreaterThan(40);

  await page.goto('/api/docs');
  await expect(page.locator('.opblock').first()).toBeVisible();
  await expect(page.locator('.opblock')).toHaveCount(operations);

  // A multipart form lists its file fields, required, as binary strings.
  const createSong = page.locator('#operations-songs-postSongsNew');
  await createSong.locator('.opblock-summary').click();
  for (const field of ['song_cover_url', 'song_file_url']) {
    await expect(createSong.getByRole('row', { name: new RegExp(`^${field} \\*required string\\(\\$binary\\)`) })).toBeVisible();
  }

  // A state-changing call from "Try it out": the page's initializer fetches a CSRF token first, so no 403.
  const logout = page.locator('#operations-auth-postAuthLogout');
  await logout.locator('.opblock-summary').click();
  await logout.getByRole('button', { name: 'Try it out' }).click();
  await logout.getByRole('button', { name: 'Execute' }).click();
  const status = logout.locator('.live-responses-table tbody .response-col_status').first();
  await expect(status).toHaveText('200');
  await expect(logout.locator('.live-responses-table tbody')).toContainText('Logged out.');

  expect(problems).toEqual([]);
});
