import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '@tunafy/api-client';
import PlaylistCreatePage from '../../app/playlist-create-page';
import { file, playlist } from '../../test/fixtures';
import { apiError, stubApiClient, type FakeApi } from '../../test/fake-api';
import { alertText, errorUnder } from '../../test/queries';
import { expectSubmission, renderFormPage } from '../../test/form-page';
import { recordBus } from '../../test/render';

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

  it('opens "Please log in" when the connection is cut and the API then says nobody is logged in', async () => {
    api.post.mockRejectedValue(new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE_MESSAGE }, 'network'));
    Object.assign(api, { session: vi.fn(async () => null), forgetCsrfToken: vi.fn() });
    const modals = recordBus('ui:open-modal');
    const { user, submit } = renderPage();
    await user.type(screen.getByLabelText('Playlist Name'), 'Chill');
    await user.upload(screen.getByLabelText('Cover photo'), file('cover.png', 'image/png'));
    await submit();
    await waitFor(() => expect(modals).toEqual([{ modal: 'please-log-in' }]));
  });

  it('shows a permission refusal’s own message', async () => {
    api.post.mockRejectedValue(apiError(403, undefined, 'You are not allowed to do that.'));
    const { user, submit } = renderPage();
    await user.type(screen.getByLabelText('Playlist Name'), 'Chill');
    await submit();
    await waitFor(() => expect(alertText()).toBe('You are not allowed to do that.'));
  });
});
