import { useState, type CSSProperties, type ReactNode } from 'react';
import { NoteIcon } from '@tunafy/ui';
import { AlbumIcon } from './icons';
import styles from './cover.module.css';

interface CoverProps {
  src: string | null | undefined;
  /** Width and height in CSS pixels; also given to the img so the layout never shifts while it loads. */
  size: number;
  /** Set for a cover that means something on its own; decorative next to a visible name otherwise. */
  alt?: string;
  kind?: 'song' | 'album' | 'playlist';
  shadow?: boolean;
  /** The hero cover of a detail page is in view at once: no lazy loading for it. */
  eager?: boolean;
  className?: string;
  /** Fill the parent instead of a fixed size (cards); the parent fixes the box. */
  fluid?: boolean;
}

/** A cover image, lazily loaded with a fixed box; a placeholder when there is none or it fails. */
export function Cover({ src, size, alt = '', kind = 'song', shadow, eager, className, fluid }: CoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const box: CSSProperties = fluid ? { width: '100%', aspectRatio: '1 / 1' } : { width: size, height: size };
  const classes = [styles.cover, shadow && styles.shadow, className].filter(Boolean).join(' ');
  const showImage = src && failed !== src;
  return (
    <div className={classes} style={box}>
      {showImage ? (
        <img
          className={styles.image}
          src={src}
          alt={alt}
          width={size}
          height={size}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(src)}
        />
      ) : kind === 'album' ? (
        <AlbumIcon className={styles.placeholder} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true} />
      ) : (
        <NoteIcon className={styles.placeholder} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true} />
      )}
    </div>
  );
}

/** The cover of a list that has no image of its own (All Songs, Liked Songs): an icon on a gradient. */
export function GradientCover({ size, to, children }: { size: number; /** The gradient's end colour (it starts at the brand's violet). */ to: string; children: (className: string) => ReactNode }) {
  return (
    <div className={`${styles.cover} ${styles.shadow}`} style={{ width: size, height: size, background: `linear-gradient(135deg, #450af5, ${to})`, color: '#fff' }}>
      {children(styles.placeholder)}
    </div>
  );
}
