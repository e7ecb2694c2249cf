import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANN, playlist, song } from '../../test/fixtures';
import { apiError, deferred, formFields, serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { currentPath, recordBus, renderAt } from '../../test/render';
import { AddToPlaylistDialog } from './add-to-playlist-dialog';

let api: FakeApi;
const ROAD = playlist({ playlist_name: 'Road trip' });
const SONGS = [song({ song_name: 'One' }), song({ song_name: 'Two' }), song({ song_name: 'Three' })];

beforeEach(() => {
  api = stubApiClient();
  serveGets(api, { [`/api/playlists/${ANN.id}/manage`]: { playlists: [ROAD] } });
});

function renderDialog(songIds: string[]) {
  renderAt('/songs', {
    '/songs': <AddToPlaylistDialog userId={ANN.id} songIds={songIds} onClose={() => undefined} />,
    '/playlists/:playlistId': <p>Playlist page</p>,
  });
}

const addedIds = () => api.put.mock.calls.map(([, options]) => formFields(options?.form).song_id);

describe('AddToPlaylistDialog with several songs', () => {
  it('adds them one at a time in their order, says so once and goes to the playlist', async () => {
    const changes = recordBus('library:changed');
    const notices = recordBus('ui:notify');
    const answers = SONGS.map(() => deferred<unknown>());
    let call = 0;
    api.put.mockImplementation(() => answers[call++]!.promise);
    renderDialog(SONGS.map((one) => one.id));
    const dialog = screen.getByRole('dialog', { name: 'Add 3 songs to Playlist' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Road trip/ }));
    expect(within(dialog).getByText('Adding 1 of 3...')).toBeInTheDocument();
    // The next request waits for the previous answer, so the playlist keeps the selection's order.
    expect(api.put).toHaveBeenCalledTimes(1);
    answers[0]!.resolve({});
    await waitFor(() => expect(within(dialog).getByText('Adding 2 of 3...')).toBeInTheDocument());
    answers[1]!.resolve({});
    answers[2]!.resolve({});
    await waitFor(() => expect(currentPath()).toBe(`/playlists/${ROAD.id}`));
    expect(addedIds()).toEqual(SONGS.map((one) => one.id));
    expect(api.put.mock.calls.every(([path]) => path === `/api/playlists/${ROAD.id}/add`)).toBe(true);
    expect(changes).toEqual([{ entity: 'playlist', id: ROAD.id, action: 'updated' }]);
    expect(notices).toEqual([{ kind: 'info', message: 'Added 3 songs to Road trip' }]);
  });

  it('stops at the first failure and says how many went in', async () => {
    const changes = recordBus('library:changed');
    api.put.mockResolvedValueOnce({}).mockRejectedValueOnce(apiError(404, undefined, 'Song not found.'));
    renderDialog(SONGS.map((one) => one.id));
    const dialog = screen.getByRole('dialog', { name: 'Add 3 songs to Playlist' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Road trip/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Added 1 of 3 songs. Song not found.');
    expect(api.put).toHaveBeenCalledTimes(2);
    expect(currentPath()).toBe('/songs');
    expect(changes).toHaveLength(1);
  });

  it('keeps the one-song wording and errors for a single song', async () => {
    api.put.mockRejectedValueOnce(apiError(403, undefined, 'Only the creator can add songs.'));
    renderDialog([SONGS[0]!.id]);
    const dialog = screen.getByRole('dialog', { name: 'Add to Playlist' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Road trip/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Only the creator can add songs\.$/);
  });
});
