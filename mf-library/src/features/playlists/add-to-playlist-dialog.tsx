import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, type UserPlaylistsResponse } from '@tunafy/contracts';
import { buttonClassName } from '@tunafy/ui';
import { PickError, PickerDialog } from '../../components/picker-dialog';
import { libraryChanged, notify } from '../../lib/bus';
import { formatSongCount } from '../../lib/format';
import { asApiError, useApi } from '../../lib/use-api';
import { addSongToPlaylist, ownPlaylistsPath } from '../shared/playlists-api';

/**
 * Adds `songIds` one by one, in their order, so the playlist keeps them in that order (there is no bulk add in the
 * API; see docs/queue-and-selection.md). Stops at the first failure, saying how many went in: those stay, and
 * picking the playlist again adds the rest (adding a song that is already there changes nothing).
 */
async function addAll(playlistId: string, songIds: readonly string[], onProgress: (done: number) => void): Promise<void> {
  for (const [done, songId] of songIds.entries()) {
    onProgress(done);
    try {
      await addSongToPlaylist(playlistId, songId);
    } catch (failure) {
      if (songIds.length === 1) throw failure;
      const apiError = asApiError(failure);
      const reason = apiError.status >= 500 ? MESSAGES.serverError : apiError.body.message;
      throw new PickError(`Added ${done} of ${songIds.length} songs. ${reason}`);
    }
  }
}

/**
 * Lists only the user's own playlists (private ones too); after adding, goes to that playlist (SPEC §4). Takes one
 * song (a song's menu, a row's menu) or a selection of rows.
 */
export function AddToPlaylistDialog({ userId, songIds, onClose }: { userId: string; songIds: readonly string[]; onClose: () => void }) {
  const navigate = useNavigate();
  const own = useApi<UserPlaylistsResponse>(ownPlaylistsPath(userId));
  const [done, setDone] = useState<number | null>(null);
  const several = songIds.length > 1;
  return (
    <PickerDialog
      title={several ? `Add ${formatSongCount(songIds.length)} to Playlist` : 'Add to Playlist'}
      kind="playlist"
      options={own.data?.playlists.map((playlist) => ({
        id: playlist.id,
        name: playlist.playlist_name,
        detail: playlist.private ? 'Private playlist' : 'Playlist',
        coverUrl: playlist.playlist_cover_url,
      }))}
      loadError={own.error}
      onRetry={own.reload}
      progress={several && done !== null ? `Adding ${done + 1} of ${songIds.length}...` : null}
      empty={
        <>
          <p>You have no playlists yet. Create one, then add {several ? 'these songs' : 'this song'} to it.</p>
          <Link to="/playlists/new" className={buttonClassName('primary', 'small')}>
            Create Playlist
          </Link>
        </>
      }
      onPick={async (playlistId) => {
        let added = 0;
        try {
          await addAll(playlistId, songIds, (count) => {
            added = count;
            setDone(count);
          });
          added = songIds.length;
        } finally {
          setDone(null);
          // Whatever went in before a failure is in the playlist now.
          if (added > 0) libraryChanged({ entity: 'playlist', id: playlistId, action: 'updated' });
        }
        const name = own.data?.playlists.find((playlist) => playlist.id === playlistId)?.playlist_name;
        if (name) notify(several ? `Added ${formatSongCount(songIds.length)} to ${name}` : `Added to ${name}`);
        navigate(`/playlists/${playlistId}`);
      }}
      onClose={onClose}
    />
  );
}
