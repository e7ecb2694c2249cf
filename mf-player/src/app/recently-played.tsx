import { useSessionUser } from '@tunafy/app-kit';
import { RecentlyPlayedList } from '../ui/recently-played-list';
import { playerThemeClassName } from '../ui/theme';

export interface RecentlyPlayedProps {
  /** How many songs to list (the API allows 1 to 50). */
  limit?: number;
  /** The list's heading (an h2). */
  title?: string;
}

/**
 * `mf_player/RecentlyPlayed`: the user's recently played songs, for the
 * library's pages. Choosing one plays the list from there (over the bus); it
 * needs the Player to be mounted, as the shell does for every logged-in user.
 */
export default function RecentlyPlayed({ limit = 10, title = 'Recently played' }: RecentlyPlayedProps) {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <section className={playerThemeClassName} aria-label={title}>
      <RecentlyPlayedList key={user.id} limit={limit} title={{ text: title, level: 2 }} />
    </section>
  );
}
