import { useNavigate } from 'react-router';
import { FormPage } from '../components/form-layout';
import { LoginRequired } from '../components/states';
import { CreateAlbumForm } from '../features/albums/create-album-form';
import { libraryChanged } from '../lib/bus';
import { useSessionUser } from '../lib/session';

/** `/albums/new`: goes to /albums once created (SPEC §4). */
export default function AlbumCreatePage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  if (user === null) return <LoginRequired what="your albums" />;
  return (
    <FormPage title="Create Album" subtitle="A name and a cover; add your songs to it from their menu.">
      <CreateAlbumForm
        onCreated={(album) => {
          navigate('/albums');
          libraryChanged({ entity: 'album', id: album.id, action: 'created' });
        }}
      />
    </FormPage>
  );
}
