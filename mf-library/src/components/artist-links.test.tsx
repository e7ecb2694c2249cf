import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { album, ANN, song } from '../test/fixtures';
import { currentPath, recordBus, renderAt } from '../test/render';
import { AlbumCards } from './album-cards';
import { ArtistLinks } from './artist-links';
import { TrackRow } from './track-list';

const BJORK = { id: 'ar1', name: 'Björk' };
const THOM = { id: 'ar2', name: 'Thom Yorke' };
const idle = { playing: false, currentId: null, toggle: () => undefined, playAt: () => undefined };

describe('ArtistLinks in the library', () => {
  it('opens a credited artist’s page in the app', async () => {
    renderAt('/', { '/': <ArtistLinks item={song({ artists: [BJORK, THOM] })} />, '/artists/:artistId': <p>Artist page</p> });
    await userEvent.click(screen.getByRole('link', { name: 'Thom Yorke' }));
    expect(currentPath()).toBe('/artists/ar2');
  });

  it('keeps a form-made song on its owner’s user page, as SPEC shows it', async () => {
    renderAt('/', { '/': <ArtistLinks item={song({ artists: [] })} />, '/users/:userId': <p>User page</p> });
    await userEvent.click(screen.getByRole('link', { name: 'ann' }));
    expect(currentPath()).toBe(`/users/${ANN.id}`);
  });

  it('names a song row by its credited artists: the links, the play button and the menu', () => {
    const tagged = song({ song_name: 'Hyperballad', artists: [BJORK, THOM] });
    renderAt('/', {
      '/': (
        <div role="grid" aria-label="Songs">
          <TrackRow song={tagged} index={0} playback={idle} top={0} setSize={1} menu={() => [{ label: 'Play next', onSelect: () => undefined }]} />
        </div>
      ),
    });
    const row = screen.getByRole('row');
    expect(within(row).getByRole('link', { name: 'Björk' })).toHaveAttribute('href', '/artists/ar1');
    expect(within(row).getByRole('link', { name: 'Thom Yorke' })).toHaveAttribute('href', '/artists/ar2');
    expect(within(row).getByRole('button', { name: 'Play Hyperballad by Björk, Thom Yorke' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'More options for Hyperballad by Björk, Thom Yorke' })).toBeInTheDocument();
  });

  it('puts an album card under its album artist, and still asks a guest to log in from its name', async () => {
    const modals = recordBus('ui:open-modal');
    const compilation = album({ album_name: 'Now 97', album_artist: { id: 'va', name: 'Various Artists' } });
    renderAt('/', { '/': <AlbumCards albums={[compilation]} guest label="Albums" /> });
    expect(screen.getByRole('link', { name: 'Now 97 By Various Artists' })).toHaveAttribute('href', `/albums/${compilation.id}`);
    const name = screen.getByRole('link', { name: 'Various Artists' });
    expect(name).toHaveAttribute('href', '/artists/va');
    await userEvent.click(name);
    expect(modals).toEqual([{ modal: 'please-log-in' }]);
    expect(currentPath()).toBe('/');
  });
});
