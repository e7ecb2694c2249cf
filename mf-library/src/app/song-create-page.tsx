import { Navigate } from 'react-router';
import type { Song } from '@tunafy/contracts';
import { CreateRoute } from '../components/item-route';
import { CreateSongForm } from '../features/songs/create-song-form';

/** `/songs/new`: redirects home without a user; goes to the new song once created (SPEC §2, §4). */
export default function SongCreatePage() {
  return (
    <CreateRoute<Song> entity="song" subtitle="Upload an mp3 and a cover photo; the length is read from the file." to={(song) => `/songs/${song.id}`} signedOut={<Navigate to="/" replace />}>
      {(onCreated) => <CreateSongForm onCreated={onCreated} />}
    </CreateRoute>
  );
}
