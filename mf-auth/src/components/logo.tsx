import { LogoMark } from '@tunafy/ui';
import styles from './logo.module.css';

/** The Tunafy mark: a fish made of sound waves. Decorative; the wrapping link carries the name. */
export function Logo() {
  return (
    <span className={styles.logo}>
      <LogoMark className={styles.logoMark} />
      <span className={styles.logoText}>Tunafy</span>
    </span>
  );
}
