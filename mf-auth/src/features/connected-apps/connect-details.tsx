import { Link } from 'react-router';
import { CopyButton } from '@tunafy/ui';
import formStyles from '../../components/form.module.css';
import styles from './connected-apps.module.css';

/**
 * What to type into an app. The server URL is this page's origin: apps add `/rest/` themselves, and the page was
 * reached at the address the user's devices know the server by (a home network name, a public domain).
 */
export function ConnectDetails({ username, serverUrl = window.location.origin }: { username: string; serverUrl?: string }) {
  return (
    <section className={styles.section} aria-labelledby="connect-an-app">
      <h2 id="connect-an-app" className={styles.heading}>
        Connect an app
      </h2>
      <p className={styles.text}>Type these into the app’s server settings:</p>
      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt>Server URL</dt>
          <dd>
            <code className={styles.value}>{serverUrl}</code>
            <CopyButton text={serverUrl} label="Copy server URL" />
          </dd>
        </div>
        <div className={styles.detail}>
          <dt>Username</dt>
          <dd>
            <code className={styles.value}>{username}</code>
            <CopyButton text={username} label="Copy username" />
          </dd>
        </div>
        <div className={styles.detail}>
          <dt>Password</dt>
          <dd>Use an app password from below, not your Tunafy password.</dd>
        </div>
      </dl>
      <p className={styles.text}>
        <Link to="/settings/apps/help" className={formStyles.switchLink}>
          Which apps work, and how to set them up
        </Link>
      </p>
    </section>
  );
}
