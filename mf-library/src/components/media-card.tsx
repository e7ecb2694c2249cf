import type { MouseEvent, ReactNode } from 'react';
import { CARD_COVER_SIZES, FIRST_ROW_CARDS } from '@tunafy/contracts';
import { Link } from 'react-router';
import type { CoverPriority, Credited } from '@tunafy/ui';
import { PersonIcon, Skeleton, SkeletonBlock } from '@tunafy/ui';
import { askToLogIn } from '../lib/bus';
import { Cover } from './cover';
import { TitledSection } from './titled-section';
import { ArtistLinks } from './artist-links';
import styles from './media-card.module.css';

export interface MediaCardProps {
  to: string;
  coverUrl: string | null;
  /** An artist's or a profile's picture is round, with a person when there is none (the search screen's cards). */
  kind: 'album' | 'playlist' | 'artist' | 'profile';
  title: string;
  /** The description, or "By {name}" when `by` is given. */
  subtitle: string;
  /**
   * Who it is by: the "By …" line then names them, each with a link to their page (an album's album artist, else its
   * owner; a playlist's creator).
   */
  by?: Credited;
  /** Guests keep real links (middle-click, screen readers), but a click asks them to log in (SPEC §2). */
  guest: boolean;
  /** A card in view at first paint (docs/ui.md, "Covers"); lazily loaded otherwise. */
  priority?: CoverPriority;
}

// How wide a card's cover is drawn (media-card.module.css), shared with the shell's first paint of the guest home.
export { CARD_COVER_SIZES };

/**
 * A card: the whole card opens `to` (its main link is stretched over it), and the "By …" names open their
 * pages: a link cannot hold another link, so the name sits above the stretched one. The main link's
 * name keeps the subtitle ("Night Drive By ann"), as when the card was one link.
 */
export function MediaCard({ to, coverUrl, kind, title, subtitle, by, guest, priority }: MediaCardProps) {
  const onClick = guestGuard(guest);
  return (
    <div className={styles.card}>
      <Link to={to} className={styles.main} onClick={onClick} aria-label={`${title} ${subtitle}`}>
        {kind === 'artist' || kind === 'profile' ? (
          <Cover src={coverUrl} size={176} fluid round placeholder={PersonIcon} className={`${styles.cover} ${styles.roundCover}`} />
        ) : (
          <Cover src={coverUrl} size={176} fluid sizes={CARD_COVER_SIZES} priority={priority} kind={kind} className={styles.cover} />
        )}
        <span className={styles.title}>{title}</span>
      </Link>
      <span className={styles.subtitle}>
        {by ? (
          <>
            By <ArtistLinks item={by} linkClassName={styles.byLink} onClick={onClick} />
          </>
        ) : (
          subtitle
        )}
      </span>
    </div>
  );
}

/** A link's click for guests: they keep the real link, but a click asks them to log in instead (SPEC §1, §2). */
export function guestGuard(guest: boolean) {
  return (event: MouseEvent) => {
    if (!guest) return;
    event.preventDefault();
    askToLogIn();
  };
}

export interface MediaCardsProps<T> {
  items: readonly T[];
  guest: boolean;
  label: string;
  card: (item: T) => Omit<MediaCardProps, 'guest'>;
  /** The grid is in view at first paint: its first FIRST_ROW_CARDS covers load at once, with this priority. */
  firstRow?: CoverPriority;
}

/** A grid of cards, one a item, `card` saying what each shows. */
export function MediaCards<T extends { id: string }>({ items, guest, label, card, firstRow }: MediaCardsProps<T>) {
  return (
    <CardGrid label={label}>
      {items.map((item, index) => (
        <CardItem key={item.id}>
          <MediaCard {...card(item)} guest={guest} priority={index < FIRST_ROW_CARDS ? firstRow : undefined} />
        </CardItem>
      ))}
    </CardGrid>
  );
}

/**
 * A grid's cards while they load, in the real grid and card boxes (a square cover, a title line, one subtitle line),
 * so a shelf keeps its height when its cards replace them and nothing under it moves (decision 0032).
 */
export function CardsPlaceholder({ label, count }: { label: string; count: number }) {
  return (
    <Skeleton label={label}>
      <div className={styles.grid}>
        {Array.from({ length: count }, (_, index) => (
          <div className={styles.card} key={index}>
            <div className={styles.main}>
              <SkeletonBlock width="100%" height="auto" style={{ aspectRatio: '1 / 1' }} />
              <span className={`${styles.title} ${styles.placeholderLine}`}>
                {'\u00a0'}
                <SkeletonBlock width="70%" height="auto" />
              </span>
            </div>
            <span className={`${styles.subtitle} ${styles.placeholderLine}`}>
              {'\u00a0'}
              <SkeletonBlock width="45%" height="auto" />
            </span>
          </div>
        ))}
      </div>
    </Skeleton>
  );
}

export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

export function CardItem({ children }: { children: ReactNode }) {
  return <li>{children}</li>;
}

interface ShelfProps {
  title: string;
  showAllTo: string;
  guest: boolean;
  children: ReactNode;
}

/** A home-page section: heading, "Show all" and a row of cards. */
export function Shelf({ title, showAllTo, guest, children }: ShelfProps) {
  const guard = guestGuard(guest);
  const headingId = `shelf-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const showAll = (
    <Link to={showAllTo} className={styles.showAll} onClick={guard} aria-label={`Show all ${title}`}>
      Show all
    </Link>
  );
  return (
    <TitledSection id={headingId} title={title} classNames={SHELF_CLASSES} head={showAll}>
      {children}
    </TitledSection>
  );
}

const SHELF_CLASSES = { section: styles.shelf, head: styles.shelfHead, title: styles.shelfTitle };

export const pageTitleClassName = styles.pageTitle;
