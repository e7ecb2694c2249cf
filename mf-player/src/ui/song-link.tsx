import type { ReactNode } from 'react';
import type { QueueItem } from '@tunafy/event-bus';
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

/** A link to the artist's user page (/users/:id), as every artist name in the library leads there. */
export function ArtistLink({ artistId, className, children }: { artistId: string; className?: string; children: ReactNode }) {
  return (
    <AppLink to={`/users/${encodeURIComponent(artistId)}`} className={className}>
      {children}
    </AppLink>
  );
}

/** The song's name (to its page) then its artist's (to their page), as the bar and the full-screen player show them. */
export function SongLinks({ song, titleClassName, artistClassName }: { song: QueueItem; titleClassName?: string; artistClassName?: string }) {
  return (
    <>
      <SongLink songId={song.id} className={titleClassName}>
        {song.song_name}
      </SongLink>
      <ArtistLink artistId={song.artist_id} className={artistClassName}>
        {song.artist_username}
      </ArtistLink>
    </>
  );
}
