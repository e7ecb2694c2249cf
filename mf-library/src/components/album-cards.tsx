import type { Album } from '@tunafy/contracts';
import { creditNames, type CoverPriority } from '@tunafy/ui';
import { MediaCards, type MediaCardProps } from './media-card';

/**
 * Album cards: cover, name, "By {artist username}" (SPEC §2), the name a link to the artist's page; an album whose
 * tags name an album artist is by that artist, linked to its artist page (docs/artists-ui.md).
 */
export function AlbumCards({ albums, guest, label, firstRow }: { albums: readonly Album[]; guest: boolean; label: string; firstRow?: CoverPriority }) {
  return <MediaCards items={albums} guest={guest} label={label} card={albumCard} firstRow={firstRow} />;
}

function albumCard(album: Album): Omit<MediaCardProps, 'guest'> {
  return { to: `/albums/${album.id}`, kind: 'album', coverUrl: album.album_cover_url, title: album.album_name, subtitle: `By ${creditNames(album)}`, by: album };
}
