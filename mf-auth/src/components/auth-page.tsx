import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { themeClassName } from '@tunafy/ui';
import styles from './auth-page.module.css';
import { Logo } from './logo';

/** The full-screen frame of /login and /signup (the shell hides its sidebar and player there). */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`${themeClassName} ${styles.page}`}>
      <div className={styles.card}>
        <Link to="/" className={styles.homeLink} aria-label="Tunafy home">
          <Logo />
        </Link>
        <h1 className={styles.title}>{title}</h1>
        <hr className={styles.divider} />
        <div className={styles.content}>{children}</div>
      </div>
    </div>
  );
}
