import { HeroSkeleton } from '@tunafy/ui';
import { SignedIn } from '../components/item-route';
import { HistoryView } from '../features/listening/history-view';
import { SongList } from './song-list';

/** `/history`: the user's listening history (docs/listening.md). */
export default function HistoryPage() {
  return (
    <SignedIn loading={<HeroSkeleton label="Loading your history" />} what="your listening history">
      {(user) => <HistoryView key={user.id} songList={SongList} />}
    </SignedIn>
  );
}
