import type { UserProfile } from '@tunafy/contracts';
import { ItemRoute } from '../components/item-route';
import { userPath } from '../features/users/api';
import { UserProfileView } from '../features/users/user-profile';
import { HOME } from './back-links';
import { SongList } from './song-list';

/** `/users/:userId`: an artist's or creator's page, where every artist name and "By …" line leads. */
export default function UserPageRoute() {
  // Counts change when the user adds or deletes a song, album or playlist anywhere in the app.
  return (
    <ItemRoute<UserProfile> param="userId" path={userPath} what="user" backTo={HOME} reloadOn={['song', 'album', 'playlist']} login="this profile" loadingLabel="Loading profile">
      {(profile, viewer) => <UserProfileView profile={profile} viewer={viewer} songList={SongList} />}
    </ItemRoute>
  );
}
