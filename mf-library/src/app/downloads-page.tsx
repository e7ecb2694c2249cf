import { HeroSkeleton, themeClassName } from '@tunafy/ui';
import { SignedIn } from '../components/item-route';
import theme from '../components/theme.module.css';
import { DownloadsView } from '../features/downloads/downloads-view';

/** `/downloads`: what is stored for offline listening (docs/offline.md). */
export default function DownloadsPage() {
  return (
    <SignedIn loading={<HeroSkeleton label="Loading your downloads" />} what="your downloads">
      {(user) => (
        <div className={`${themeClassName} ${theme.page}`}>
          <DownloadsView key={user.id} user={user} />
        </div>
      )}
    </SignedIn>
  );
}
