import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { ArtistLinks as UiArtistLinks, type Credited } from '@tunafy/ui';

/**
 * Who a song or album is by, as links (the package's ArtistLinks with the router's Link): its credited artists, each to
 * its artist page, or, for an item made with SPEC's forms, its owner to their user page (docs/artists-ui.md).
 */
export function ArtistLinks({ item, className, linkClassName, onClick }: { item: Credited; className?: string; linkClassName?: string; onClick?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return <UiArtistLinks item={item} link={Link} className={className} linkClassName={linkClassName} onClick={onClick} />;
}
