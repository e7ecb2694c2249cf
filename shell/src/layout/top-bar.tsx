import { Link, useLocation, useNavigate } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '@tunafy/ui';
import { RemoteRegion } from '../federation/remote-region';
import { useSessionUser } from '../session/session';
import { ProfileMenu } from './profile-menu';
import styles from './top-bar.module.css';
import { REMOTE_MODULES } from '../federation/remote-modules';
import { usePhoneLayout } from './use-media-query';

export function TopBar() {
  const navigate = useNavigate();
  const user = useSessionUser();
  const phone = usePhoneLayout();
  const { pathname } = useLocation();
  // On a phone the box lives on the Search tab (/search), which shows it at full width; never two on a page.
  const showSearch = user && !phone && pathname !== '/search';
  return (
    <header className={styles.bar}>
      <div className={styles.history}>
        <button type="button" className={styles.round} aria-label="Go back" onClick={() => navigate(-1)}>
          <ChevronLeftIcon size={24} />
        </button>
        {/* Phones have a forward gesture but rarely use it; the bar's width goes to the account buttons. */}
        {!phone && (
          <button type="button" className={styles.round} aria-label="Go forward" onClick={() => navigate(1)}>
            <ChevronRightIcon size={24} />
          </button>
        )}
      </div>
      {/* Search belongs to the library team; a failure hides it instead of breaking the bar. */}
      {showSearch && (
        <div className={styles.search}>
          <RemoteRegion request={REMOTE_MODULES.mf_library.SearchBox} label="Search" variant="hidden" />
        </div>
      )}
      <div className={styles.account}>
        {!user && (
          <>
            <Link to="/signup" className={styles.signup}>
              Sign Up
            </Link>
            <Link to="/login" className={styles.login}>
              Log In
            </Link>
          </>
        )}
        <ProfileMenu user={user} />
      </div>
    </header>
  );
}
