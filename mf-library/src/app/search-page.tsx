import { HeroSkeleton } from '@tunafy/ui';
import { SignedIn } from '../components/item-route';
import { SearchScreen } from '../features/search/search-screen';
import { SongList } from './song-list';

/** `/search?q=…&type=…`: the search screen (docs/search.md), the phone's Search tab; search needs an account. */
export default function SearchPage() {
  return (
    <SignedIn loading={<HeroSkeleton label="Loading search" withRows={false} />} what="search results">
      {(user) => <SearchScreen key={user.id} userId={user.id} songList={SongList} />}
    </SignedIn>
  );
}
