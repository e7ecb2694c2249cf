import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { AppRoutes, createRoutes, routeHandles } from './routes';

// Screens are remote modules; here each one is a stub that names itself.
vi.mock('../federation/remote-region', () => ({
  RemoteRegion: ({ label }: { label: string }) => <p>remote: {label}</p>,
}));

/** Where the app is now, as the router sees it. */
const current = { pathname: '' };

function LocationProbe() {
  current.pathname = useLocation().pathname;
  return null;
}

function renderAt(path: string, screens?: RouteObject[]) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes routes={createRoutes(screens)} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return current;
}

function Boom(): never {
  throw new Error('render failed');
}

/** Outside the failed tree, as the browser's back button or a link in the sidebar would be. */
function LinkHome() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/')}>
      back home
    </button>
  );
}

const ANN = { id: '1', username: 'ann', email: 'ann@example.com' };

describe('routes', () => {
  it('shows the generic error screen when a route fails, and recovers on navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    getEventBus().publish('auth:session', { user: null });
    render(
      <MemoryRouter initialEntries={['/boom']}>
        <AppRoutes routes={[{ path: '/boom', element: <Boom /> }, { path: '/', element: <p>home again</p> }]} />
        <LinkHome />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'back home' }));
    expect(await screen.findByText('home again')).toBeInTheDocument();
  });

  it('knows the title and the remote of every screen before rendering', () => {
    expect(routeHandles(createRoutes(), '/songs/abc/update')).toEqual([{ title: 'Update Song', remote: 'mf_library/SongUpdatePage' }]);
    expect(routeHandles(createRoutes(), '/')).toEqual([{ title: 'Home', remote: 'mf_library/HomePage' }]);
    expect(routeHandles(createRoutes(), '/no/such/page')).toEqual([{ title: 'Page not found' }]);
  });

  it('puts every SPEC screen under the layout', async () => {
    getEventBus().publish('auth:session', { user: ANN });
    renderAt('/albums/abc/update');
    expect(await screen.findByText('remote: Update Album')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(document.title).toBe('Update Album | Tunafy');
  });

  it('hides the sidebar and the banner on /login and /signup', async () => {
    getEventBus().publish('auth:session', { user: null });
    renderAt('/signup');
    expect(await screen.findByText('remote: Sign up')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText('Sign up to get unlimited songs. No credit card needed.')).not.toBeInTheDocument();
  });

  it('stops a guest at the sidebar with the "Please log in" modal', async () => {
    getEventBus().publish('auth:session', { user: null });
    const opened: unknown[] = [];
    getEventBus().on('ui:open-modal').subscribe((event) => opened.push(event));
    const location = renderAt('/');
    await userEvent.click(await screen.findByRole('link', { name: 'All Songs' }));
    expect(opened).toEqual([{ modal: 'please-log-in' }]);
    expect(location.pathname).toBe('/');
  });

  it('has an Artists entry in the sidebar that stops a guest too, and takes a user to the A–Z list', async () => {
    getEventBus().publish('auth:session', { user: null });
    const opened: unknown[] = [];
    getEventBus().on('ui:open-modal').subscribe((event) => opened.push(event));
    const location = renderAt('/');
    const entry = await screen.findByRole('link', { name: 'Artists' });
    expect(entry).toHaveAttribute('href', '/artists');
    await userEvent.click(entry);
    expect(opened).toEqual([{ modal: 'please-log-in' }]);
    expect(location.pathname).toBe('/');
    getEventBus().publish('auth:session', { user: ANN });
    await userEvent.click(await screen.findByRole('link', { name: 'Artists' }));
    expect(location.pathname).toBe('/artists');
    expect(await screen.findByText('remote: Artists')).toBeInTheDocument();
  });

  it('shows the artist and genre pages from the library remote', () => {
    expect(routeHandles(createRoutes(), '/artists')).toEqual([{ title: 'Artists', remote: 'mf_library/ArtistsPage' }]);
    expect(routeHandles(createRoutes(), '/artists/abc')).toEqual([{ title: 'Artist', remote: 'mf_library/ArtistPage' }]);
    expect(routeHandles(createRoutes(), '/genres')).toEqual([{ title: 'Genres', remote: 'mf_library/GenresPage' }]);
    expect(routeHandles(createRoutes(), '/genres/Hip-Hop%2FRap')).toEqual([{ title: 'Genre', remote: 'mf_library/GenrePage' }]);
  });

  it('lets a logged-in user navigate from the sidebar and re-renders on session changes', async () => {
    getEventBus().publish('auth:session', { user: ANN });
    const location = renderAt('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Create Playlist' }));
    expect(location.pathname).toBe('/playlists/new');
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    getEventBus().publish('auth:session', { user: null });
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it('shows a not-found screen inside the layout for unknown paths', async () => {
    getEventBus().publish('auth:session', { user: null });
    renderAt('/nope/nothing');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
