import { RowsSkeleton } from '@tunafy/ui';
import { SignedIn } from '../components/item-route';
import { GenreList } from '../features/genres/genre-list';

/** `/genres`: every genre with its song count (issue 25). */
export default function GenresPage() {
  return <SignedIn loading={<RowsSkeleton label="Loading genres" />} what="the genres">{() => <GenreList />}</SignedIn>;
}
