import type { MouseEvent, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { getEventBus } from '@tunafy/event-bus';
import { HomeIcon, LibraryIcon, SearchIcon } from '@tunafy/ui';
import { useSessionUser } from '../session/session';
import styles from './bottom-nav.module.css';

interface Tab {
  to: string;
  label: string;
  icon: ReactNode;
  /** Guests are asked to log in instead (as the sidebar does, SPEC §2); the home page is open to them. */
  needsAccount: boolean;
}

const TABS: Tab[] = [
  { to: '/', label: 'Home', icon: <HomeIcon size={24} />, needsAccount: false },
  { to: '/search', label: 'Search', icon: <SearchIcon size={24} />, needsAccount: true },
  { to: '/library', label: 'Your Library', icon: <LibraryIcon size={24} />, needsAccount: true },
];

/** The phone layout's navigation, under the player: three tabs within a thumb's reach (the sidebar's place on desktop). */
export function BottomNav() {
  const user = useSessionUser();
  const guard = (event: MouseEvent, tab: Tab) => {
    if (user || !tab.needsAccount) return;
    event.preventDefault();
    getEventBus().publish('ui:open-modal', { modal: 'please-log-in' });
  };
  return (
    <nav className={styles.nav} aria-label="Main">
      <ul className={styles.tabs}>
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.to === '/'}
              onClick={(event) => guard(event, tab)}
              className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}
            >
              {tab.icon}
              <span>{tab.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
