import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import AlbumCreatePage from '../../app/album-create-page';
import { album, file } from '../../test/fixtures';
import { apiError, stubApiClient, type FakeApi } from '../../test/fake-api';
import { alertText, errorUnder } from '../../test/queries';
import { expectSubmission, renderFormPage } from '../../test/form-page';

const COVER = 'Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});

function renderPage() {
  const { user, submit } = renderFormPage('/albums/new', { '/albums/new': <AlbumCreatePage />, '/albums': <p>Albums</p> }, 'Create Album');
  return {
    user,
    type: (text: string) => user.type(screen.getByLabelText('Album Name'), text),
    upload: (cover: File) => user.upload(screen.getByLabelText('Cover photo'), cover),
    submit,
  };
}

describe('Create album', () => {
  it('requires a name and a cover, after the first submit only', async () => {
    const { submit } = renderPage();
    expect(errorUnder('Album Name')).toBeNull();
    await submit();
    expect(errorUnder('Album Name')).toBe('Name is required.');
    expect(errorUnder('Cover photo')).toBe(COVER);
    expect(screen.getByRole('button', { name: 'Create Album' })).toBeDisabled();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('refuses a cover with another extension', async () => {
    const { type, upload, submit } = renderPage();
    await type('Night Drive');
    await upload(file('cover.svg'));
    await submit();
    expect(errorUnder('Album Name')).toBeNull();
    expect(errorUnder('Cover photo')).toBe(COVER);
  });

  it('treats a name of spaces as missing', async () => {
    const { type, upload, submit } = renderPage();
    await type('   ');
    await upload(file('cover.png'));
    await submit();
    expect(errorUnder('Album Name')).toBe('Name is required.');
  });

  it('sends album_name and album_cover_url, shows Loading..., then goes to /albums', async () => {
    const { type, upload, submit } = renderPage();
    const fillAndSubmit = async () => {
      await type('Night Drive');
      await upload(file('cover.png'));
      await submit();
    };
    await expectSubmission(api, fillAndSubmit, {
      method: 'post',
      path: '/api/albums/new',
      fields: { album_name: 'Night Drive', album_cover_url: 'file:cover.png' },
      answer: album(),
      then: '/albums',
    });
  });

  it("shows the server's errors under the inputs and the generic text on a 5xx", async () => {
    api.post.mockRejectedValueOnce(apiError(400, { album_cover_url: COVER }));
    const { type, upload, submit } = renderPage();
    await type('Night Drive');
    await upload(file('cover.png'));
    await submit();
    await waitFor(() => expect(errorUnder('Cover photo')).toBe(COVER));

    api.post.mockRejectedValueOnce(apiError(503, undefined, 'The database is unreachable.'));
    await upload(file('other.png'));
    expect(errorUnder('Cover photo')).toBeNull();
    await submit();
    await waitFor(() => expect(alertText()).toBe('Something went wrong. Please try again'));
  });
});
