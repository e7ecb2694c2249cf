import type { Album } from '@tunafy/contracts';
import { UpdateRoute } from '../components/item-route';
import { albumPath } from '../features/shared/albums-api';
import { UpdateAlbumForm } from '../features/albums/update-album-form';
import { ALL_ALBUMS } from './back-links';

/** `/albums/:albumId/update`: goes back to the album once saved (SPEC §4). */
export default function AlbumUpdatePage() {
  return (
    <UpdateRoute<Album> param="albumId" path={albumPath} entity="album" backTo={ALL_ALBUMS} name={(album) => album.album_name}>
      {(album, onUpdated) => <UpdateAlbumForm album={album} onUpdated={onUpdated} />}
    </UpdateRoute>
  );
}
