import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AlbumUpdatePage from '../../app/album-update-page';
import { ANN, BOB, album, file } from '../../test/fixtures';
import { apiError, formFields, serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { errorUnder } from '../../test/queries';
import { expectSubmission, renderFormPage, retype } from '../../test/form-page';
import { recordBus } from '../../test/render';

let api: FakeApi;
const NIGHT = album({ album_name: 'Night Drive' });
beforeEach(() => {
  api = stubApiClient();
  serveGets(api, { [`/api/albums/${NIGHT.id}`]: NIGHT });
});

async function renderPage(user = ANN) {
  return renderFormPage(`/albums/${NIGHT.id}/update`, { '/albums/:albumId/update': <AlbumUpdatePage />, '/albums/:albumId': <p>Album page</p> }, 'Update Album', user);
}

describe('Update album', () => {
  it('starts from the stored name and requires one', async () => {
    const { user, submit } = await renderPage();
    const name = await screen.findByLabelText('Album Name');
    expect(name).toHaveValue('Night Drive');
    await user.clear(name);
    expect(errorUnder('Album Name')).toBeNull();
    await submit();
    expect(errorUnder('Album Name')).toBe('Name is required.');
    expect(api.put).not.toHaveBeenCalled();
  });

  it('replaces the cover by clicking the thumbnail, with a local preview', async () => {
    const { user } = await renderPage();
    const thumbnail = await screen.findByRole('button', { name: /change cover photo/i });
    const input = screen.getByLabelText('Cover photo') as HTMLInputElement;
    let opened = false;
    input.addEventListener('click', () => (opened = true));
    await user.click(thumbnail);
    expect(opened).toBe(true);
    await user.upload(input, file('new-cover.png', 'image/png'));
    expect(URL.createObjectURL).toHaveBeenCalled();
    expect(thumbnail.querySelector('img')).toHaveAttribute('src', 'blob:preview/new-cover.png');
    expect(screen.getByText('New cover: new-cover.png')).toBeInTheDocument();
  });

  it('sends the name and the new cover, shows Loading..., then goes to the album', async () => {
    const { user, submit } = await renderPage();
    const fillAndSubmit = async () => {
      await retype(user, 'Album Name', 'Night Drive II');
      await user.upload(screen.getByLabelText('Cover photo'), file('new.jpg', 'image/jpeg'));
      await submit();
    };
    await expectSubmission(api, fillAndSubmit, {
      method: 'put',
      path: `/api/albums/${NIGHT.id}/update`,
      fields: { album_name: 'Night Drive II', album_cover_url: 'file:new.jpg' },
      answer: { ...NIGHT, album_name: 'Night Drive II' },
      then: `/albums/${NIGHT.id}`,
    });
  });

  it('sends only the name when the cover is kept; server errors show under the input', async () => {
    api.put.mockRejectedValue(apiError(400, { album_name: 'Name must be at most 100 characters.' }));
    const { submit } = await renderPage();
    await screen.findByLabelText('Album Name');
    await submit();
    expect(formFields(api.put.mock.calls[0]![1]?.form)).toEqual({ album_name: 'Night Drive' });
    await waitFor(() => expect(errorUnder('Album Name')).toBe('Name must be at most 100 characters.'));
  });

  it("does not offer the form for someone else's album", async () => {
    await renderPage(BOB);
    expect(await screen.findByText('This album isn’t yours')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Album' })).toBeNull();
  });

  it('asks whether anyone is logged in before sending a large cover; nobody: "Please log in", nothing sent', async () => {
    Object.assign(api, { session: vi.fn(async () => null), forgetCsrfToken: vi.fn() });
    const modals = recordBus('ui:open-modal');
    const { user, submit } = await renderPage();
    await user.upload(await screen.findByLabelText('Cover photo'), file('huge.png', 'image/png', 3 * 1024 * 1024));
    await submit();
    await waitFor(() => expect(modals).toEqual([{ modal: 'please-log-in' }]));
    expect(api.put).not.toHaveBeenCalled();
  });
});
