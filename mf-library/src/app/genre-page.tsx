import { useParams } from 'react-router';
import { HeroSkeleton } from '@tunafy/ui';
import { SignedIn } from '../components/item-route';
import { GenreSongs } from '../features/genres/genre-songs';
import { SongList } from './song-list';

/** `/genres/:genreName`: a genre's songs, where a song page's genre leads. */
export default function GenrePage() {
  const name = useParams().genreName ?? '';
  return (
    <SignedIn loading={<HeroSkeleton label="Loading genre" />} what="this genre">
      {() => <GenreSongs key={name} name={name} songList={SongList} />}
    </SignedIn>
  );
}
