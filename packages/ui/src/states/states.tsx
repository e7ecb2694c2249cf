import type { ReactNode } from 'react';
import { NoteIcon } from '../icons/icons';
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
