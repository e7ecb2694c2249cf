import { useState, type ComponentType, type CSSProperties, type SVGProps } from 'react';
import { NoteIcon } from '../icons/icons';
import styles from './cover.module.css';

export interface CoverProps {
  src: string | null | undefined;
  /** Width and height in CSS pixels; also given to the img so the layout never shifts while it loads. */
  size: number;
  /** Set for a cover that means something on its own; decorative next to a visible name otherwise. */
  alt?: string;
  /** Drawn when there is no image or it fails to load (a note by default; the library draws an album for albums). */
  placeholder?: ComponentType<SVGProps<SVGSVGElement>>;
  /** `large`: a page's hero cover; `small`: a player's artwork. */
  shadow?: 'large' | 'small';
  /** A cover in view at once (a detail page's hero): no lazy loading for it. */
  eager?: boolean;
  className?: string;
  /** Fill the parent's width, square, instead of a fixed size (cards, the full-screen player's artwork). */
  fluid?: boolean;
}

/**
 * A cover image in a fixed, square box, lazily loaded; the placeholder when there is none or it fails to load
 * (never a broken image). The one cover of every remote (issue 15): the library's lists and pages, the player.
 */
export function Cover({ src, size, alt = '', placeholder: Placeholder = NoteIcon, shadow, eager, className, fluid }: CoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const box: CSSProperties = fluid ? { width: '100%', aspectRatio: '1 / 1' } : { width: size, height: size };
  const classes = [styles.cover, shadow && styles[shadow], className].filter(Boolean).join(' ');
  const showImage = src && failed !== src;
  return (
    <div className={classes} style={box}>
      {showImage ? (
        <img className={styles.image} src={src} alt={alt} width={size} height={size} loading={eager ? 'eager' : 'lazy'} decoding="async" onError={() => setFailed(src)} />
      ) : (
        <Placeholder className={styles.placeholder} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true} />
      )}
    </div>
  );
}

/** The cover's box and placeholder classes, for a cover drawn another way (a list's gradient with an icon). */
export const coverClassNames = { cover: styles.cover, placeholder: styles.placeholder, large: styles.large } as const;
