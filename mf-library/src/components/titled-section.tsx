import type { ReactNode } from 'react';
import styles from './page-section.module.css';

interface TitledSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The section's, its head's and its heading's classes (each page styles its own). */
  classNames: { section: string; head: string; title: string };
  /** What the head holds after the heading (a note, "Show all", a toggle). */
  head?: ReactNode;
  children: ReactNode;
}

/** A section of a page named by its h2 (home-page shelves, a user page's songs, albums and playlists). */
export function TitledSection({ id, title, classNames, head, children }: TitledSectionProps) {
  return (
    <section className={classNames.section} aria-labelledby={id}>
      <div className={classNames.head}>
        <h2 className={classNames.title} id={id}>
          {title}
        </h2>
        {head}
      </div>
      {children}
    </section>
  );
}

const PAGE_SECTION_CLASSES = { section: styles.section, head: styles.head, title: styles.title };

/** A section of a user's or an artist's page: its h2, a note beside it ("Most played first") and an action at the end of its head. */
export function PageSection({ id, title, note, action, children }: { id: string; title: string; note?: string; action?: ReactNode; children: ReactNode }) {
  const head = (
    <>
      {note && <p className={styles.note}>{note}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </>
  );
  return (
    <TitledSection id={id} title={title} classNames={PAGE_SECTION_CLASSES} head={head}>
      {children}
    </TitledSection>
  );
}
