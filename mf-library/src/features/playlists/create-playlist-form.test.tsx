import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Playlist } from '@tunafy/contracts';
import PlaylistCreatePage from '../../app/playlist-create-page';
import { ANN, file, playlist } from '../../test/fixtures';
import { apiError, deferred, formFields, stubApiClient, type FakeApi } from '../../test/fake-api';
import { alertText, errorUnder } from '../../test/queries';
import { currentPath, publishSession, renderAt } from '../../test/render';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});

function renderPage() {
  renderAt('/playlists/new', { '/playlists/new': <PlaylistCreatePage />, '/playlists': <p>Playlists</p> });
  publishSession(ANN);
  const user = userEvent.setup({ applyAccept: false });
  return { user, submit: () => user.click(screen.getByRole('button', { name: 'Create Playlist' })) };
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
    const answer = deferred<Playlist>();
    api.post.mockReturnValue(answer.promise);
    const { user, submit } = renderPage();
    await user.type(screen.getByLabelText('Playlist Name'), 'Chill');
    await user.type(screen.getByLabelText('Description'), 'Late nights');
    if (checked) await user.click(screen.getByLabelText('Private'));
    await submit();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    const [path, options] = api.post.mock.calls[0]!;
    expect(path).toBe('/api/playlists/new');
    expect(formFields(options?.form)).toEqual({ playlist_name: 'Chill', description: 'Late nights', private: sent });
    await act(async () => answer.resolve(playlist()));
    await waitFor(() => expect(currentPath()).toBe('/playlists'));
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
