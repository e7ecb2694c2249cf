import { useId, type MouseEvent, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { getEventBus } from '@tunafy/event-bus';
import { HeartIcon, HomeIcon, LogoMark, PersonIcon, PlusIcon, SongsIcon } from '@tunafy/ui';
import { RemoteRegion } from '../federation/remote-region';
import { REMOTE_MODULES } from '../federation/remote-modules';
import { useSessionUser } from '../session/session';
import { useInstanceCredits } from './credits';
import styles from './sidebar.module.css';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

const BROWSE: NavItem[] = [
  { to: '/', label: 'Your Library', icon: <HomeIcon size={24} /> },
  { to: '/songs', label: 'All Songs', icon: <SongsIcon size={24} /> },
  // Not in SPEC's list: the credited artists A–Z of issue 25.
  { to: '/artists', label: 'Artists', icon: <PersonIcon size={24} /> },
  { to: '/collection/tracks', label: 'Liked Songs', icon: <HeartIcon filled size={24} /> },
];

const CREATE: NavItem[] = [
  { to: '/songs/new', label: 'Create Song', icon: <PlusIcon size={24} /> },
  { to: '/albums/new', label: 'Create Album', icon: <PlusIcon size={24} /> },
  { to: '/playlists/new', label: 'Create Playlist', icon: <PlusIcon size={24} /> },
  // Not in SPEC's list: the bulk upload of issue 13 (many files, any accepted format) beside the mp3-only form.
  { to: '/upload', label: 'Upload Music', icon: <PlusIcon size={24} /> },
];

export function Sidebar() {
  const user = useSessionUser();
  const { sourceUrl, contributors } = useInstanceCredits();
  const creditsId = useId();
  // Guests keep real links (middle-click, screen readers) but a click asks them to log in (SPEC §2).
  const guard = (event: MouseEvent) => {
    if (user) return;
    event.preventDefault();
    getEventBus().publish('ui:open-modal', { modal: 'please-log-in' });
  };
  const item = ({ to, label, icon }: NavItem) => (
    <li key={to}>
      <NavLink to={to} end onClick={guard} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
        {icon}
        <span>{label}</span>
      </NavLink>
    </li>
  );
  return (
    <nav className={styles.sidebar} aria-label="Main">
      <Link to="/" className={styles.logo} aria-label="Tunafy home">
        <LogoMark width={32} height={32} />
        <span>Tunafy</span>
      </Link>
      <ul className={styles.list}>{BROWSE.map(item)}</ul>
      <ul className={styles.list} aria-label="Create">
        {CREATE.map(item)}
      </ul>
      {/* The user's playlists and albums come from the library remote: the shell never reads the library API. */}
      {user && (
        <div className={styles.library}>
          <RemoteRegion request={REMOTE_MODULES.mf_library.SidebarLibrary} label="Your playlists and albums" variant="bar" />
        </div>
      )}
      {/* The instance's own credits and source link (its operator's settings, credits.ts); nothing when unset. */}
      {(contributors.length > 0 || sourceUrl) && (
        <div className={styles.credits}>
          {contributors.length > 0 && (
            <>
              <h2 className={styles.creditsTitle} id={creditsId}>
                Credits
              </h2>
              <ul aria-labelledby={creditsId}>
                {contributors.map((person) => (
                  <li key={`${person.name} ${person.profileUrl}`}>
                    <a href={person.profileUrl} target="_blank" rel="noreferrer">
                      {person.name}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          {sourceUrl && (
            <a className={styles.repo} href={sourceUrl} target="_blank" rel="noreferrer">
              Source code
            </a>
          )}
        </div>
      )}
    </nav>
  );
}
