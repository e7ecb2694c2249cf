import type { Album } from '@tunafy/contracts';
import { AlbumIcon } from '@tunafy/ui';
import { albumPages } from '../features/shared/albums-api';
import { AlbumCards } from '../components/album-cards';
import { useSessionUser } from '../lib/session';
import { CatalogGrid } from './catalog-grid';

const EMPTY = { icon: <AlbumIcon />, title: 'No albums yet', text: 'Upload a few songs, then group them into an album with a cover for everyone to hear.', create: 'Create Album' };

/** `/albums`: every album as a grid titled "Tunafy Albums" (SPEC §2); guests get the log-in modal on a card. */
export default function AlbumsPage() {
  const guest = !useSessionUser();
  const cards = (albums: readonly Album[]) => <AlbumCards albums={albums} guest={guest} label="Tunafy Albums" firstRow="high" />;
  return <CatalogGrid title="Tunafy Albums" noun="album" fetchPage={albumPages} guest={guest} empty={EMPTY} cards={cards} />;
}
