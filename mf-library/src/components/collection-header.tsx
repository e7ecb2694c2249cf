import { Children, type CSSProperties, type ReactNode } from 'react';
import { HERO_COVER_SIZES } from '@tunafy/contracts';
import styles from './collection-header.module.css';

interface CollectionHeaderProps {
  /** "Album", "Playlist", "Song", ... */
  kind: string;
  title: string;
  cover: ReactNode;
  description?: ReactNode;
  /** Facts shown in one line separated by dots (artist, count, length). */
  meta: ReactNode[];
  tint?: string;
}

/**
 * The hero cover's props: 232 px (176 px on phones, collection-header.module.css), fetched first as what the page's
 * first paint is made of (docs/ui.md, "Covers").
 */
export const HERO_COVER = { size: 232, sizes: HERO_COVER_SIZES, priority: 'high', shadow: true } as const;

/** The big header of a detail page: cover, kind, name and facts. */
export function CollectionHeader({ kind, title, cover, description, meta, tint }: CollectionHeaderProps) {
  return (
    <header className={styles.header} style={tint ? ({ '--hero-tint': tint } as CSSProperties) : undefined}>
      {cover}
      <div className={styles.text}>
        <p className={styles.kind}>{kind}</p>
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
        <p className={styles.meta}>
          {Children.toArray(meta.filter(Boolean)).map((item, index) => (
            <span key={index}>{item}</span>
          ))}
        </p>
      </div>
    </header>
  );
}

/** The row under the header: play, like, menu. */
export function ActionBar({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
