import type { Playlist } from '@tunafy/contracts';
import type { CoverPriority } from '@tunafy/ui';
import { MediaCards, type MediaCardProps } from './media-card';

/** Playlist cards: cover, name, and the description or "By {creator username}" (SPEC §2), the name a link to the creator's page. */
export function PlaylistCards({ playlists, guest, label, firstRow }: { playlists: readonly Playlist[]; guest: boolean; label: string; firstRow?: CoverPriority }) {
  return <MediaCards items={playlists} guest={guest} label={label} card={playlistCard} firstRow={firstRow} />;
}

function playlistCard(playlist: Playlist): Omit<MediaCardProps, 'guest'> {
  const creator = { artist_id: playlist.creator_id, artist_username: playlist.creator_username };
  const byLine = { subtitle: playlist.description || `By ${creator.artist_username}`, by: playlist.description ? undefined : creator };
  return { to: `/playlists/${playlist.id}`, kind: 'playlist', coverUrl: playlist.playlist_cover_url, title: playlist.playlist_name, ...byLine };
}
