import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { askToLogIn } from '../lib/bus';
import { Cover } from './cover';
import styles from './media-card.module.css';

interface MediaCardProps {
  to: string;
  coverUrl: string | null;
  kind: 'album' | 'playlist';
  title: string;
  subtitle: string;
  /** Guests keep a real link (middle-click, screen readers), but a click asks them to log in (SPEC §2). */
  guest: boolean;
}

export function MediaCard({ to, coverUrl, kind, title, subtitle, guest }: MediaCardProps) {
  const onClick = (event: MouseEvent) => {
    if (!guest) return;
    event.preventDefault();
    askToLogIn();
  };
  return (
    <Link to={to} className={styles.card} onClick={onClick}>
      <Cover src={coverUrl} size={176} fluid kind={kind} className={styles.cover} />
      <span className={styles.title}>{title}</span>
      <span className={styles.subtitle}>{subtitle}</span>
    </Link>
  );
}

export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

export function CardItem({ children }: { children: ReactNode }) {
  return <li>{children}</li>;
}

interface ShelfProps {
  title: string;
  showAllTo: string;
  guest: boolean;
  children: ReactNode;
}

/** A home-page section: heading, "Show all" and a row of cards. */
export function Shelf({ title, showAllTo, guest, children }: ShelfProps) {
  const guard = (event: MouseEvent) => {
    if (!guest) return;
    event.preventDefault();
    askToLogIn();
  };
  const headingId = `shelf-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={styles.shelf} aria-labelledby={headingId}>
      <div className={styles.shelfHead}>
        <h2 className={styles.shelfTitle} id={headingId}>
          {title}
        </h2>
        <Link to={showAllTo} className={styles.showAll} onClick={guard} aria-label={`Show all ${title}`}>
          Show all
        </Link>
      </div>
      {children}
    </section>
  );
}

export const pageTitleClassName = styles.pageTitle;
