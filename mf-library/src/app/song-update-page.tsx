import type { Song } from '@tunafy/contracts';
import { UpdateRoute } from '../components/item-route';
import { songPath } from '../features/songs/api';
import { UpdateSongForm } from '../features/songs/update-song-form';
import { ALL_SONGS } from './back-links';

/** `/songs/:songId/update`: goes back to the song once saved (SPEC §4). */
export default function SongUpdatePage() {
  return (
    <UpdateRoute<Song> param="songId" path={songPath} entity="song" backTo={ALL_SONGS} name={(song) => song.song_name}>
      {(song, onUpdated) => <UpdateSongForm song={song} onUpdated={onUpdated} />}
    </UpdateRoute>
  );
}
