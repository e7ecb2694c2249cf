import styles from './logo.module.css';

/** The Tunafy mark: a fish made of sound waves. Decorative; the wrapping link carries the name. */
export function Logo() {
  return (
    <span className={styles.logo}>
      <svg className={styles.logoMark} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="20" fill="#1ed760" />
        <path d="M9 20c4-6 11-8 17-4l5-4v16l-5-4c-6 4-13 2-17-4Z" fill="#000" />
        <circle cx="14" cy="19" r="1.5" fill="#1ed760" />
      </svg>
      <span className={styles.logoText}>Tunafy</span>
    </span>
  );
}
