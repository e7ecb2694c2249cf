import { Link, useNavigate } from 'react-router';
import type { Album } from '@tunafy/contracts';
import { buttonClassName } from '@tunafy/ui';
import { PickerDialog } from '../../components/picker-dialog';
import { libraryChanged, notify } from '../../lib/bus';
import { useApi } from '../../lib/use-api';
import { addSongToAlbum, ownAlbumsPath } from '../shared/albums-api';

/** Lists only the user's own albums (a bare array); after adding, goes to that album (SPEC §4). */
export function AddToAlbumDialog({ userId, songId, onClose }: { userId: string; songId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const own = useApi<Album[]>(ownAlbumsPath(userId));
  return (
    <PickerDialog
      title="Add to Album"
      kind="album"
      options={own.data?.map((album) => ({ id: album.id, name: album.album_name, detail: 'Album', coverUrl: album.album_cover_url }))}
      loadError={own.error}
      onRetry={own.reload}
      empty={
        <>
          <p>You have no albums yet. Create one, then add this song to it.</p>
          <Link to="/albums/new" className={buttonClassName('primary', 'small')}>
            Create Album
          </Link>
        </>
      }
      onPick={async (albumId) => {
        await addSongToAlbum(albumId, songId);
        libraryChanged({ entity: 'album', id: albumId, action: 'updated' });
        libraryChanged({ entity: 'song', id: songId, action: 'updated' });
        const name = own.data?.find((album) => album.id === albumId)?.album_name;
        if (name) notify(`Added to ${name}`);
        navigate(`/albums/${albumId}`);
      }}
      onClose={onClose}
    />
  );
}
