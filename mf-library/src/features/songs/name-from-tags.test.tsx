import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import SongCreatePage from '../../app/song-create-page';
import { ANN, file } from '../../test/fixtures';
import { stubApiClient } from '../../test/fake-api';
import { publishSession, renderAt } from '../../test/render';

vi.mock('../../lib/read-audio', () => ({
  readAudio: vi.fn(async () => ({ format: 'mp3', duration: 200, tags: { title: 'Title From Tags' }, picture: null })),
}));

function renderPage() {
  stubApiClient();
  renderAt('/songs/new', { '/songs/new': <SongCreatePage /> });
  publishSession(ANN);
  return userEvent.setup();
}

describe('Create song: name from the mp3’s tags', () => {
  it('fills an empty name from the title tag', async () => {
    const user = renderPage();
    await user.upload(screen.getByLabelText('Song file'), file('song.mp3'));
    await waitFor(() => expect(screen.getByLabelText('Song Name')).toHaveValue('Title From Tags'));
  });

  it('leaves a name the user typed', async () => {
    const user = renderPage();
    await user.type(screen.getByLabelText('Song Name'), 'Mine');
    await user.upload(screen.getByLabelText('Song file'), file('song.mp3'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByLabelText('Song Name')).toHaveValue('Mine');
  });

  it('points to the upload screen for other formats', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Use the upload screen' })).toHaveAttribute('href', '/upload');
    expect(screen.getByLabelText('Song file')).toHaveAccessibleDescription(/An \.mp3 file, up to 30 MB\. FLAC, m4a, Ogg, Opus, WAV or a whole album\? Use the upload screen\./);
  });
});
