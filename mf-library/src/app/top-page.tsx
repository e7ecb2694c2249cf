import { HeroSkeleton } from '@tunafy/ui';
import { SignedIn } from '../components/item-route';
import { TopView } from '../features/listening/top-view';
import { SongList } from './song-list';

/** `/top`: the user's most played songs, artists and albums (docs/listening.md). */
export default function TopPage() {
  return (
    <SignedIn loading={<HeroSkeleton label="Loading your top lists" />} what="your top lists">
      {(user) => <TopView key={user.id} songList={SongList} />}
    </SignedIn>
  );
}
