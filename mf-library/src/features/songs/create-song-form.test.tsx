import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '@tunafy/api-client';
import type { SessionUser, Song } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import SongCreatePage from '../../app/song-create-page';
import { ANN, file, song } from '../../test/fixtures';
import { apiError, deferred, formFields, stubApiClient, type FakeApi } from '../../test/fake-api';
import { alertText, errorUnder } from '../../test/queries';
import { currentPath, publishSession, recordBus, renderAt } from '../../test/render';
import { UPLOAD_MESSAGES } from '../../lib/upload-session';

const MESSAGES = {
  name: 'Name is required.',
  cover: 'Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.',
  song: 'Song is required and must be in .mp3 format.',
  server: 'Something went wrong. Please try again',
};

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});

function renderPage() {
  renderAt('/songs/new', { '/songs/new': <SongCreatePage />, '/songs/:songId': <p>Song page</p>, '/': <p>Home</p> });
  publishSession(ANN);
  // The spec's wrong files must reach the form: the browser's accept filter is not a validation.
  const user = userEvent.setup({ applyAccept: false });
  const fill = async ({ name, cover, audio }: { name?: string; cover?: File; audio?: File }) => {
    if (name) await user.type(screen.getByLabelText('Song Name'), name);
    if (cover) await user.upload(screen.getByLabelText('Cover photo'), cover);
    if (audio) await user.upload(screen.getByLabelText('Song file'), audio);
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Create Song' }));
  return { user, fill, submit };
}

describe('Create song', () => {
  it('shows no message before the first submit', async () => {
    const { fill } = renderPage();
    await fill({ cover: file('cover.bmp'), audio: file('song.wav') });
    expect(errorUnder('Song Name')).toBeNull();
    expect(errorUnder('Cover photo')).toBeNull();
    expect(errorUnder('Song file')).toBeNull();
  });

  it('shows every message, word for word, after the first submit and sends nothing', async () => {
    const { submit } = renderPage();
    await submit();
    expect(errorUnder('Song Name')).toBe(MESSAGES.name);
    expect(errorUnder('Cover photo')).toBe(MESSAGES.cover);
    expect(errorUnder('Song file')).toBe(MESSAGES.song);
    expect(screen.getByLabelText('Song Name')).toHaveFocus();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('judges the file names by extension', async () => {
    const { fill, submit } = renderPage();
    await fill({ name: 'Blue Hour', cover: file('cover.webp'), audio: file('song.wav') });
    await submit();
    expect(errorUnder('Song Name')).toBeNull();
    expect(errorUnder('Cover photo')).toBe(MESSAGES.cover);
    expect(errorUnder('Song file')).toBe(MESSAGES.song);
  });

  it.each(['c.jpeg', 'c.JPG', 'c.png', 'c.pdf', 'c.gif'])('accepts a %s cover', async (name) => {
    const { fill, submit } = renderPage();
    await fill({ cover: file(name) });
    await submit();
    expect(errorUnder('Cover photo')).toBeNull();
  });

  it('blocks the submit while an error is shown, and follows the edits after the first submit', async () => {
    const { user, fill, submit } = renderPage();
    await submit();
    const button = screen.getByRole('button', { name: 'Create Song' });
    expect(button).toBeDisabled();
    await fill({ name: 'Blue Hour' });
    expect(errorUnder('Song Name')).toBeNull();
    expect(button).toBeDisabled();
    await fill({ cover: file('cover.png'), audio: file('song.mp3') });
    expect(button).toBeEnabled();
    await user.clear(screen.getByLabelText('Song Name'));
    expect(errorUnder('Song Name')).toBe(MESSAGES.name);
    expect(button).toBeDisabled();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('sends the spec fields as multipart, shows Loading... and the upload progress, then opens the new song', async () => {
    const created = song({ song_name: 'Blue Hour' });
    const answer = deferred<Song>();
    api.post.mockReturnValue(answer.promise);
    const changes = recordBus('library:changed');
    const { fill, submit } = renderPage();
    await fill({ name: '  Blue Hour ', cover: file('cover.png'), audio: file('song.mp3') });
    await submit();

    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    const [path, options] = api.post.mock.calls[0]!;
    expect(path).toBe('/api/songs/new');
    expect(formFields(options?.form)).toEqual({ song_name: 'Blue Hour', song_cover_url: 'file:cover.png', song_file_url: 'file:song.mp3' });

    act(() => options?.onUploadProgress?.(0.42));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');

    await act(async () => answer.resolve(created));
    await waitFor(() => expect(currentPath()).toBe(`/songs/${created.id}`));
    expect(changes).toEqual([{ entity: 'song', id: created.id, action: 'created' }]);
  });

  it("puts the server's field errors under their inputs", async () => {
    api.post.mockRejectedValue(apiError(400, { song_file_url: MESSAGES.song, song_cover_url: 'Cover photo must be at most 10 MB.' }, 'Some fields are invalid.'));
    const { fill, submit } = renderPage();
    await fill({ name: 'Blue Hour', cover: file('cover.png'), audio: file('fake.mp3') });
    await submit();
    await waitFor(() => expect(errorUnder('Song file')).toBe(MESSAGES.song));
    expect(errorUnder('Cover photo')).toBe('Cover photo must be at most 10 MB.');
    expect(screen.getByRole('button', { name: 'Create Song' })).toBeDisabled();
    expect(currentPath()).toBe('/songs/new');
  });

  it('shows the generic message on a 5xx', async () => {
    api.post.mockRejectedValue(apiError(500, undefined, 'boom'));
    const { fill, submit } = renderPage();
    await fill({ name: 'Blue Hour', cover: file('cover.png'), audio: file('song.mp3') });
    await submit();
    await waitFor(() => expect(alertText()).toBe(MESSAGES.server));
    expect(screen.getByRole('button', { name: 'Create Song' })).toBeEnabled();
  });

  it("keeps the API's sentence for a refusal no field explains", async () => {
    api.post.mockRejectedValue(apiError(403, undefined, 'You can only add songs to your own albums.'));
    const { fill, submit } = renderPage();
    await fill({ name: 'Blue Hour', cover: file('cover.png'), audio: file('song.mp3') });
    await submit();
    await waitFor(() => expect(alertText()).toBe('You can only add songs to your own albums.'));
  });

  it('sends a guest home', () => {
    renderAt('/songs/new', { '/songs/new': <SongCreatePage />, '/': <p>Home</p> });
    publishSession(null);
    expect(currentPath()).toBe('/');
  });

  describe('when the API refuses the upload', () => {
    const cut = () => new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE_MESSAGE }, 'network');
    /** GET /api/auth/ answering `user` (the session check before a large upload, and after a cut connection). */
    const sessionIs = (user: SessionUser | null) => Object.assign(api, { session: vi.fn(async () => user), forgetCsrfToken: vi.fn() });
    const large = (name: string) => file(name, 'audio/mpeg', 2 * 1024 * 1024);

    it('asks whether anyone is logged in before a large upload, and with nobody opens "Please log in" instead of sending', async () => {
      const { session } = sessionIs(null);
      const modals = recordBus('ui:open-modal');
      const { fill, submit } = renderPage();
      await fill({ name: 'Blue Hour', cover: file('cover.png'), audio: large('song.mp3') });
      await submit();
      await waitFor(() => expect(modals).toEqual([{ modal: 'please-log-in' }]));
      expect(session).toHaveBeenCalledOnce();
      expect(api.post).not.toHaveBeenCalled();
      // The page now knows it has a guest: it goes home, as for any guest.
      expect(getEventBus().last('auth:session')).toEqual({ user: null });
      await waitFor(() => expect(currentPath()).toBe('/'));
    });

    it('sends a large upload with a fresh CSRF token once the session is confirmed', async () => {
      const { forgetCsrfToken } = sessionIs(ANN);
      api.post.mockReturnValue(new Promise(() => {}));
      const { fill, submit } = renderPage();
      await fill({ name: 'Blue Hour', cover: file('cover.png'), audio: large('song.mp3') });
      await submit();
      await waitFor(() => expect(api.post).toHaveBeenCalledOnce());
      expect(forgetCsrfToken).toHaveBeenCalledOnce();
    });

    it('opens "Please log in" for a 401 mid-upload', async () => {
      api.post.mockRejectedValue(apiError(401, { auth: 'Unauthorized' }, 'You need to log in.'));
      const modals = recordBus('ui:open-modal');
      const { fill, submit } = renderPage();
      await fill({ name: 'Blue Hour', cover: file('cover.png'), audio: file('song.mp3') });
      await submit();
      await waitFor(() => expect(modals).toEqual([{ modal: 'please-log-in' }]));
      expect(getEventBus().last('auth:session')).toEqual({ user: null });
    });

    it('opens "Please log in" for a cut connection after which nobody is logged in, and says the network failed when someone still is', async () => {
      api.post.mockRejectedValue(cut());
      sessionIs(ANN);
      const modals = recordBus('ui:open-modal');
      const { fill, submit } = renderPage();
      await fill({ name: 'Blue Hour', cover: file('cover.png'), audio: file('song.mp3') });
      await submit();
      await waitFor(() => expect(alertText()).toBe(UPLOAD_MESSAGES.network));
      expect(modals).toEqual([]);

      sessionIs(null);
      await submit();
      await waitFor(() => expect(modals).toEqual([{ modal: 'please-log-in' }]));
    });

    it('shows a CSRF refusal’s own message', async () => {
      api.post.mockRejectedValue(new ApiError({ statusCode: 403, code: 'CSRF_INVALID', message: 'Missing or invalid CSRF token.' }));
      const { fill, submit } = renderPage();
      await fill({ name: 'Blue Hour', cover: file('cover.png'), audio: file('song.mp3') });
      await submit();
      await waitFor(() => expect(alertText()).toBe('Missing or invalid CSRF token.'));
    });
  });
});
