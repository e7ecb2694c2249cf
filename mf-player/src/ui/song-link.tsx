import type { ReactNode } from 'react';
import type { QueueItem } from '@tunafy/event-bus';
import { ArtistLinks } from '@tunafy/ui';
import { Link, useInRouterContext } from 'react-router';

/** A link inside the app: a router link inside the shell, a plain link where there is no router (the player's dev page). */
function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
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

/** A link to the song page. */
export function SongLink({ songId, className, children }: { songId: string; className?: string; children: ReactNode }) {
  return (
    <AppLink to={`/songs/${encodeURIComponent(songId)}`} className={className}>
      {children}
    </AppLink>
  );
}

/**
 * The song's name (to its page) then who it is by, as the bar and the full-screen player show them: its credited
 * artists, each to its artist page, or its owner to their user page (@tunafy/ui's ArtistLinks, as in the library).
 */
export function SongLinks({ song, titleClassName, artistClassName }: { song: QueueItem; titleClassName?: string; artistClassName?: string }) {
  return (
    <>
      <SongLink songId={song.id} className={titleClassName}>
        {song.song_name}
      </SongLink>
      <ArtistLinks item={song} link={AppLink} className={artistClassName} />
    </>
  );
}
