import type { ComponentType, ReactNode } from 'react';
import { buttonClassName } from '../button/button';
import { NoteIcon } from '../icons/note-icon';
import { themeClassName } from '../theme/theme';
import styles from './states.module.css';

interface EmptyStateProps {
  title: string;
  /** What to do next. */
  text: string;
  /** Decorative (hidden from screen readers); a note by default. */
  icon?: ReactNode;
  actions?: ReactNode;
  /** Heading level inside the page (sections use h3). */
  level?: 2 | 3;
}

/** Nothing to show: says so, and says what to do next. */
export function EmptyState({ title, text, icon, actions, level = 2 }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={`${themeClassName} ${styles.state}`}>
      <span className={styles.icon} aria-hidden="true">
        {icon ?? <NoteIcon />}
      </span>
      <Heading className={styles.title}>{title}</Heading>
      <p className={styles.text}>{text}</p>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

/** A failure that replaces what should have been shown: an empty state announced as an alert. */
export function ErrorState(props: EmptyStateProps) {
  return (
    <div role="alert">
      <EmptyState {...props} />
    </div>
  );
}

/** The app's router link (react-router's `Link` in the remotes): the design system has no router of its own. */
export type RouterLink = ComponentType<{ to: string; className?: string; children?: ReactNode }>;

/** For guests who reach a page that needs an account by its address (the shell guards the links): "Please log in". */
export function LoginRequired({ what, link: Link }: { what: string; link: RouterLink }) {
  return (
    <EmptyState
      title="Please log in"
      text={`Log in or sign up for free to see ${what}.`}
      actions={
        <>
          <Link to="/login" className={buttonClassName('primary', 'small')}>
            Log In
          </Link>
          <Link to="/signup" className={buttonClassName('secondary', 'small')}>
            Sign Up
          </Link>
        </>
      }
    />
  );
}
