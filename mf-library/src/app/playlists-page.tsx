import type { Playlist } from '@tunafy/contracts';
import { NoteIcon } from '@tunafy/ui';
import { playlistPages } from '../features/shared/playlists-api';
import { PlaylistCards } from '../components/playlist-cards';
import { useSessionUser } from '../lib/session';
import { CatalogGrid } from './catalog-grid';

const EMPTY = { icon: <NoteIcon />, title: 'No playlists yet', text: 'Gather songs you love into a playlist; keep it private or share it with everyone.', create: 'Create Playlist' };

/** `/playlists`: every playlist the viewer may see (public ones, and their own private ones) as a grid (SPEC §2). */
export default function PlaylistsPage() {
  const user = useSessionUser();
  const guest = !user;
  // Which private playlists show depends on who is logged in: a new session starts a fresh list.
  const cards = (playlists: readonly Playlist[]) => <PlaylistCards playlists={playlists} guest={guest} label="Tunafy Playlists" firstRow="high" />;
  return <CatalogGrid key={user?.id ?? 'guest'} title="Tunafy Playlists" noun="playlist" fetchPage={playlistPages} guest={guest} empty={EMPTY} cards={cards} />;
}
