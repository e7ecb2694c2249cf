import { useNavigate, useParams } from 'react-router';
import type { Album, SessionUser } from '@tunafy/contracts';
import { EmptyState, HeroSkeleton } from '@tunafy/ui';
import { FormPage } from '../components/form-layout';
import { LoadError, LoginRequired } from '../components/states';
import { albumPath } from '../features/albums/api';
import { UpdateAlbumForm } from '../features/albums/update-album-form';
import { libraryChanged } from '../lib/bus';
import { useSessionUser } from '../lib/session';
import { useApi } from '../lib/use-api';

function AlbumUpdate({ albumId, user }: { albumId: string; user: SessionUser }) {
  const navigate = useNavigate();
  const album = useApi<Album>(albumPath(albumId));
  if (album.error) return <LoadError error={album.error} what="album" onRetry={album.reload} backTo={{ to: '/albums', label: 'All albums' }} />;
  if (!album.data) return <HeroSkeleton label="Loading album" withRows={false} />;
  if (album.data.artist_id !== user.id) return <EmptyState title="This album isn’t yours" text="Only its artist can update an album. You can still play it from the album page." />;
  return (
    <FormPage title="Update Album" subtitle={album.data.album_name}>
      <UpdateAlbumForm
        album={album.data}
        onUpdated={(updated) => {
          navigate(`/albums/${updated.id}`);
          libraryChanged({ entity: 'album', id: updated.id, action: 'updated' });
        }}
      />
    </FormPage>
  );
}

/** `/albums/:albumId/update`: goes back to the album once saved (SPEC §4). */
export default function AlbumUpdatePage() {
  const { albumId = '' } = useParams();
  const user = useSessionUser();
  if (user === undefined) return <HeroSkeleton label="Loading album" withRows={false} />;
  if (!user) return <LoginRequired what="this album" />;
  return <AlbumUpdate key={albumId} albumId={albumId} user={user} />;
}
