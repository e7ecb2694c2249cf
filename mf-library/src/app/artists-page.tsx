import { useSearchParams } from 'react-router';
import { RowsSkeleton } from '@tunafy/ui';
import { SignedIn } from '../components/item-route';
import { letterFrom } from '../features/shared/artists-api';
import { ArtistsIndex } from '../features/artists/artists-index';

/** `/artists?letter=`: the A–Z list of credited artists (issue 25), for logged-in users like every library list. */
export default function ArtistsPage() {
  const [params] = useSearchParams();
  const letter = letterFrom(params.get('letter'));
  return (
    <SignedIn loading={<RowsSkeleton label="Loading artists" />} what="the artists">
      {() => <ArtistsIndex letter={letter} />}
    </SignedIn>
  );
}
