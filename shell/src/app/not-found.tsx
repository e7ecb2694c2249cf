import { Link } from 'react-router';
import styles from './screens.module.css';

export function NotFound() {
  return (
    <section className={styles.screen}>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>We can’t seem to find the page you are looking for.</p>
      <Link className={styles.home} to="/">
        Go to the home page
      </Link>
    </section>
  );
}
