import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AlbumDetail } from '@tunafy/contracts';
import SongUpdatePage from '../../app/song-update-page';
import { album, song } from '../../test/fixtures';
import { apiError, deferred, serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { renderFormPage, retype } from '../../test/form-page';
import { errorUnder } from '../../test/queries';
import { currentPath, recordBus } from '../../test/render';

// The update screen's Tags form (issue 25, docs/artists-ui.md "Correcting tags"): the owner's corrections go to
// PUT /api/songs/{id}/tags, only the fields changed, checked with the contracts' songTagsSchema first.

let api: FakeApi;
const NIGHT = { ...album({ album_name: 'Night Drive' }), album_artist: { id: 'ar1', name: 'Various Artists' }, year: 2021, song_count: 3, total_duration: 600 } satisfies AlbumDetail;
const TAGGED = song({
  song_name: 'Hyperballad',
  album_id: NIGHT.id,
  album_name: NIGHT.album_name,
  artists: [
    { id: 'ar2', name: 'Björk' },
    { id: 'ar3', name: 'Thom Yorke' },
  ],
  genre: 'Electronic',
  year: 1996,
});
const PLAIN = song({ song_name: 'Form Made', artists: [], genre: null, year: null });

beforeEach(() => {
  api = stubApiClient();
  serveGets(api, { [`/api/songs/${TAGGED.id}`]: TAGGED, [`/api/songs/${PLAIN.id}`]: PLAIN, [`/api/albums/${NIGHT.id}`]: NIGHT });
});

function renderPage(id: string) {
  const page = renderFormPage(`/songs/${id}/update`, { '/songs/:songId/update': <SongUpdatePage />, '/songs/:songId': <p>Song page</p> }, 'Save Tags');
  return page;
}

const tags = () => screen.getByRole('region', { name: 'Tags' });
const sent = () => {
  const [path, options] = api.put.mock.calls[0]! as unknown as [string, { json: unknown }];
  return { path, body: options.json };
};

describe('Update song: tags', () => {
  it('starts from the song’s artists, its album’s album artist, genre and year', async () => {
    renderPage(TAGGED.id);
    expect(await screen.findByLabelText('Artist 1')).toHaveValue('Björk');
    expect(screen.getByLabelText('Artist 2')).toHaveValue('Thom Yorke');
    expect(await screen.findByLabelText('Album artist')).toHaveValue('Various Artists');
    expect(screen.getByLabelText('Genre')).toHaveValue('Electronic');
    expect(screen.getByLabelText('Year')).toHaveValue('1996');
    // SPEC's form is still there, untouched, above it.
    expect(screen.getByLabelText('Song Name')).toHaveValue('Hyperballad');
    expect(screen.getByRole('button', { name: 'Update Song' })).toBeInTheDocument();
  });

  it('sends only what changed, then goes to the song and tells the lists the song and its album changed', async () => {
    const changes = recordBus('library:changed');
    const { user, submit } = renderPage(TAGGED.id);
    await retype(user, 'Artist 2', 'Thom Yorke & Friends');
    await user.click(within(tags()).getByRole('button', { name: 'Add artist' }));
    expect(screen.getByLabelText('Artist 3')).toHaveFocus();
    await user.keyboard('Sigur Rós');
    await retype(user, 'Album artist', 'Björk');
    await user.clear(screen.getByLabelText('Year'));
    const answer = deferred<unknown>();
    api.put.mockReturnValue(answer.promise);
    await submit();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(sent()).toEqual({
      path: `/api/songs/${TAGGED.id}/tags`,
      body: { artists: ['Björk', 'Thom Yorke & Friends', 'Sigur Rós'], album_artist: 'Björk', year: null },
    });
    await act(async () => answer.resolve({ ...TAGGED }));
    await waitFor(() => expect(currentPath()).toBe(`/songs/${TAGGED.id}`));
    expect(changes).toEqual(
      expect.arrayContaining([
        { entity: 'album', id: NIGHT.id, action: 'updated' },
        { entity: 'song', id: TAGGED.id, action: 'updated' },
      ]),
    );
  });

  it('removes an artist, moving focus to the one now in its place; no artist at all says the song shows as yours', async () => {
    const { user, submit } = renderPage(TAGGED.id);
    await screen.findByLabelText('Artist 2');
    await user.click(screen.getByRole('button', { name: 'Remove artist 1' }));
    expect(screen.getByLabelText('Artist 1')).toHaveValue('Thom Yorke');
    expect(screen.getByLabelText('Artist 1')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove artist 1' }));
    expect(screen.queryByLabelText('Artist 1')).toBeNull();
    expect(within(tags()).getByRole('button', { name: 'Add artist' })).toHaveFocus();
    expect(within(tags()).getByRole('group', { name: 'Artists' })).toHaveAccessibleDescription('No artist: the song shows as yours.');
    api.put.mockResolvedValue({ ...TAGGED, artists: [] });
    await submit();
    expect(sent().body).toEqual({ artists: [] });
  });

  it('a song without an album has no album artist field', async () => {
    renderPage(PLAIN.id);
    await within(await screen.findByRole('region', { name: 'Tags' })).findByRole('button', { name: 'Add artist' });
    expect(screen.queryByLabelText('Album artist')).toBeNull();
    expect(screen.queryByLabelText('Artist 1')).toBeNull();
    expect(screen.getByLabelText('Genre')).toHaveValue('');
  });

  it('checks the fields with the contracts’ schema before sending, and moves focus to the first in error', async () => {
    const { user, submit } = renderPage(PLAIN.id);
    await user.click(await screen.findByRole('button', { name: 'Add artist' }));
    await retype(user, 'Year', '19x');
    await submit();
    expect(errorUnder('Artist 1')).toBe('An artist’s name cannot be empty.');
    expect(errorUnder('Year')).toBe('Use a year from 1000 to 9999.');
    expect(screen.getByLabelText('Artist 1')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save Tags' })).toBeDisabled();
    expect(api.put).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Artist 1'), 'Aphex Twin');
    await retype(user, 'Year', '1992');
    expect(errorUnder('Year')).toBeNull();
    api.put.mockResolvedValue(PLAIN);
    await submit();
    expect(sent().body).toEqual({ artists: ['Aphex Twin'], year: 1992 });
  });

  it('puts the API’s field-keyed messages under their fields and drops one once its field changes', async () => {
    api.put.mockRejectedValue(apiError(400, { 'artists.1': 'At most 200 characters.', genre: 'Remove the hidden characters.' }));
    const { user, submit } = renderPage(TAGGED.id);
    await retype(user, 'Genre', 'Trip-Hop');
    await retype(user, 'Artist 2', 'Thom');
    await submit();
    await waitFor(() => expect(errorUnder('Artist 2')).toBe('At most 200 characters.'));
    expect(errorUnder('Genre')).toBe('Remove the hidden characters.');
    expect(screen.getByLabelText('Artist 2')).toHaveFocus();
    await retype(user, 'Genre', 'Trip Hop');
    expect(errorUnder('Genre')).toBeNull();
    expect(errorUnder('Artist 2')).toBe('At most 200 characters.');
  });

  it('a refusal no field explains goes to the form’s alert', async () => {
    api.put.mockRejectedValue(apiError(403, undefined, 'Only the owner of a song can correct its tags.'));
    const { user, submit } = renderPage(TAGGED.id);
    await retype(user, 'Genre', 'Trip-Hop');
    await submit();
    await waitFor(() => expect(within(tags()).getByRole('alert')).toHaveTextContent('Only the owner of a song can correct its tags.'));
  });
});
