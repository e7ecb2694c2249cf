import { Fragment, type ComponentType, type MouseEvent, type ReactNode } from 'react';

/** A credited artist as the API names it (`ArtistRef` of @tunafy/contracts). */
export interface CreditedArtist {
  id: string;
  name: string;
}

/**
 * What a song or an album says about who made it: the credited artists its tags name (a song's `artists`, an album's
 * `album_artist`), and the account that owns it (SPEC's `artist_id` and `artist_username`). Songs and albums of
 * @tunafy/contracts are both this shape.
 */
export interface Credited {
  artists?: readonly CreditedArtist[] | null;
  album_artist?: CreditedArtist | null;
  artist_id: string;
  artist_username: string;
}

/** One name to show and the page it opens. */
export interface Credit {
  key: string;
  name: string;
  to: string;
}

/** An artist's page (`/artists/{id}`): its albums, popular songs and the albums it appears on. */
export const artistPagePath = (artistId: string) => `/artists/${encodeURIComponent(artistId)}`;
/** A user's page (`/users/{id}`): where an item made with SPEC's forms is credited, to its owner. */
export const userPagePath = (userId: string) => `/users/${encodeURIComponent(userId)}`;

/**
 * Who an item is by, as every screen shows it (docs/artists-ui.md): its credited artists in tag order, each leading
 * to the artist's page; an item whose tags credit nobody (every song and album made with SPEC's forms) is its
 * owner's, leading to their user page, exactly as before credited artists existed.
 */
export function creditsOf(item: Credited): Credit[] {
  const credited = item.artists?.length ? item.artists : item.album_artist ? [item.album_artist] : [];
  if (credited.length > 0) return credited.map((artist) => ({ key: `artist:${artist.id}`, name: artist.name, to: artistPagePath(artist.id) }));
  return [{ key: `user:${item.artist_id}`, name: item.artist_username, to: userPagePath(item.artist_id) }];
}

/** The same names as one line of text ("Björk, Thom Yorke"): accessible names, the player's lines, search results. */
export function creditNames(item: Credited): string {
  return creditsOf(item)
    .map((credit) => credit.name)
    .join(', ');
}

/** The link each remote renders with: react-router's `Link` in the library, the player's router-or-plain link. */
export interface CreditLinkProps {
  to: string;
  className?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}

export interface ArtistLinksProps {
  item: Credited;
  /** The app's link component (this package knows no router). */
  link: ComponentType<CreditLinkProps>;
  /** The span around the names. */
  className?: string;
  /** Each link's class. */
  linkClassName?: string;
  /** Each link's click (a guest's asks them to log in). */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * Who a song or album is by, each name a link to its page, separated by commas: the one place every remote decides
 * between credited artists and the owner (creditsOf).
 */
export function ArtistLinks({ item, link: Link, className, linkClassName, onClick }: ArtistLinksProps) {
  return (
    <span className={className}>
      {creditsOf(item).map((credit, index) => (
        <Fragment key={credit.key}>
          {index > 0 && ', '}
          <Link to={credit.to} className={linkClassName} onClick={onClick}>
            {credit.name}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}
