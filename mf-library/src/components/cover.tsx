import type { ReactNode } from 'react';
import { gradientCoverBackground } from '@tunafy/contracts';
import { AlbumIcon, Cover as UiCover, coverClassNames, coverSrcSet, type CoverPriority } from '@tunafy/ui';
import type { ComponentType, SVGProps } from 'react';
import styles from './cover.module.css';

interface CoverProps {
  src: string | null | undefined;
  size: number;
  alt?: string;
  /** What the placeholder draws when there is no image: an album, or a note for songs and playlists. */
  kind?: 'song' | 'album' | 'playlist';
  /**
   * Another placeholder (an artist's person, a genre's tag). Given by the pages that show them, so the covers of every
   * other page (the guest home's among them) do not carry those icons.
   */
  placeholder?: ComponentType<SVGProps<SVGSVGElement>>;
  /** Round, as an artist's picture is. */
  round?: boolean;
  /** The big shadow of a page's hero cover. */
  shadow?: boolean;
  /** In view at first paint (docs/ui.md, "Covers"): `high` for a page's hero and first row of cards, `eager` for a list's first rows. */
  priority?: CoverPriority;
  className?: string;
  fluid?: boolean;
  sizes?: string;
}

/** @tunafy/ui's Cover with the library's placeholders (docs/ui.md). */
export function Cover({ kind = 'song', placeholder, round, shadow, className, ...rest }: CoverProps) {
  const classes = [round && styles.round, className].filter(Boolean).join(' ') || undefined;
  return <UiCover {...rest} className={classes} placeholder={placeholder ?? (kind === 'album' ? AlbumIcon : undefined)} shadow={shadow ? 'large' : undefined} />;
}

/** The cover of a list that has no image of its own (All Songs, Liked Songs): an icon on a gradient. */
export function GradientCover({ size, to, children }: { size: number; /** The gradient's end colour (it starts at the brand's violet). */ to: string; children: (className: string) => ReactNode }) {
  return (
    <div className={`${coverClassNames.cover} ${coverClassNames.large}`} style={{ width: size, height: size, background: gradientCoverBackground(to), color: '#fff' }}>
      {children(coverClassNames.placeholder)}
    </div>
  );
}

/**
 * Starts a first-screen cover's download as soon as its URL is known (the data arrived) rather than when React has
 * rendered the page, a long task on a slow phone: a preload with the img's own srcset and sizes, so the img then
 * takes the same answer.
 */
export function preloadCover(src: string | null | undefined, sizes: string): void {
  const srcSet = src ? coverSrcSet(src) : undefined;
  if (!srcSet) return;
  const link = document.createElement('link');
  const attributes = { rel: 'preload', as: 'image', imagesrcset: srcSet, imagesizes: sizes, fetchpriority: 'high' };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.appendChild(link);
}
