import type { Album } from '@tunafy/contracts';
import { MediaCards, type MediaCardProps } from '../../components/media-card';

/** Album cards: cover, name, "By {artist username}" (SPEC §2), the name a link to the artist's page. */
export function AlbumCards({ albums, guest, label }: { albums: readonly Album[]; guest: boolean; label: string }) {
  return <MediaCards items={albums} guest={guest} label={label} card={albumCard} />;
}

function albumCard(album: Album): Omit<MediaCardProps, 'guest'> {
  const by = { userId: album.artist_id, username: album.artist_username };
  return { to: `/albums/${album.id}`, kind: 'album', coverUrl: album.album_cover_url, title: album.album_name, subtitle: `By ${by.username}`, by };
}
