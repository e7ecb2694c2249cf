import { useState } from 'react';
import { Icon } from './icons';
import styles from './cover.module.css';

/**
 * A song's cover; a note on a tile when there is none or it fails to load. Decorative: the title sits next to it.
 * `fluid`: as wide as its box, square (the full-screen player's artwork); `size` is then the image's pixel hint.
 */
export function Cover({ src, size, fluid }: { src: string | null | undefined; size: number; fluid?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src;
  const className = fluid ? `${styles.cover} ${styles.fluid}` : styles.cover;
  return usable ? (
    <img className={className} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(src)} />
  ) : (
    <span className={`${className} ${styles.placeholder}`} style={fluid ? undefined : { width: size, height: size }} aria-hidden="true">
      <Icon name="note" size={Math.round(size / 2.2)} />
    </span>
  );
}
