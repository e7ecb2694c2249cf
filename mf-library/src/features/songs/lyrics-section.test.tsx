import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LYRICS_MESSAGES, type Lyrics } from '@tunafy/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { song } from '../../test/fixtures';
import { apiError, serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { recordBus } from '../../test/render';
import { LyricsSection } from './lyrics-section';

// The update screen's lyrics (docs/lyrics.md): a section of its own, an "Edit lyrics" dialog, PUT and DELETE.

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});

const TIMED: Lyrics = {
  song_id: 's1',
  synced: [
    { start_ms: 1500, text: 'First' },
    { start_ms: 62000, text: 'Second' },
  ],
  plain: null,
  source: 'user',
  lang: null,
  updated_at: '2026-11-28T00:00:00.000Z',
};

describe('LyricsSection', () => {
  it('pastes lyrics in the dialog and saves them with PUT, then says so and tells the lists', async () => {
    const user = userEvent.setup();
    const notices = recordBus('ui:notify');
    const changes = recordBus('library:changed');
    const owned = song({ id: 's1', song_name: 'Harbour', has_lyrics: false });
    api.put.mockResolvedValue(TIMED);
    render(<LyricsSection song={owned} />);
    expect(screen.getByRole('heading', { name: 'Lyrics' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove lyrics' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit lyrics' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit lyrics' }));
    await user.click(dialog.getByLabelText('Lyrics'));
    await user.paste('[00:01.50]First');
    await user.click(dialog.getByRole('button', { name: 'Save lyrics' }));

    expect(api.put).toHaveBeenCalledWith('/api/songs/s1/lyrics', { json: { text: '[00:01.50]First' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notices).toContainEqual({ kind: 'info', message: 'Saved the lyrics.' });
    expect(changes).toContainEqual({ entity: 'song', id: 's1', action: 'updated' });
    expect(screen.getByRole('button', { name: 'Remove lyrics' })).toBeInTheDocument();
  });

  it('starts from the current lyrics as LRC, and shows the API’s message under the field', async () => {
    const user = userEvent.setup();
    serveGets(api, { '/api/songs/s1/lyrics': TIMED });
    api.put.mockRejectedValue(apiError(400, { text: LYRICS_MESSAGES.tooManyLines }));
    render(<LyricsSection song={song({ id: 's1', has_lyrics: true })} />);
    await user.click(screen.getByRole('button', { name: 'Edit lyrics' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit lyrics' }));
    await waitFor(() => expect(dialog.getByLabelText('Lyrics')).toHaveValue('[00:01.50]First\n[01:02.00]Second'));
    await user.click(dialog.getByRole('button', { name: 'Save lyrics' }));
    expect(await dialog.findByText(LYRICS_MESSAGES.tooManyLines)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('fills the field from an .lrc file and refuses other files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<LyricsSection song={song({ id: 's1', has_lyrics: false })} />);
    await user.click(screen.getByRole('button', { name: 'Edit lyrics' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit lyrics' }));
    await user.upload(dialog.getByLabelText('Or fill it from a file (.lrc or .txt)'), new File(['[00:02.00]From file'], 'song.lrc'));
    await waitFor(() => expect(dialog.getByLabelText('Lyrics')).toHaveValue('[00:02.00]From file'));
    await user.upload(dialog.getByLabelText('Or fill it from a file (.lrc or .txt)'), new File(['x'], 'cover.png'));
    expect(await dialog.findByText(LYRICS_MESSAGES.notText)).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Lyrics'));
    await user.click(dialog.getByRole('button', { name: 'Save lyrics' }));
    expect(await dialog.findByText(LYRICS_MESSAGES.required)).toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('removes the lyrics with DELETE', async () => {
    const user = userEvent.setup();
    api.delete.mockResolvedValue({ id: 's1', deleted: true });
    render(<LyricsSection song={song({ id: 's1', has_lyrics: true })} />);
    await user.click(screen.getByRole('button', { name: 'Remove lyrics' }));
    expect(api.delete).toHaveBeenCalledWith('/api/songs/s1/lyrics');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove lyrics' })).toBeNull());
  });
});
