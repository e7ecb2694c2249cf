import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Song } from '@tunafy/contracts';
import { song } from '../../test/fixtures';
import { apiError, deferred, stubApiClient, type FakeApi } from '../../test/fake-api';
import { errorUnder } from '../../test/queries';
import { recordBus } from '../../test/render';
import { EditTagsDialog } from './edit-tags-dialog';

// "Edit tags" of a selection (issue 25): one PUT /api/songs/tags for every selected song, with only the fields set.

const BJORK = { id: 'ar1', name: 'Björk' };
const FIRST = song({ song_name: 'Joga', artists: [BJORK], genre: 'Electronic', year: 1997 });
const SECOND = song({ song_name: 'Bachelorette', artists: [BJORK], genre: 'Electronic', year: 1998 });
const OTHER = song({ song_name: 'Idioteque', artists: [{ id: 'ar2', name: 'Radiohead' }], genre: null, year: 2000 });

let api: FakeApi;
let onSaved: ReturnType<typeof vi.fn<() => void>>;
let onClose: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  api = stubApiClient();
  onSaved = vi.fn<() => void>();
  onClose = vi.fn<() => void>();
});

async function open(songs: Song[]) {
  render(
    <MemoryRouter>
      <EditTagsDialog songs={songs} onClose={onClose} onSaved={onSaved} />
    </MemoryRouter>,
  );
  return within(await screen.findByRole('dialog', { name: `Edit tags of ${songs.length} songs` }));
}

/** The first PUT's path and JSON body. */
function sent(): [string, unknown] {
  const [path, options] = api.put.mock.calls[0] as unknown as [string, { json: unknown }];
  return [path, options.json];
}

describe('Edit tags of a selection', () => {
  it('starts with what the songs share; a field they differ on starts empty and says each keeps its own', async () => {
    const dialog = await open([FIRST, SECOND]);
    expect(dialog.getByLabelText('Artist 1')).toHaveValue('Björk');
    expect(dialog.getByLabelText('Genre')).toHaveValue('Electronic');
    expect(dialog.getByLabelText('Year')).toHaveValue('');
    expect(dialog.getByLabelText('Year')).toHaveAttribute('placeholder', 'Several values: each song keeps its own');
    expect(dialog.queryByLabelText('Album artist')).toBeNull();
    // The first field has focus when the dialog opens.
    expect(dialog.getByLabelText('Artist 1')).toHaveFocus();
  });

  it('sends only the fields set, for every song at once, then says so and tells the lists', async () => {
    const notices = recordBus('ui:notify');
    const changes = recordBus('library:changed');
    const user = userEvent.setup();
    const dialog = await open([FIRST, OTHER]);
    expect(dialog.queryByLabelText('Artist 1')).toBeNull();
    expect(dialog.getByRole('group', { name: 'Artists' })).toHaveAccessibleDescription('The songs have different artists: left empty, each keeps its own.');
    await user.click(dialog.getByRole('button', { name: 'Add artist' }));
    await user.keyboard('Various Artists');
    await user.type(dialog.getByLabelText('Genre'), 'Mixtape');
    const answer = deferred<unknown>();
    api.put.mockReturnValue(answer.promise);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(sent()).toEqual(['/api/songs/tags', { artists: ['Various Artists'], genre: 'Mixtape', song_ids: [FIRST.id, OTHER.id] }]);
    await act(async () => answer.resolve({ songs: [] }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(notices).toEqual([{ kind: 'info', message: 'Updated the tags of 2 songs.' }]);
    expect(changes).toEqual([{ entity: 'song', id: FIRST.id, action: 'updated' }]);
  });

  it('clears a shared value when it is emptied; saving nothing changed asks for a change instead', async () => {
    const user = userEvent.setup();
    const dialog = await open([FIRST, SECOND]);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Change a field to save, or cancel.');
    expect(api.put).not.toHaveBeenCalled();
    await user.clear(dialog.getByLabelText('Genre'));
    api.put.mockResolvedValue({ songs: [] });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(sent()).toEqual(['/api/songs/tags', { genre: null, song_ids: [FIRST.id, SECOND.id] }]);
  });

  it('shows the API’s field messages under their fields, and a refusal of the whole selection in its alert', async () => {
    const user = userEvent.setup();
    const dialog = await open([FIRST, SECOND]);
    api.put.mockRejectedValueOnce(apiError(400, { year: 'Use a year from 1000 to 9999.' }));
    await user.type(dialog.getByLabelText('Year'), '2001');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorUnder('Year')).toBe('Use a year from 1000 to 9999.'));
    expect(dialog.getByLabelText('Year')).toHaveFocus();

    api.put.mockRejectedValueOnce(apiError(403, undefined, 'Only the owner of a song can correct its tags.'));
    await user.type(dialog.getByLabelText('Year'), '{Backspace}2');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('Only the owner of a song can correct its tags.'));
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
