import type { RecentItem, RecentItemsResponse } from '@tunafy/contracts';
import { CardsSkeleton, artistPagePath, creditNames } from '@tunafy/ui';
import { MediaCards, Shelf, type MediaCardProps } from '../../components/media-card';
import { useApi } from '../../lib/use-api';
import { genrePagePath } from '../shared/genres-api';
import { RECENT_ITEMS_PATH } from './api';

/** A place of Recently played as a card, keyed by what it is (the same album played twice is one card). */
interface RecentCard {
  id: string;
  card: Omit<MediaCardProps, 'guest'>;
}

/** The card of each kind of place: its own page, its cover (an artist's round picture), and what it is. */
export function recentCard(item: RecentItem): RecentCard {
  switch (item.kind) {
    case 'album': {
      const { album } = item;
      return { id: `album:${album.id}`, card: { to: `/albums/${album.id}`, kind: 'album', coverUrl: album.album_cover_url, title: album.album_name, subtitle: `By ${creditNames(album)}`, by: album } };
    }
    case 'playlist': {
      const { playlist } = item;
      const creator = { artist_id: playlist.creator_id, artist_username: playlist.creator_username };
      return { id: `playlist:${playlist.id}`, card: { to: `/playlists/${playlist.id}`, kind: 'playlist', coverUrl: playlist.playlist_cover_url, title: playlist.playlist_name, subtitle: `By ${creator.artist_username}`, by: creator } };
    }
    case 'artist':
      return { id: `artist:${item.artist.id}`, card: { to: artistPagePath(item.artist.id), kind: 'artist', coverUrl: item.artist.picture_url, title: item.artist.name, subtitle: 'Artist' } };
    case 'genre':
      return { id: `genre:${item.genre.name}`, card: { to: genrePagePath(item.genre.name), kind: 'playlist', coverUrl: null, title: item.genre.name, subtitle: 'Genre' } };
    case 'liked':
      return { id: 'liked', card: { to: '/collection/tracks', kind: 'playlist', coverUrl: null, title: 'Liked Songs', subtitle: 'Your liked songs' } };
    case 'song': {
      const { song } = item;
      return { id: `song:${song.id}`, card: { to: `/songs/${song.id}`, kind: 'playlist', coverUrl: song.song_cover_url, title: song.song_name, subtitle: `By ${creditNames(song)}`, by: song } };
    }
  }
}

/**
 * The home page's "Recently played" for a logged-in listener (docs/listening.md): the albums, playlists, artists,
 * genres, Liked Songs and songs they last played from, latest first. Nothing when they have not played anything yet.
 */
export function RecentlyPlayedShelf() {
  const recent = useApi<RecentItemsResponse>(RECENT_ITEMS_PATH);
  // A failure leaves the shelf out: the page's own shelves are what the home page is for.
  if (recent.error || recent.data?.items.length === 0) return null;
  const cards = recent.data?.items.map(recentCard);
  return (
    <Shelf title="Recently played" showAllTo="/history" guest={false}>
      {cards ? <MediaCards items={cards} guest={false} label="Recently played" card={(entry) => entry.card} /> : <CardsSkeleton label="Loading recently played" count={5} />}
    </Shelf>
  );
}
