import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, recordBus, renderAt } from '../test/render';
import { MediaCard } from './media-card';
import type { Credited } from '@tunafy/ui';

function renderCard(guest: boolean, by?: Credited) {
  renderAt('/', {
    '/': <MediaCard to="/albums/a1" kind="album" coverUrl={null} title="Night Drive" subtitle="By ann" by={by} guest={guest} />,
    '/albums/:albumId': <p>Album page</p>,
    '/users/:userId': <p>User page</p>,
  });
}

describe('MediaCard', () => {
  it('opens the album from the card, and the artist’s page from the name in its By line', async () => {
    renderCard(false, { artist_id: 'u1', artist_username: 'ann' });
    expect(screen.getByRole('link', { name: 'Night Drive By ann' })).toHaveAttribute('href', '/albums/a1');
    await userEvent.click(screen.getByRole('link', { name: 'ann' }));
    expect(currentPath()).toBe('/users/u1');
  });

  it('reaches both links by keyboard, the card first', async () => {
    renderCard(false, { artist_id: 'u1', artist_username: 'ann' });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Night Drive By ann' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'ann' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(currentPath()).toBe('/users/u1');
  });

  it('shows a description as plain text (no By line, no artist link)', () => {
    renderAt('/', { '/': <MediaCard to="/playlists/p1" kind="playlist" coverUrl={null} title="Gym" subtitle="Loud songs" guest={false} /> });
    expect(screen.getByRole('link', { name: 'Gym Loud songs' })).toHaveAttribute('href', '/playlists/p1');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('asks a guest to log in from either link instead of opening a page', async () => {
    const modals = recordBus('ui:open-modal');
    renderCard(true, { artist_id: 'u1', artist_username: 'ann' });
    await userEvent.click(screen.getByRole('link', { name: 'ann' }));
    await userEvent.click(screen.getByRole('link', { name: 'Night Drive By ann' }));
    expect(modals).toEqual([{ modal: 'please-log-in' }, { modal: 'please-log-in' }]);
    expect(currentPath()).toBe('/');
  });
});
