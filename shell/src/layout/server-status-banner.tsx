import { useServerUnreachable } from '../session/server-status';
import styles from './server-status-banner.module.css';

/** A polite notice while the API cannot be reached; it goes away by itself once the API answers again. */
export function ServerStatusBanner() {
  const unreachable = useServerUnreachable();
  return (
    <div role="status" aria-live="polite" aria-label="Server connection">
      {unreachable && <p className={styles.banner}>Tunafy can&rsquo;t reach the server. Retrying…</p>}
    </div>
  );
}
