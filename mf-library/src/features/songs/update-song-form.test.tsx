import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import SongUpdatePage from '../../app/song-update-page';
import { file, song } from '../../test/fixtures';
import { serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { alertText, errorUnder } from '../../test/queries';
import { apiError } from '../../test/fake-api';
import { expectSubmission, renderFormPage, retype } from '../../test/form-page';

let api: FakeApi;
const BLUE = song({ song_name: 'Blue Hour' });
beforeEach(() => {
  api = stubApiClient();
  serveGets(api, { [`/api/songs/${BLUE.id}`]: BLUE });
});

function renderPage() {
  return renderFormPage(`/songs/${BLUE.id}/update`, { '/songs/:songId/update': <SongUpdatePage />, '/songs/:songId': <p>Song page</p> }, 'Update Song');
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
    const { user, submit } = renderPage();
    const fillAndSubmit = async () => {
      await retype(user, 'Song Name', 'Blue Hour (live)');
      await user.upload(screen.getByLabelText('Song file'), file('live.mp3', 'audio/mpeg'));
      await submit();
    };
    await expectSubmission(api, fillAndSubmit, {
      method: 'put',
      path: `/api/songs/${BLUE.id}/update`,
      fields: { song_name: 'Blue Hour (live)', song_file_url: 'file:live.mp3' },
      answer: { ...BLUE, song_name: 'Blue Hour (live)' },
      then: `/songs/${BLUE.id}`,
    });
  });

  it('shows the generic text on a 5xx', async () => {
    api.put.mockRejectedValue(apiError(502));
    const { submit } = renderPage();
    await screen.findByLabelText('Song Name');
    await submit();
    await waitFor(() => expect(alertText()).toBe('Something went wrong. Please try again'));
  });
});
