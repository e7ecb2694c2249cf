import { Link } from 'react-router';
import styles from './preview-banner.module.css';

/** The guest invitation at the bottom of every page (SPEC §1). */
export function PreviewBanner() {
  return (
    <aside className={styles.banner} aria-label="Sign up">
      <div>
        <p className={styles.eyebrow}>Preview of Tunafy</p>
        <p className={styles.text}>Sign up to get unlimited songs. No credit card needed.</p>
      </div>
      <Link to="/signup" className={styles.cta}>
        Sign Up Free
      </Link>
    </aside>
  );
}
