import { Link, useNavigate } from 'react-router';
import type { UserPlaylistsResponse } from '@tunafy/contracts';
import { buttonClassName } from '../../components/button';
import { PickerDialog } from '../../components/picker-dialog';
import { libraryChanged, notify } from '../../lib/bus';
import { useApi } from '../../lib/use-api';
import { addSongToPlaylist, ownPlaylistsPath } from './api';

/** Lists only the user's own playlists (private ones too); after adding, goes to that playlist (SPEC §4). */
export function AddToPlaylistDialog({ userId, songId, onClose }: { userId: string; songId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const own = useApi<UserPlaylistsResponse>(ownPlaylistsPath(userId));
  return (
    <PickerDialog
      title="Add to Playlist"
      kind="playlist"
      options={own.data?.playlists.map((playlist) => ({
        id: playlist.id,
        name: playlist.playlist_name,
        detail: playlist.private ? 'Private playlist' : 'Playlist',
        coverUrl: playlist.playlist_cover_url,
      }))}
      loadError={own.error}
      onRetry={own.reload}
      empty={
        <>
          <p>You have no playlists yet. Create one, then add this song to it.</p>
          <Link to="/playlists/new" className={buttonClassName('primary', 'small')}>
            Create Playlist
          </Link>
        </>
      }
      onPick={async (playlistId) => {
        await addSongToPlaylist(playlistId, songId);
        libraryChanged({ entity: 'playlist', id: playlistId, action: 'updated' });
        const name = own.data?.playlists.find((playlist) => playlist.id === playlistId)?.playlist_name;
        if (name) notify(`Added to ${name}`);
        navigate(`/playlists/${playlistId}`);
      }}
      onClose={onClose}
    />
  );
}
