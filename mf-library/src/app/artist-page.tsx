import type { ArtistDetail } from '@tunafy/contracts';
import { ItemRoute, prefetchItem } from '../components/item-route';
import { artistPath } from '../features/shared/artists-api';
import { ArtistView } from '../features/artists/artist-view';
import { SongList } from './song-list';

const ALL_ARTISTS = { to: '/artists', label: 'All artists' };

// Loaded as the first screen or on the way to it: its item is asked for now (see prefetchItem).
export const firstData = prefetchItem<ArtistDetail>(/^\/artists\/([^/]+)\/?$/, artistPath, (detail) => detail.artist.picture_url);

/** `/artists/:artistId`: an artist's page, where every credited artist's name leads; an unknown id shows "This artist isn’t here". */
export default function ArtistPage() {
  // Its songs, albums and counts change when songs are uploaded, corrected or deleted anywhere in the app.
  return (
    <ItemRoute<ArtistDetail> param="artistId" path={artistPath} what="artist" backTo={ALL_ARTISTS} reloadOn={['song', 'album']}>
      {(detail) => <ArtistView detail={detail} songList={SongList} />}
    </ItemRoute>
  );
}
