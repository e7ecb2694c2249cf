import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LikedSong, Song } from '@tunafy/contracts';
import { ANN, song } from '../test/fixtures';
import { formFields, pagedAnswer, serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { publishSession, recordBus, renderAt } from '../test/render';
import LikedSongsPage from './liked-songs-page';

let api: FakeApi;
const ONE = song({ song_name: 'Blue Hour' });
const TWO = song({ song_name: 'Lone Pine' });
const record = (item: Song): LikedSong => ({ id: `l${item.id.slice(1)}`, song_id: item.id, liked_at: '2026-11-01T00:00:00.000Z', song: item });

beforeEach(() => {
  api = stubApiClient();
});

describe('Liked Songs', () => {
  it('shows the spec header, the owner, the count, and a heart that confirms the removal', async () => {
    let liked = [ONE, TWO];
    serveGets(api, { [`/api/collection/${ANN.id}/tracks`]: pagedAnswer(() => liked.map(record), (page) => ({ tracks: page })) });
    api.delete.mockResolvedValue({ song_id: ONE.id, liked: false });
    const commands = recordBus('player:command');
    renderAt('/collection/tracks', { '/collection/tracks': <LikedSongsPage /> });
    publishSession(ANN);

    expect(screen.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeInTheDocument();
    expect(screen.getByText('Your favorite songs!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2 songs')).toBeInTheDocument());
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'ann' })).toHaveAttribute('href', `/users/${ANN.id}`);

    await userEvent.click(screen.getByRole('button', { name: 'Play Liked Songs' }));
    await waitFor(() => expect(commands[0]).toBeDefined());
    expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: 'liked' });

    const list = screen.getByRole('grid', { name: 'Liked Songs' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Blue Hour from Liked Songs' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription('This will remove "Blue Hour" from your collection.');
    liked = [TWO];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(api.delete.mock.calls[0]![0]).toBe(`/api/collection/${ANN.id}/delete`);
    expect(formFields(api.delete.mock.calls[0]![1]?.form)).toEqual({ song_id: ONE.id });
    await waitFor(() => expect(screen.getByText('1 song')).toBeInTheDocument());
  });

  it('says what to do when nothing is liked yet', async () => {
    serveGets(api, { [`/api/collection/${ANN.id}/tracks`]: pagedAnswer(() => [], (page) => ({ tracks: page })) });
    renderAt('/collection/tracks', { '/collection/tracks': <LikedSongsPage /> });
    publishSession(ANN);
    expect(await screen.findByText('Songs you like will appear here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find songs' })).toHaveAttribute('href', '/songs');
  });
});
