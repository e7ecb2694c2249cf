import { Navigate, useNavigate } from 'react-router';
import { FormPage } from '../components/form-layout';
import { CreateSongForm } from '../features/songs/create-song-form';
import { libraryChanged } from '../lib/bus';
import { useSessionUser } from '../lib/session';

/** `/songs/new`: redirects home without a user; goes to the new song once created (SPEC §2, §4). */
export default function SongCreatePage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  if (user === null) return <Navigate to="/" replace />;
  return (
    <FormPage title="Create Song" subtitle="Upload an mp3 and a cover photo; the length is read from the file.">
      <CreateSongForm
        onCreated={(song) => {
          navigate(`/songs/${song.id}`);
          libraryChanged({ entity: 'song', id: song.id, action: 'created' });
        }}
      />
    </FormPage>
  );
}
