import { useSessionUser } from '@tunafy/app-kit';
import { Link } from 'react-router';
import { HeroSkeleton, LoginRequired, themeClassName } from '@tunafy/ui';
import { ConnectedAppsScreen } from '../features/connected-apps/connected-apps-screen';

/** Exposed as `mf_auth/ConnectedAppsPage` (/settings/apps): app passwords for Subsonic apps, the account's own. */
export default function ConnectedAppsPage() {
  const user = useSessionUser();
  if (user === undefined) return <HeroSkeleton label="Loading your connected apps" withRows={false} />;
  return (
    <div className={themeClassName}>
      {/* Keyed by the user: a login as someone else in another tab must not show the first one's list. */}
      {user ? <ConnectedAppsScreen key={user.id} /> : <LoginRequired what="your connected apps" link={Link} />}
    </div>
  );
}
