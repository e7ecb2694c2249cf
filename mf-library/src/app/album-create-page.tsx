import type { Album } from '@tunafy/contracts';
import { CreateRoute } from '../components/item-route';
import { LoginRequired } from '../components/states';
import { CreateAlbumForm } from '../features/albums/create-album-form';

/** `/albums/new`: goes to /albums once created (SPEC §4). */
export default function AlbumCreatePage() {
  return (
    <CreateRoute<Album>
      entity="album"
      title="Create Album"
      subtitle="A name and a cover; add your songs to it from their menu."
      to={() => '/albums'}
      signedOut={<LoginRequired what="your albums" />}
      form={(onCreated) => <CreateAlbumForm onCreated={onCreated} />}
    />
  );
}
