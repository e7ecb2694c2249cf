import { useParams } from 'react-router';
import type { SessionUser, UserProfile } from '@tunafy/contracts';
import { HeroSkeleton } from '@tunafy/ui';
import { LoadError, LoginRequired } from '../components/states';
import { userPath } from '../features/users/api';
import { UserProfileView } from '../features/users/user-profile';
import { useSessionUser } from '../lib/session';
import { useApi } from '../lib/use-api';
import { SongList } from './song-list';

function UserPage({ userId, viewer }: { userId: string; viewer: SessionUser }) {
  // Counts change when the user adds or deletes a song, album or playlist anywhere in the app.
  const profile = useApi<UserProfile>(userPath(userId), ['song', 'album', 'playlist']);
  if (profile.data) return <UserProfileView profile={profile.data} viewer={viewer} songList={SongList} />;
  if (profile.error) return <LoadError error={profile.error} what="user" onRetry={profile.reload} backTo={{ to: '/', label: 'Go home' }} />;
  return <HeroSkeleton label="Loading profile" />;
}

/** `/users/:userId`: an artist's or creator's page, where every artist name and "By …" line leads. */
export default function UserPageRoute() {
  const { userId = '' } = useParams();
  const viewer = useSessionUser();
  if (viewer === undefined) return <HeroSkeleton label="Loading profile" />;
  if (!viewer) return <LoginRequired what="this profile" />;
  return <UserPage key={userId} userId={userId} viewer={viewer} />;
}
