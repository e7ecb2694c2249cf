import { useId } from 'react';
import { Link } from 'react-router';
import { HeroSkeleton, PersonIcon, PlusIcon, TagIcon, UploadIcon, themeClassName } from '@tunafy/ui';
import { LoginRequired } from '../components/states';
import theme from '../components/theme.module.css';
import { LibraryList } from '../features/your-library/library-list';
import styles from '../features/your-library/library-list.module.css';
import { useSessionUser } from '../lib/session';

/** What the desktop sidebar offers besides the list; the phone layout has no sidebar, so this screen carries it. */
const SHORTCUTS = [
  { to: '/songs', label: 'All Songs', icon: null },
  { to: '/artists', label: 'Artists', icon: <PersonIcon /> },
  { to: '/genres', label: 'Genres', icon: <TagIcon /> },
  { to: '/playlists/new', label: 'Create Playlist', icon: <PlusIcon /> },
  { to: '/albums/new', label: 'Create Album', icon: <PlusIcon /> },
  { to: '/songs/new', label: 'Create Song', icon: <PlusIcon /> },
  { to: '/upload', label: 'Upload Music', icon: <UploadIcon /> },
];

/** Exposed as `mf_library/YourLibraryPage` (/library): the phone's "Your Library" tab, the sidebar's list as a screen. */
export default function YourLibraryPage() {
  const user = useSessionUser();
  const headingId = useId();
  if (user === undefined) return <HeroSkeleton label="Loading your library" />;
  if (!user) return <LoginRequired what="your library" />;
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <h1 id={headingId} className={styles.pageHeading}>
        Your Library
      </h1>
      <nav aria-label="Library shortcuts">
        <ul className={styles.shortcuts}>
          {SHORTCUTS.map(({ to, label, icon }) => (
            <li key={to}>
              <Link to={to} className={styles.shortcut}>
                {icon}
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LibraryList key={user.id} user={user} variant="page" labelledBy={headingId} />
    </div>
  );
}
