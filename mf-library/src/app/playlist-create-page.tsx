import type { Playlist } from '@tunafy/contracts';
import { CreateRoute } from '../components/item-route';
import { CreatePlaylistForm } from '../features/playlists/create-playlist-form';

/** `/playlists/new`: goes to /playlists once created (SPEC §4). */
export default function PlaylistCreatePage() {
  return (
    <CreateRoute<Playlist> entity="playlist" subtitle="Give it a name; add songs from any song's menu afterwards.">
      {(onCreated) => <CreatePlaylistForm onCreated={onCreated} />}
    </CreateRoute>
  );
}
