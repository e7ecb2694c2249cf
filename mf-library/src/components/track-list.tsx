import { memo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Song } from '@tunafy/contracts';
import { ClockIcon, PauseIcon, PlayIcon, creditNames, visuallyHiddenClassName } from '@tunafy/ui';
import { formatDuration } from '../lib/format';
import type { ListPlayback } from '../lib/player';
import { ActionMenu, type MenuAction } from './action-menu';
import { ArtistLinks } from './artist-links';
import { Cover } from './cover';
import styles from './track-list.module.css';

export const TRACK_ROW_HEIGHT = 56;
/** The list's head and the space under it (track-list.module.css, `.head`): where the rows start below a list's top. */
export const TRACK_HEAD_SPACE = 44;

/** Rows whose covers are in view at first paint on a laptop (below a detail page's header on a phone): no lazy wait. */
export const FIRST_ROWS = 12;

/**
 * What a click on a row's body means (docs/queue-and-selection.md): a plain click plays the row (SPEC §2) and
 * makes it where ranges start; Ctrl/Cmd-click toggles it; Shift-click selects the range from there (added to the
 * selection with Ctrl/Cmd as well).
 */
export type RowGesture = 'play' | 'toggle' | 'range' | 'add-range';

export function rowGesture(event: Pick<MouseEvent, 'shiftKey' | 'ctrlKey' | 'metaKey'>): RowGesture {
  const toggle = event.ctrlKey || event.metaKey;
  if (event.shiftKey) return toggle ? 'add-range' : 'range';
  return toggle ? 'toggle' : 'play';
}

interface TrackRowProps {
  song: Song;
  index: number;
  playback: ListPlayback;
  /** Row actions: Remove (album, playlist), the heart (Liked Songs); a stable function keeps rows from re-rendering. */
  actions?: (song: Song, index: number) => ReactNode;
  /** Where the list places the row (px from the top of its rendered block). */
  top: number;
  /** How long the whole list is (the row's place in it comes from index). */
  setSize: number;
  /** Whether the row is selected; undefined when the list has no selection. */
  selected?: boolean;
  /** Selection gestures on the row (stable); without it every click plays. */
  onGesture?: (index: number, song: Song, gesture: RowGesture) => void;
  /** The row's menu: Play next, Add to queue, Add to Playlist (stable). */
  menu?: (song: Song, index: number) => MenuAction[];
}

