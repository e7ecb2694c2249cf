import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Song } from '@tunafy/contracts';
import SongUpdatePage from '../../app/song-update-page';
import { ANN, file, song } from '../../test/fixtures';
import { deferred, formFields, serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { alertText, errorUnder } from '../../test/queries';
import { apiError } from '../../test/fake-api';
import { currentPath, publishSession, renderAt } from '../../test/render';

let api: FakeApi;
const BLUE = song({ song_name: 'Blue Hour' });
beforeEach(() => {
  api = stubApiClient();
  serveGets(api, { [`/api/songs/${BLUE.id}`]: BLUE });
});

function renderPage() {
  renderAt(`/songs/${BLUE.id}/update`, { '/songs/:songId/update': <SongUpdatePage />, '/songs/:songId': <p>Song page</p> });
  publishSession(ANN);
  const user = userEvent.setup({ applyAccept: false });
  return { user, submit: () => user.click(screen.getByRole('button', { name: 'Update Song' })) };
}

describe('Update song', () => {
  it('takes images for the cover and audio for the song file', async () => {
    renderPage();
    await screen.findByLabelText('Song Name');
    expect(screen.getByLabelText('Cover photo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Song file')).toHaveAttribute('accept', 'audio/*');
  });

  it('requires a name, after the first submit', async () => {
    const { user, submit } = renderPage();
    const name = await screen.findByLabelText('Song Name');
    expect(name).toHaveValue('Blue Hour');
    await user.clear(name);
    expect(errorUnder('Song Name')).toBeNull();
    await submit();
    expect(errorUnder('Song Name')).toBe('Name is required.');
    expect(screen.getByRole('button', { name: 'Update Song' })).toBeDisabled();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('checks a replacement song file is an mp3', async () => {
    const { user, submit } = renderPage();
    await screen.findByLabelText('Song Name');
    await user.upload(screen.getByLabelText('Song file'), file('take.wav', 'audio/wav'));
    await submit();
    expect(errorUnder('Song file')).toBe('Song is required and must be in .mp3 format.');
  });

  it('sends the name and the replacement files, then goes to the song', async () => {
    const answer = deferred<Song>();
    api.put.mockReturnValue(answer.promise);
    const { user, submit } = renderPage();
    const name = await screen.findByLabelText('Song Name');
    await user.clear(name);
    await user.type(name, 'Blue Hour (live)');
    await user.upload(screen.getByLabelText('Song file'), file('live.mp3', 'audio/mpeg'));
    await submit();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    const [path, options] = api.put.mock.calls[0]!;
    expect(path).toBe(`/api/songs/${BLUE.id}/update`);
    expect(formFields(options?.form)).toEqual({ song_name: 'Blue Hour (live)', song_file_url: 'file:live.mp3' });
    await act(async () => answer.resolve({ ...BLUE, song_name: 'Blue Hour (live)' }));
    await waitFor(() => expect(currentPath()).toBe(`/songs/${BLUE.id}`));
  });

  it('shows the generic text on a 5xx', async () => {
    api.put.mockRejectedValue(apiError(502));
    const { submit } = renderPage();
    await screen.findByLabelText('Song Name');
    await submit();
    await waitFor(() => expect(alertText()).toBe('Something went wrong. Please try again'));
  });
});
