import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import styles from './screens.module.css';

/** The router's generic error screen (SPEC §8): shown when the layout itself or a route loader fails. */
export function ErrorScreen() {
  const error = useRouteError();
  useEffect(() => console.error('[tunafy] route error', error), [error]);
  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <a className={styles.home} href="/">
        Go to the home page
      </a>
    </main>
  );
}
