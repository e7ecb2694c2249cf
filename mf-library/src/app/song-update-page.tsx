import { useNavigate, useParams } from 'react-router';
import type { Song, SessionUser } from '@tunafy/contracts';
import { EmptyState, HeroSkeleton } from '@tunafy/ui';
import { FormPage } from '../components/form-layout';
import { LoadError, LoginRequired } from '../components/states';
import { songPath } from '../features/songs/api';
import { UpdateSongForm } from '../features/songs/update-song-form';
import { libraryChanged } from '../lib/bus';
import { useSessionUser } from '../lib/session';
import { useApi } from '../lib/use-api';

function SongUpdate({ songId, user }: { songId: string; user: SessionUser }) {
  const navigate = useNavigate();
  const song = useApi<Song>(songPath(songId));
  if (song.error) return <LoadError error={song.error} what="song" onRetry={song.reload} backTo={{ to: '/songs', label: 'All Songs' }} />;
  if (!song.data) return <HeroSkeleton label="Loading song" withRows={false} />;
  if (song.data.artist_id !== user.id) return <EmptyState title="This song isn’t yours" text="Only its artist can update a song. You can still play it from the song page." />;
  return (
    <FormPage title="Update Song" subtitle={song.data.song_name}>
      <UpdateSongForm
        song={song.data}
        onUpdated={(updated) => {
          navigate(`/songs/${updated.id}`);
          libraryChanged({ entity: 'song', id: updated.id, action: 'updated' });
        }}
      />
    </FormPage>
  );
}

/** `/songs/:songId/update`: goes back to the song once saved (SPEC §4). */
export default function SongUpdatePage() {
  const { songId = '' } = useParams();
  const user = useSessionUser();
  if (user === undefined) return <HeroSkeleton label="Loading song" withRows={false} />;
  if (!user) return <LoginRequired what="this song" />;
  return <SongUpdate key={songId} songId={songId} user={user} />;
}
