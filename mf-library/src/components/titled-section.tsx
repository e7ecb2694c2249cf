import type { ReactNode } from 'react';

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
