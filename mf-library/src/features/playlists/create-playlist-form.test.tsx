import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import PlaylistCreatePage from '../../app/playlist-create-page';
import { file, playlist } from '../../test/fixtures';
import { apiError, stubApiClient, type FakeApi } from '../../test/fake-api';
import { alertText, errorUnder } from '../../test/queries';
import { expectSubmission, renderFormPage } from '../../test/form-page';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});

function renderPage() {
  return renderFormPage('/playlists/new', { '/playlists/new': <PlaylistCreatePage />, '/playlists': <p>Playlists</p> }, 'Create Playlist');
}

describe('Create playlist', () => {
  it('requires a name (after the first submit); the cover is optional', async () => {
    const { submit } = renderPage();
    expect(errorUnder('Playlist Name')).toBeNull();
    await submit();
    expect(errorUnder('Playlist Name')).toBe('Name is required.');
    expect(errorUnder('Cover photo')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Playlist' })).toBeDisabled();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('checks a chosen cover with the same message', async () => {
    const { user, submit } = renderPage();
    await user.type(screen.getByLabelText('Playlist Name'), 'Chill');
    await user.upload(screen.getByLabelText('Cover photo'), file('cover.tiff'));
    await submit();
    expect(errorUnder('Cover photo')).toBe('Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.');
    expect(api.post).not.toHaveBeenCalled();
  });

  it.each([
    [true, 'true'],
    [false, 'false'],
  ])('sends the checkbox’s checked state (checked: %s)', async (checked, sent) => {
    const { user, submit } = renderPage();
    const fillAndSubmit = async () => {
      await user.type(screen.getByLabelText('Playlist Name'), 'Chill');
      await user.type(screen.getByLabelText('Description'), 'Late nights');
      if (checked) await user.click(screen.getByLabelText('Private'));
      await submit();
    };
    await expectSubmission(api, fillAndSubmit, {
      method: 'post',
      path: '/api/playlists/new',
      fields: { playlist_name: 'Chill', description: 'Late nights', private: sent },
      answer: playlist(),
      then: '/playlists',
    });
  });

  it("shows the server's field errors and the generic text on a 5xx", async () => {
    api.post.mockRejectedValueOnce(apiError(400, { playlist_name: 'Name must be at most 100 characters.' }));
    const { user, submit } = renderPage();
    await user.type(screen.getByLabelText('Playlist Name'), 'Chill');
    await submit();
    await waitFor(() => expect(errorUnder('Playlist Name')).toBe('Name must be at most 100 characters.'));
    api.post.mockRejectedValueOnce(apiError(500));
    await user.type(screen.getByLabelText('Playlist Name'), '!');
    await submit();
    await waitFor(() => expect(alertText()).toBe('Something went wrong. Please try again'));
  });
});
