import { HeroSkeleton } from '@tunafy/ui';
import { SignedIn } from '../components/item-route';
import { SharedLinksView } from '../features/shares/shared-links-view';

/** `/settings/shares`: the user's share links, with Revoke (docs/shares.md). */
export default function SharedLinksPage() {
  return (
    <SignedIn loading={<HeroSkeleton label="Loading your shared links" />} what="your shared links">
      {(user) => <SharedLinksView key={user.id} />}
    </SignedIn>
  );
}