/** Rows are absolutely placed by the windowed list. */
export function rowStyle(top: number): CSSProperties {
  return { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${top}px)` };
}

/** Clicks on links and buttons inside a row do their own thing; a click anywhere else plays the row. */
function isInteractive(target: EventTarget | null, row: HTMLElement): boolean {
  // The row's menu is portalled to the body; a click in it still bubbles through the row in React, and is the menu's.
  if (!(target instanceof Node) || !row.contains(target)) return true;
  const element = target instanceof Element ? target.closest('a, button, input, [role="menu"]') : null;
  return Boolean(element && row.contains(element));
}

/**
 * One song of a list: number (a play button on hover and focus), cover, title,
 * artists (each a link to its page: docs/artists-ui.md), album (the song's name when it has none, SPEC §2) and m:ss. Memoized:
 * while a list scrolls, only the rows that come into view render.
 */
export const TrackRow = memo(function TrackRow({ song, index, playback, actions, top, setSize, selected, onGesture, menu }: TrackRowProps) {
  const by = creditNames(song);
  const isCurrent = playback.currentId === song.id;
  const isPlaying = isCurrent && playback.playing;
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    if (isInteractive(event.target, event.currentTarget)) return;
    const gesture = onGesture ? rowGesture(event) : 'play';
    if (gesture === 'play') playback.playAt(index);
    onGesture?.(index, song, gesture);
  };
  let className = styles.row;
  if (isCurrent) className += ` ${styles.current}`;
  if (selected) className += ` ${styles.selected}`;
  return (
    <div
      role="row"
      className={className}
      style={rowStyle(top)}
      onClick={onRowClick}
      aria-current={isCurrent ? 'true' : undefined}
      aria-rowindex={index + 1}
      aria-selected={selected}
      data-index={index}
    >
      <span role="gridcell" className={styles.index}>
        <span className={styles.number} aria-hidden="true">
          {index + 1}
        </span>
        <button
          type="button"
          className={styles.rowPlay}
          aria-label={`${isPlaying ? 'Pause' : 'Play'} ${song.song_name} by ${by}`}
          onClick={() => (isCurrent ? playback.toggle() : playback.playAt(index))}
        >
          {isPlaying ? <PauseIcon /> : <PlayIcon />}
        </button>
      </span>
      <span role="gridcell" className={styles.titleCell}>
        <Cover src={song.song_cover_url} size={40} priority={index < FIRST_ROWS ? 'eager' : undefined} />
        <span className={styles.titleText}>
          <Link className={styles.name} to={`/songs/${song.id}`}>
            {song.song_name}
          </Link>
          <span className={styles.artist}>
            <ArtistLinks item={song} linkClassName={styles.artistLink} />
          </span>
        </span>
      </span>
      <span role="gridcell" className={styles.albumColumn}>
        {song.album_id && song.album_name ? (
          <Link className={styles.album} to={`/albums/${song.album_id}`}>
            {song.album_name}
          </Link>
        ) : (
          <span className={styles.album}>{song.song_name}</span>
        )}
      </span>
      <span role="gridcell" className={styles.duration}>
        {formatDuration(song.duration)}
      </span>
      {(actions || menu) && (
        <span role="gridcell" className={styles.actions}>
          {actions?.(song, index) ?? null}
          {menu && (
            <ActionMenu
              label={`More options for ${song.song_name} by ${by}`}
              actions={menu(song, index)}
              align="end"
              // The list clips what hangs past its end: the last rows open their menu upwards.
              placement={index > 2 && index >= setSize - 3 ? 'above' : 'below'}
            />
          )}
        </span>
      )}
    </div>
  );
});

/** How many controls a row's last column holds (a drag handle, a Remove button or heart, the menu): sets its width. */
export type ActionSlots = 0 | 1 | 2 | 3;

export function TrackListHead({ actionSlots }: { actionSlots: ActionSlots }) {
  return (
    <div className={styles.head} aria-hidden="true">
      <span>#</span>
      <span>Title</span>
      <span className={styles.albumColumn}>Album</span>
      <span>
        <ClockIcon />
      </span>
      {actionSlots > 0 && <span />}
    </div>
  );
}

export function trackTableClassName(actionSlots: ActionSlots): string {
  if (actionSlots === 3) return `${styles.table} ${styles.withActions} ${styles.withThreeActions}`;
  if (actionSlots === 2) return `${styles.table} ${styles.withActions} ${styles.withTwoActions}`;
  return actionSlots === 1 ? `${styles.table} ${styles.withActions}` : styles.table;
}

export const trackListClassName = styles.list;

/**
 * A row whose song is still on its way: its number and the row's shape, so nothing jumps when it arrives.
 * Static grey shapes, not the shimmering skeleton: a scrollbar drag across a long list shows dozens of new
 * placeholders every frame, and starting an animation for each costs style work in every one of them.
 */
export const TrackRowPlaceholder = memo(function TrackRowPlaceholder({ index, top }: { index: number; top: number }) {
  return (
    <div role="row" className={`${styles.row} ${styles.placeholder}`} style={rowStyle(top)} aria-rowindex={index + 1} aria-busy="true" data-index={index} tabIndex={-1}>
      <span role="gridcell" className={styles.index}>
        <span className={styles.number}>{index + 1}</span>
      </span>
      <span role="gridcell" className={styles.titleCell}>
        <span className={styles.placeholderCover} aria-hidden="true" />
        <span className={styles.placeholderText} aria-hidden="true" style={{ width: `${40 + ((index * 17) % 30)}%` }} />
        <span className={visuallyHiddenClassName}>Loading</span>
      </span>
    </div>
  );
});
