import type { ReactNode } from 'react';
import { getApiClient } from '@tunafy/api-client';
import { DEMO_CREDENTIALS } from '@tunafy/contracts';
import { publishSession, useSessionUser } from '../session';
import { sessionLabel } from './playground';
import styles from './dev-bar.module.css';

/**
 * A dev page's stand-in for the shell's top bar: the remote's own links and buttons (`children`), then who is
 * logged in, and a button that logs the demo user in or logs out through the real API.
 */
export function DevBar({ children, className }: { children: ReactNode; className?: string }) {
  const user = useSessionUser();
  const api = getApiClient();
  return (
    <nav className={className ? `${className} ${styles.bar}` : styles.bar} aria-label="Dev bar">
      {children}
      <span className={styles.session}>{sessionLabel(user)}</span>
      {user ? (
        <button type="button" onClick={() => void api.logout().then(() => publishSession(null))}>
          Log Out
        </button>
      ) : (
        <button type="button" onClick={() => void api.login({ email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password }).then(publishSession)}>
          Log in as demo
        </button>
      )}
    </nav>
  );
}
