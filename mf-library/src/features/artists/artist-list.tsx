import { memo, useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Artist } from '@tunafy/contracts';
import { Button, PersonIcon, artistPagePath, visuallyHiddenClassName } from '@tunafy/ui';
import { Cover } from '../../components/cover';
import { BLOCK_ROWS, OVERSCAN, applyTabStop, controlsOf, keyedRowTarget, scrollRowIntoView, useListView } from '../../components/use-list-view';
import { formatCountOf, formatSongCount } from '../../lib/format';
import { listPixels, rowWindow } from '../../lib/scroll-scale';
import type { PagedRows } from '../../lib/use-paged-rows';
import styles from './artists.module.css';

/** A row: a 48 px picture with 8 px above and below; a finger's target on a phone too. */
export const ARTIST_ROW_HEIGHT = 64;

function placed(top: number) {
  return { transform: `translateY(${top}px)` };
}

/** "12 songs • 2 albums": what the artist has, as the row's second line. */
export function artistCounts(artist: Pick<Artist, 'song_count' | 'album_count'>): string {
  const songs = formatSongCount(artist.song_count);
  return artist.album_count > 0 ? `${songs} • ${formatCountOf(artist.album_count, 'album', 'albums')}` : songs;
}

/** One artist: picture, name (a link to the page, stretched over the row), counts. Memoized: scrolling renders only new rows. */
const ArtistRow = memo(function ArtistRow({ artist, index, top }: { artist: Artist; index: number; top: number }) {
  return (
    <div role="row" className={styles.row} style={placed(top)} aria-rowindex={index + 1} data-index={index}>
      <span role="gridcell" className={styles.cell}>
        <Cover src={artist.picture_url} size={48} placeholder={PersonIcon} round />
        <span className={styles.text}>
          <Link to={artistPagePath(artist.id)} className={styles.name}>
            {artist.name}
          </Link>
          <span className={styles.counts}>{artistCounts(artist)}</span>
        </span>
      </span>
    </div>
  );
});

/** A row whose page has not arrived: static shapes of the row's size, as the song lists draw them. */
const ArtistPlaceholder = memo(function ArtistPlaceholder({ index, top }: { index: number; top: number }) {
  return (
    <div role="row" className={`${styles.row} ${styles.placeholder}`} style={placed(top)} aria-rowindex={index + 1} aria-busy="true" data-index={index}>
      <span role="gridcell" className={styles.cell}>
        <span className={styles.placeholderPicture} aria-hidden="true" />
        <span className={styles.placeholderText} aria-hidden="true" style={{ width: `${30 + ((index * 17) % 30)}%` }} />
        <span className={visuallyHiddenClassName}>Loading</span>
      </span>
    </div>
  );
});

interface ArtistListProps {
  rows: PagedRows<Artist>;
  /** The list's length (rows.total once known). */
  total: number;
  /** The grid's accessible name ("Artists", "Artists under B"). */
  label: string;
}

/**
 * The A–Z list of artists, windowed like every long list (docs/lists-at-scale.md): only the rows in view and a few
 * more are in the DOM, their pages read by position as they come into view, so 10,000 artists cost what 30 do. A grid
 * with one Tab stop: ↑/↓ move a row, Page Up/Down a screen, Home/End to the first and last artist of the whole list.
 */
export function ArtistList({ rows, total, label }: ArtistListProps) {
  const [spacer, setSpacer] = useState<HTMLDivElement | null>(null);
  const [grid, setGrid] = useState<HTMLDivElement | null>(null);
  const geometry = { rowCount: total, rowHeight: ARTIST_ROW_HEIGHT };
  const { view, scroller } = useListView(spacer, geometry);
  const shape = { ...geometry, viewport: view.viewport };
  const visible = rowWindow(view.scrolled, shape, OVERSCAN);
  const { show } = rows;

  useEffect(() => {
    if (total > 0) show(visible.first, visible.end);
  }, [show, total, visible.first, visible.end]);

  // Where Tab enters the grid: the row last focused, else the first one rendered.
  const active = useRef({ index: 0, control: 0 });
  useLayoutEffect(() => {
    if (grid) applyTabStop(grid, active.current);
  });
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = event.target.closest('[data-index]');
    if (!row || !grid) return;
    active.current = { index: Number(row.getAttribute('data-index')), control: 0 };
    applyTabStop(grid, active.current);
  };

  // A key moved to a row that is not rendered (or not loaded) yet: focus it once it is.
  const pendingFocus = useRef<number | null>(null);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useLayoutEffect(() => {
    const index = pendingFocus.current;
    const row = index === null ? null : grid?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    const link = row ? controlsOf(row)[0] : undefined;
    if (!link) return;
    link.focus({ preventScroll: true });
    pendingFocus.current = null;
  });
  const focusRow = useCallback(
    (index: number) => {
      if (!spacer) return;
      pendingFocus.current = index;
      active.current = { index, control: 0 };
      scrollRowIntoView(spacer, scroller, { rowCount: total, rowHeight: ARTIST_ROW_HEIGHT }, index);
      rerender();
    },
    [spacer, scroller, total],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const row = event.target instanceof Element ? event.target.closest('[data-index]') : null;
    if (!row) return;
    const index = Number(row.getAttribute('data-index'));
    const target = keyedRowTarget(event.key, index, total, view, ARTIST_ROW_HEIGHT);
    if (target === undefined) return;
    event.preventDefault();
    focusRow(target);
  };

  const base = visible.first - (visible.first % BLOCK_ROWS);
  const blockTop = visible.top - (visible.first - base) * ARTIST_ROW_HEIGHT;
  const items: ReactNode[] = [];
  for (let index = visible.first; index < visible.end; index++) {
    const artist = rows.rowAt(index);
    const top = (index - base) * ARTIST_ROW_HEIGHT;
    items.push(artist ? <ArtistRow key={index} artist={artist} index={index} top={top} /> : <ArtistPlaceholder key={index} index={index} top={top} />);
  }

  const pixels = listPixels(shape);
  // Only a scaled list (past ~230,000 artists) places overscan rows past its end; they must not make it taller.
  const scaled = pixels < total * ARTIST_ROW_HEIGHT;
  return (
    <div>
      {rows.error && (
        <div role="alert" className={styles.listError}>
          Some artists could not be loaded.
          <Button size="small" variant="secondary" onClick={rows.reload}>
            Try again
          </Button>
        </div>
      )}
      <div ref={setSpacer} className={scaled ? `${styles.windowed} ${styles.clipped}` : styles.windowed} style={{ height: pixels }}>
        <div
          ref={setGrid}
          role="grid"
          aria-label={label}
          aria-rowcount={total}
          className={styles.grid}
          style={{ transform: `translateY(${blockTop}px)` }}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        >
          {items}
        </div>
      </div>
    </div>
  );
}
