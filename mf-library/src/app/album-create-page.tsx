import type { Album } from '@tunafy/contracts';
import { CreateRoute } from '../components/item-route';
import { CreateAlbumForm } from '../features/albums/create-album-form';

/** `/albums/new`: goes to /albums once created (SPEC §4). */
export default function AlbumCreatePage() {
  return (
    <CreateRoute<Album> entity="album" subtitle="A name and a cover; add your songs to it from their menu.">
      {(onCreated) => <CreateAlbumForm onCreated={onCreated} />}
    </CreateRoute>
  );
}
