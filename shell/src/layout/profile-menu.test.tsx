import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { ProfileMenu } from './profile-menu';

const logout = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('@tunafy/api-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@tunafy/api-client')>();
  const client = new real.ApiClient();
  client.logout = logout as typeof client.logout;
  return { ...real, getApiClient: () => client };
});

const ANN = { id: '1', username: 'ann', email: 'ann@example.com' };

const location = { pathname: '' };
function LocationProbe() {
  location.pathname = useLocation().pathname;
  return null;
}

function renderMenu(user: typeof ANN | null, at = '/') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <ProfileMenu user={user} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

// The keyboard itself (arrows, typeahead, Escape) is @tunafy/ui's Menu's and tested there; this is what the shell puts in it.
describe('ProfileMenu', () => {
  it('offers a guest Log In and Sign Up, which open the auth modals; the keyboard opens it on the first item', async () => {
    const opened: unknown[] = [];
    getEventBus().on('ui:open-modal').subscribe((event) => opened.push(event));
    renderMenu(null);
    const button = screen.getByRole('button', { name: 'Profile' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Profile' });
    expect(screen.getByRole('menuitem', { name: 'Log In' })).toHaveFocus();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Log In', 'Sign Up']);
    expect(menu).not.toHaveTextContent('@');
    await userEvent.keyboard('s');
    await userEvent.keyboard('{Enter}');
    expect(opened).toEqual([{ modal: 'signup' }]);
    expect(screen.getByRole('button', { name: 'Profile' })).toHaveFocus();
  });

  it.each([
    ['Listening history', '/history'],
    ['Your top', '/top'],
    ['Downloads', '/downloads'],
    ['Shared links', '/settings/shares'],
  ])('takes a logged-in user to %s', async (item, path) => {
    renderMenu(ANN, '/songs');
    await userEvent.click(screen.getByRole('button', { name: 'Profile: ann' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: item }));
    expect(location.pathname).toBe(path);
  });

  it('takes a logged-in user to their Connected apps (app passwords for Subsonic apps)', async () => {
    renderMenu(ANN, '/songs');
    await userEvent.click(screen.getByRole('button', { name: 'Profile: ann' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Connected apps' }));
    expect(location.pathname).toBe('/settings/apps');
  });

  it('shows a logged-in user who they are, and logs them out to the home page', async () => {
    renderMenu(ANN, '/songs');
    await userEvent.click(screen.getByRole('button', { name: 'Profile: ann' }));
    const menu = await screen.findByRole('menu', { name: 'Profile' });
    expect(menu).toHaveTextContent('ann@example.com');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Listening history', 'Your top', 'Downloads', 'Shared links', 'Connected apps', 'Log Out']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(logout).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(location.pathname).toBe('/'));
    expect(getEventBus().last('auth:session')).toEqual({ user: null });
  });
});
