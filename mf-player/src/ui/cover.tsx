import { useState } from 'react';
import { NoteIcon } from './icons';
import styles from './cover.module.css';

/** A song's cover; a note on a tile when there is none or it fails to load. Decorative: the title sits next to it. */
export function Cover({ src, size }: { src: string | null | undefined; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src;
  return usable ? (
    <img className={styles.cover} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(src)} />
  ) : (
    <span className={`${styles.cover} ${styles.placeholder}`} style={{ width: size, height: size }} aria-hidden="true">
      <NoteIcon size={Math.round(size / 2.2)} />
    </span>
  );
}
