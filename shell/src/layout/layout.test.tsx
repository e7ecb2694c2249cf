import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQuery } from '@tunafy/app-kit/test';
import { getEventBus } from '@tunafy/event-bus';
import { AppRoutes, createRoutes } from '../app/routes';
import { PHONE_QUERY } from './use-media-query';

// Remote regions are stubs that name themselves; this file is about where the layout puts them.
vi.mock('../federation/remote-region', () => ({
  RemoteRegion: ({ label }: { label: string }) => <p>remote: {label}</p>,
}));

const ANN = { id: '1', username: 'ann', email: 'ann@example.com' };

/** A window whose width answers PHONE_QUERY as told; `resize` flips it, as rotating a tablet does. */
const fakeScreen = (phone: boolean) => fakeMediaQuery(PHONE_QUERY, phone);

const location = { pathname: '' };
function LocationProbe() {
  location.pathname = useLocation().pathname;
  return null;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes routes={createRoutes()} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the layout', () => {
  it('on a wide screen: the sidebar with the library region for a logged-in user, no tab bar', async () => {
    fakeScreen(false);
    getEventBus().publish('auth:session', { user: ANN });
    renderAt('/');
    const sidebar = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(sidebar).getByRole('link', { name: 'All Songs' })).toBeInTheDocument();
    expect(within(sidebar).getByText('remote: Your playlists and albums')).toBeInTheDocument();
    expect(within(sidebar).queryByRole('link', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go forward' })).toBeInTheDocument();
    expect(screen.getByText('remote: Search')).toBeInTheDocument();
    expect(screen.getByText('remote: The player')).toBeInTheDocument();
  });

  it('gives a guest no library region in the sidebar', async () => {
    fakeScreen(false);
    getEventBus().publish('auth:session', { user: null });
    renderAt('/');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByText('remote: Your playlists and albums')).not.toBeInTheDocument();
  });

  it('on a phone: a tab bar instead of the sidebar, the player above it, search on its own tab', async () => {
    fakeScreen(true);
    getEventBus().publish('auth:session', { user: ANN });
    renderAt('/');
    const tabs = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Search', 'Your Library']);
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'All Songs' })).not.toBeInTheDocument();
    expect(screen.queryByText('remote: Your playlists and albums')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go forward' })).not.toBeInTheDocument();
    // The player comes before the tabs in the page, as on screen.
    const player = screen.getByText('remote: The player');
    expect(player.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('remote: Search')).not.toBeInTheDocument();

    await userEvent.click(within(tabs).getByRole('link', { name: 'Search' }));
    expect(location.pathname).toBe('/search');
    // The search screen is the library's (box and results); the top bar shows no second box.
    expect(await screen.findAllByText('remote: Search')).toHaveLength(1);
    expect(document.title).toBe('Search | Tunafy');

    await userEvent.click(within(tabs).getByRole('link', { name: 'Your Library' }));
    expect(location.pathname).toBe('/library');
    expect(await screen.findByText('remote: Your Library')).toBeInTheDocument();
    expect(document.title).toBe('Your Library | Tunafy');
  });

  it('asks a guest to log in from the Search and Your Library tabs, and shows them the banner', async () => {
    fakeScreen(true);
    getEventBus().publish('auth:session', { user: null });
    const opened: unknown[] = [];
    getEventBus().on('ui:open-modal').subscribe((event) => opened.push(event));
    renderAt('/');
    const tabs = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(tabs).getByRole('link', { name: 'Your Library' }));
    await userEvent.click(within(tabs).getByRole('link', { name: 'Search' }));
    expect(opened).toEqual([{ modal: 'please-log-in' }, { modal: 'please-log-in' }]);
    expect(location.pathname).toBe('/');
    expect(screen.getByText('Sign up to get unlimited songs. No credit card needed.')).toBeInTheDocument();
  });

  it('switches between the two when the width changes', async () => {
    const window = fakeScreen(false);
    getEventBus().publish('auth:session', { user: ANN });
    renderAt('/songs');
    expect(await screen.findByRole('link', { name: 'All Songs' })).toBeInTheDocument();
    window.resize(true);
    expect(screen.queryByRole('link', { name: 'All Songs' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your Library' })).toHaveAttribute('href', '/library');
    window.resize(false);
    expect(screen.getByRole('link', { name: 'All Songs' })).toBeInTheDocument();
  });

  it('hides the tab bar on /login and /signup too', async () => {
    fakeScreen(true);
    getEventBus().publish('auth:session', { user: null });
    renderAt('/login');
    expect(await screen.findByText('remote: Log in')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
