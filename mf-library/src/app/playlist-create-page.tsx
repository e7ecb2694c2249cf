import { useNavigate } from 'react-router';
import { FormPage } from '../components/form-layout';
import { LoginRequired } from '../components/states';
import { CreatePlaylistForm } from '../features/playlists/create-playlist-form';
import { libraryChanged } from '../lib/bus';
import { useSessionUser } from '../lib/session';

/** `/playlists/new`: goes to /playlists once created (SPEC §4). */
export default function PlaylistCreatePage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  if (user === null) return <LoginRequired what="your playlists" />;
  return (
    <FormPage title="Create Playlist" subtitle="Give it a name; add songs from any song's menu afterwards.">
      <CreatePlaylistForm
        onCreated={(playlist) => {
          navigate('/playlists');
          libraryChanged({ entity: 'playlist', id: playlist.id, action: 'created' });
        }}
      />
    </FormPage>
  );
}
