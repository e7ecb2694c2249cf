import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '@tunafy/api-client';
import type { AppPassword, AppPasswordsResponse, CreatedAppPassword, DeletedResponse } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { apiError, currentPath, deferred, installApiClient, renderAt } from '@tunafy/app-kit/test';
import { ANN } from '../../test/fake-api';
import ConnectedAppsPage from '../../app/connected-apps-page';

const PHONE: AppPassword = { id: 'p1', name: 'Symfonium on my phone', created_at: '2026-03-01T10:00:00.000Z', last_used_at: '2026-03-04T08:30:00.000Z', last_used_client: 'Symfonium' };
const LAPTOP: AppPassword = { id: 'p2', name: 'Feishin', created_at: '2026-02-01T10:00:00.000Z', last_used_at: null, last_used_client: null };

function stubApi(list: AppPassword[] = [PHONE, LAPTOP]) {
  return installApiClient({
    appPasswords: vi.fn<() => Promise<AppPasswordsResponse>>(async () => ({ app_passwords: list, username: 'ann' })),
    createAppPassword: vi.fn<(input: { name: string }) => Promise<CreatedAppPassword>>(),
    revokeAppPassword: vi.fn<(id: string) => Promise<DeletedResponse>>(async (id) => ({ id, deleted: true })),
  });
}

let api: ReturnType<typeof stubApi>;

function renderPage() {
  renderAt('/settings/apps', { '/settings/apps': <ConnectedAppsPage /> });
}

async function listed(): Promise<string[]> {
  const section = await screen.findByRole('region', { name: 'Your app passwords' });
  return within(section).queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

beforeEach(() => {
  api = stubApi();
  getEventBus().publish('auth:session', { user: ANN });
});

describe('Connected apps', () => {
  it('asks a guest to log in, and asks nothing of the API', async () => {
    getEventBus().publish('auth:session', { user: null });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Log In' }));
    expect(currentPath()).toBe('/login');
    expect(api.appPasswords).not.toHaveBeenCalled();
  });

  it('says what to type into an app (this origin, the username, an app password) and links the help page', async () => {
    renderPage();
    const connect = await screen.findByRole('region', { name: 'Connect an app' });
    expect(within(connect).getByText(window.location.origin)).toBeInTheDocument();
    expect(within(connect).getByRole('button', { name: 'Copy server URL' })).toBeInTheDocument();
    expect(within(connect).getByText('ann')).toBeInTheDocument();
    expect(connect).toHaveTextContent('Use an app password from below, not your Tunafy password.');
    await userEvent.click(within(connect).getByRole('link', { name: 'Which apps work, and how to set them up' }));
    expect(currentPath()).toBe('/settings/apps/help');
  });

  it('lists the app passwords, newest first, with when and by which app each was last used', async () => {
    renderPage();
    expect(await listed()).toEqual(['Symfonium on my phone', 'Feishin']);
    const [phone, laptop] = within(screen.getByRole('region', { name: 'Your app passwords' })).getAllByRole('listitem');
    expect(phone).toHaveTextContent(/Created Mar 1, 2026/);
    expect(phone).toHaveTextContent(/Last used Mar 4, 2026 by Symfonium/);
    expect(laptop).toHaveTextContent('Never used');
  });

  it('shows an empty state when there are none', async () => {
    api.appPasswords.mockResolvedValue({ app_passwords: [], username: 'ann' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No app passwords yet' })).toBeInTheDocument();
  });

  it('shows the shared schema’s message for an empty name, and sends nothing', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Create app password' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Name'), 'x'.repeat(61));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must be at most 60 characters.');
    expect(api.createAppPassword).not.toHaveBeenCalled();
  });

  it('shows a new secret once, in its own box with the warning, and lists the new one without it', async () => {
    const created: CreatedAppPassword = { id: 'p3', name: 'Test phone', created_at: '2026-03-05T09:00:00.000Z', last_used_at: null, last_used_client: null, password: 'tf_s3cret-value' };
    api.createAppPassword.mockResolvedValue(created);
    renderPage();
    await userEvent.type(await screen.findByLabelText('Name'), '  Test   phone ');
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    // The name is sent as the schema cleans it, as the API would store it.
    expect(api.createAppPassword).toHaveBeenCalledWith({ name: 'Test phone' });
    const box = await screen.findByRole('region', { name: 'New app password for “Test phone”' });
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription('Copy it now and type it into the app as its password. It will not be shown again.');
    expect(within(box).getByText('tf_s3cret-value')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Copy the app password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(await listed()).toEqual(['Test phone', 'Symfonium on my phone', 'Feishin']);
    expect(within(screen.getByRole('region', { name: 'Your app passwords' })).queryByText('tf_s3cret-value')).toBeNull();

    await userEvent.click(within(box).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('tf_s3cret-value')).toBeNull();
  });

  it('says so when the account holds the most app passwords it may (409), and when Tunafy cannot be reached', async () => {
    api.createAppPassword
      .mockRejectedValueOnce(apiError(409, undefined, 'You have 25 app passwords, the most an account may hold. Revoke one to make another.'))
      .mockRejectedValueOnce(new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE_MESSAGE }, 'network'));
    renderPage();
    await userEvent.type(await screen.findByLabelText('Name'), 'One more');
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent).join('')).toContain('You have 25 app passwords'));
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent).join('')).toContain(UNREACHABLE_MESSAGE));
    expect(screen.queryByRole('region', { name: /New app password for/ })).toBeNull();
  });

  it('puts the API’s validation message under the field', async () => {
    api.createAppPassword.mockRejectedValueOnce(apiError(400, { name: 'Name must be at most 60 characters.' }));
    renderPage();
    await userEvent.type(await screen.findByLabelText('Name'), 'Fine here');
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must be at most 60 characters.'));
  });

  it('revokes only after confirming, then drops the row and announces it', async () => {
    const revoked = deferred<DeletedResponse>();
    api.revokeAppPassword.mockReturnValueOnce(revoked.promise);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Feishin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke app password?' });
    expect(dialog).toHaveAccessibleDescription('Apps signed in with “Feishin” will stop working at once. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.revokeAppPassword).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Feishin' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke app password?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(api.revokeAppPassword).toHaveBeenCalledWith('p2');
    await act(async () => revoked.resolve({ id: 'p2', deleted: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await listed()).toEqual(['Symfonium on my phone']);
    const list = screen.getByRole('region', { name: 'Your app passwords' });
    expect(within(list).getByRole('status')).toHaveTextContent('“Feishin” was revoked. Apps that used it can no longer sign in.');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your app passwords' })).toHaveFocus());
  });

  it('keeps the confirmation open with the reason when revoking fails', async () => {
    api.revokeAppPassword.mockRejectedValueOnce(apiError(500));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Feishin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke app password?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again');
    // The page behind an open dialog is hidden from screen readers.
    expect(screen.getAllByRole('heading', { level: 3, hidden: true }).map((heading) => heading.textContent)).toEqual(['Symfonium on my phone', 'Feishin']);
  });

  it('shows a failed load with a way to try again', async () => {
    api.appPasswords.mockRejectedValueOnce(new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE_MESSAGE }, 'network'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Couldn’t load your connected apps');
    expect(alert).toHaveTextContent(UNREACHABLE_MESSAGE);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await listed()).toEqual(['Symfonium on my phone', 'Feishin']);
  });
});
