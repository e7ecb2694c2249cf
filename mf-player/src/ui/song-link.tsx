import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

/** A link to the song page: a router link inside the shell, a plain link where there is no router. */
export function SongLink({ songId, className, children }: { songId: string; className?: string; children: ReactNode }) {
  const to = `/songs/${encodeURIComponent(songId)}`;
  if (useInRouterContext()) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}
