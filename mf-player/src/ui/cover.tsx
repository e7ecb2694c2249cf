import { Cover as UiCover, type CoverPriority } from '@tunafy/ui';
import styles from './cover.module.css';

/** The full-screen player's artwork: the screen's width less its margins, at most 46% of its height (full-player.module.css). */
export const ARTWORK_SIZES = 'min(100vw - 40px, 46vh)';

/**
 * @tunafy/ui's Cover as the player draws it: decorative (the title sits next to it), with a small shadow;
 * `fluid`: as wide as its box, square, with rounder corners (the full-screen player's artwork).
 * The bar is always in view, so its covers come with `priority` (docs/ui.md, "Covers").
 */
export function Cover({ src, size, fluid, priority }: { src: string | null | undefined; size: number; fluid?: boolean; priority?: CoverPriority }) {
  return <UiCover src={src} size={size} fluid={fluid} sizes={fluid ? ARTWORK_SIZES : undefined} priority={priority} shadow="small" className={fluid ? styles.fluid : undefined} />;
}
