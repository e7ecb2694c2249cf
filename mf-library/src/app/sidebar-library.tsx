import { useId } from 'react';
import { themeClassName } from '@tunafy/ui';
import { LibraryList } from '../features/your-library/library-list';
import styles from '../features/your-library/library-list.module.css';
import { useSessionUser } from '../lib/session';

/**
 * Exposed as `mf_library/SidebarLibrary`: the logged-in user's Liked Songs, playlists and albums in the shell's
 * sidebar. The shell never calls the library API itself; it renders this region. Guests see nothing.
 */
export default function SidebarLibrary() {
  const user = useSessionUser();
  const headingId = useId();
  if (!user) return null;
  return (
    <section className={themeClassName} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sidebarHeading}>
        Your playlists and albums
      </h2>
      <LibraryList key={user.id} user={user} variant="sidebar" labelledBy={headingId} />
    </section>
  );
}
