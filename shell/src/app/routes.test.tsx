import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { createRoutes } from './routes';

// Screens are remote modules; here each one is a stub that names itself.
vi.mock('../federation/RemoteRegion', () => ({
  RemoteRegion: ({ label }: { label: string }) => <p>remote: {label}</p>,
}));

function renderAt(path: string, screens?: RouteObject[]) {
  const router = createMemoryRouter(createRoutes(screens), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const ANN = { id: '1', username: 'ann', email: 'ann@example.com' };

describe('routes', () => {
  it('shows the generic error screen when a route fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    getEventBus().publish('auth:session', { user: null });
    renderAt('/boom', [
      {
        path: 'boom',
        element: <p>never shown</p>,
        hydrateFallbackElement: <p>loading</p>,
        loader: () => {
          throw new Error('loader failed');
        },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
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
    const router = renderAt('/');
    await userEvent.click(await screen.findByRole('link', { name: 'All Songs' }));
    expect(opened).toEqual([{ modal: 'please-log-in' }]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a logged-in user navigate from the sidebar and re-renders on session changes', async () => {
    getEventBus().publish('auth:session', { user: ANN });
    const router = renderAt('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Create Playlist' }));
    expect(router.state.location.pathname).toBe('/playlists/new');
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
