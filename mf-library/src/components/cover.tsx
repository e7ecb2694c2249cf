import type { ReactNode } from 'react';
import { Cover as UiCover, coverClassNames } from '@tunafy/ui';
import { AlbumIcon, PersonIcon, TagIcon } from './icons';
import styles from './cover.module.css';

interface CoverProps {
  src: string | null | undefined;
  size: number;
  alt?: string;
  /**
   * What the placeholder draws when there is no image: an album, a person for an artist (whose picture is also round),
   * a tag for a genre, or a note for songs and playlists.
   */
  kind?: 'song' | 'album' | 'playlist' | 'artist' | 'genre';
  /** The big shadow of a page's hero cover. */
  shadow?: boolean;
  eager?: boolean;
  className?: string;
  fluid?: boolean;
}

/** @tunafy/ui's Cover with the library's placeholders (docs/ui.md). */
export function Cover({ kind = 'song', shadow, className, ...rest }: CoverProps) {
  const round = kind === 'artist' ? styles.round : undefined;
  return <UiCover {...rest} className={[round, className].filter(Boolean).join(' ') || undefined} placeholder={PLACEHOLDERS[kind]} shadow={shadow ? 'large' : undefined} />;
}

const PLACEHOLDERS = { album: AlbumIcon, artist: PersonIcon, genre: TagIcon, song: undefined, playlist: undefined } as const;

/** The cover of a list that has no image of its own (All Songs, Liked Songs): an icon on a gradient. */
export function GradientCover({ size, to, children }: { size: number; /** The gradient's end colour (it starts at the brand's violet). */ to: string; children: (className: string) => ReactNode }) {
  return (
    <div className={`${coverClassNames.cover} ${coverClassNames.large}`} style={{ width: size, height: size, background: `linear-gradient(135deg, #450af5, ${to})`, color: '#fff' }}>
      {children(coverClassNames.placeholder)}
    </div>
  );
}
