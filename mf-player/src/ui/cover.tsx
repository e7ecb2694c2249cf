import { Cover as UiCover } from '@tunafy/ui';
import styles from './cover.module.css';

/**
 * @tunafy/ui's Cover as the player draws it: decorative (the title sits next to it), with a small shadow;
 * `fluid`: as wide as its box, square, with rounder corners (the full-screen player's artwork).
 */
export function Cover({ src, size, fluid }: { src: string | null | undefined; size: number; fluid?: boolean }) {
  return <UiCover src={src} size={size} fluid={fluid} shadow="small" className={fluid ? styles.fluid : undefined} />;
}
