import type { ReactNode } from 'react';
import { Cover as UiCover, coverClassNames } from '@tunafy/ui';
import { AlbumIcon } from './icons';

interface CoverProps {
  src: string | null | undefined;
  size: number;
  alt?: string;
  /** What the placeholder draws when there is no image: an album, or a note for songs and playlists. */
  kind?: 'song' | 'album' | 'playlist';
  /** The big shadow of a page's hero cover. */
  shadow?: boolean;
  eager?: boolean;
  className?: string;
  fluid?: boolean;
}

/** @tunafy/ui's Cover with the library's placeholders (docs/ui.md). */
export function Cover({ kind = 'song', shadow, ...rest }: CoverProps) {
  return <UiCover {...rest} placeholder={kind === 'album' ? AlbumIcon : undefined} shadow={shadow ? 'large' : undefined} />;
}

/** The cover of a list that has no image of its own (All Songs, Liked Songs): an icon on a gradient. */
export function GradientCover({ size, to, children }: { size: number; /** The gradient's end colour (it starts at the brand's violet). */ to: string; children: (className: string) => ReactNode }) {
  return (
    <div className={`${coverClassNames.cover} ${coverClassNames.large}`} style={{ width: size, height: size, background: `linear-gradient(135deg, #450af5, ${to})`, color: '#fff' }}>
      {children(coverClassNames.placeholder)}
    </div>
  );
}
