import type { MouseEvent } from 'react';
import { Link } from 'react-router';

/** A user's page (their songs, albums and playlists): where every artist name and "By …" line leads. */
export const userPagePath = (userId: string) => `/users/${encodeURIComponent(userId)}`;

interface UserLinkProps {
  userId: string;
  username: string;
  className?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** An artist's or creator's name as a link to their page. */
export function UserLink({ userId, username, className, onClick }: UserLinkProps) {
  return (
    <Link to={userPagePath(userId)} className={className} onClick={onClick}>
      {username}
    </Link>
  );
}
