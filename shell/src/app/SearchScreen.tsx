import { Link } from 'react-router';
import { RemoteRegion } from '../federation/RemoteRegion';
import { REMOTE_MODULES } from '../federation/remote-modules';
import { useSessionUser } from '../session/session';
import styles from './SearchScreen.module.css';

/**
 * /search, the phone's Search tab: the library's search box (the same region the desktop top bar shows) at
 * the width of the screen, its results opening below it. On a wide screen it works the same.
 */
export function SearchScreen() {
  const user = useSessionUser();
  return (
    <section className={styles.screen} aria-labelledby="tf-search-title">
      <h1 id="tf-search-title" className={styles.title}>
        Search
      </h1>
      {user ? (
        <RemoteRegion request={REMOTE_MODULES.mf_library.SearchBox} label="Search" variant="bar" />
      ) : (
        <p className={styles.text}>
          <Link to="/login">Log in</Link> to search songs, albums and playlists.
        </p>
      )}
    </section>
  );
}
