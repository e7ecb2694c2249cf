import { useState, type ComponentType, type CSSProperties, type SVGProps } from 'react';
import { COVER_SIZES, coverSizeUrl } from '@tunafy/contracts';
import { NoteIcon } from '../icons/note-icon';
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
  /**
   * A cover in view at first paint. `high`: what the first screen is made of (a detail page's hero, the home page's
   * first row), fetched at once and ahead of other images; `eager`: small ones in view (a list's first rows), fetched
   * at once without jumping ahead. Lazily loaded otherwise.
   */
  priority?: CoverPriority;
  className?: string;
  /** Fill the parent's width, square, instead of a fixed size (cards, the full-screen player's artwork). */
  fluid?: boolean;
  /**
   * How wide the cover is drawn (the img's `sizes`), for the browser to pick a derived size before layout: `${size}px`
   * unless given; a fluid cover's caller knows its box (a grid's column, the player's artwork).
   */
  sizes?: string;
}

export type CoverPriority = 'high' | 'eager';

/** A fluid cover's `sizes` when its caller gives none: half a phone's width, a card's width elsewhere. */
export const FLUID_COVER_SIZES = '(max-width: 600px) 50vw, 200px';

/**
 * The `srcset` of a cover: each size the API derives (`?size=`, docs/ui.md), for our own files only; a preview's
 * blob: or data: URL or another site's picture has none.
 */
export function coverSrcSet(src: string): string | undefined {
  if (coverSizeUrl(src, COVER_SIZES[0]) === src) return undefined;
  return COVER_SIZES.map((size) => `${coverSizeUrl(src, size)} ${size}w`).join(', ');
}

/**
 * A cover image in a fixed, square box, lazily loaded unless it is in view at first paint; the placeholder when there
 * is none or it fails to load (never a broken image). The one cover of every remote (issue 15): the library's lists
 * and pages, the player. The browser picks the derived size from `srcset`/`sizes`, the server the format (docs/ui.md).
 */
export function Cover({ src, size, alt = '', placeholder: Placeholder = NoteIcon, shadow, priority, className, fluid, sizes }: CoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const box: CSSProperties = fluid ? { width: '100%', aspectRatio: '1 / 1' } : { width: size, height: size };
  const classes = [styles.cover, shadow && styles[shadow], className].filter(Boolean).join(' ');
  const showImage = src && failed !== src;
  const srcSet = src ? coverSrcSet(src) : undefined;
  return (
    <div className={classes} style={box}>
      {showImage ? (
        <img
          className={styles.image}
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? (sizes ?? (fluid ? FLUID_COVER_SIZES : `${size}px`)) : undefined}
          alt={alt}
          width={size}
          height={size}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority === 'high' ? 'high' : undefined}
          decoding={priority === 'high' ? undefined : 'async'}
          onError={() => setFailed(src)}
        />
      ) : (
        <Placeholder className={styles.placeholder} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true} />
      )}
    </div>
  );
}

/** The cover's box and placeholder classes, for a cover drawn another way (a list's gradient with an icon). */
export const coverClassNames = { cover: styles.cover, placeholder: styles.placeholder, large: styles.large } as const;
