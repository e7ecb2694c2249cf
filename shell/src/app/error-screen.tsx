import { useEffect } from 'react';
import styles from './screens.module.css';

/** The router's generic error screen (SPEC §8): shown when rendering the layout or a screen throws. */
export function ErrorScreen({ error }: { error: unknown }) {
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
