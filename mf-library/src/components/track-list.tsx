import { memo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Song } from '@tunafy/contracts';
import { formatDuration } from '../lib/format';
import type { ListPlayback } from '../lib/player';
import { Cover } from './cover';
import { ClockIcon, PauseIcon, PlayIcon } from './icons';
import { UnplayableNote } from './unplayable-note';
import { UserLink } from './user-link';
import theme from './theme.module.css';
import styles from './track-list.module.css';

export const TRACK_ROW_HEIGHT = 56;

interface TrackRowProps {
  song: Song;
  index: number;
  playback: ListPlayback;
  /** Row actions: Remove (album, playlist), the heart (Liked Songs); a stable function keeps rows from re-rendering. */
  actions?: (song: Song, index: number) => ReactNode;
  /** Where the list places the row (px from the top of its rendered block). */
  top: number;
  /** Where the row sits in the whole list (1-based, from index) and how long the list is. */
  setSize: number;
}

/** Rows are absolutely placed by the windowed list. */
export function rowStyle(top: number): CSSProperties {
  return { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${top}px)` };
}

/** Clicks on links and buttons inside a row do their own thing; a click anywhere else plays the row. */
function isInteractive(target: EventTarget | null, row: HTMLElement): boolean {
  const element = target instanceof Element ? target.closest('a, button, input, [role="menu"]') : null;
  return Boolean(element && row.contains(element));
}

/**
 * One song of a list: number (a play button on hover and focus), cover, title,
 * artist (a link to their page), album (the song's name when it has none, SPEC §2) and m:ss. Memoized:
 * while a list scrolls, only the rows that come into view render.
 */
export const TrackRow = memo(function TrackRow({ song, index, playback, actions, top, setSize }: TrackRowProps) {
  const isCurrent = playback.currentId === song.id;
  const isPlaying = isCurrent && playback.playing;
  const onRowClick = (event: MouseEvent<HTMLLIElement>) => {
    if (!isInteractive(event.target, event.currentTarget)) playback.playAt(index);
  };
  return (
    <li
      className={isCurrent ? `${styles.row} ${styles.current}` : styles.row}
      style={rowStyle(top)}
      onClick={onRowClick}
      aria-current={isCurrent ? 'true' : undefined}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-index={index}
    >
      <span className={styles.index}>
        <span className={styles.number} aria-hidden="true">
          {index + 1}
        </span>
        <button
          type="button"
          className={styles.rowPlay}
          aria-label={`${isPlaying ? 'Pause' : 'Play'} ${song.song_name} by ${song.artist_username}`}
          onClick={() => (isCurrent ? playback.toggle() : playback.playAt(index))}
        >
          {isPlaying ? <PauseIcon /> : <PlayIcon />}
        </button>
      </span>
      <span className={styles.titleCell}>
        <Cover src={song.song_cover_url} size={40} />
        <span className={styles.titleText}>
          <Link className={styles.name} to={`/songs/${song.id}`}>
            {song.song_name}
          </Link>
          <span className={styles.artist}>
            <UserLink className={styles.artistLink} userId={song.artist_id} username={song.artist_username} />
            <UnplayableNote format={song.audio_format} />
          </span>
        </span>
      </span>
      <span className={styles.albumColumn}>
        {song.album_id && song.album_name ? (
          <Link className={styles.album} to={`/albums/${song.album_id}`}>
            {song.album_name}
          </Link>
        ) : (
          <span className={styles.album}>{song.song_name}</span>
        )}
      </span>
      <span className={styles.duration}>{formatDuration(song.duration)}</span>
      {actions && <span className={styles.actions}>{actions(song, index) ?? null}</span>}
    </li>
  );
});

export function TrackListHead({ withActions }: { withActions: boolean }) {
  return (
    <div className={styles.head} aria-hidden="true">
      <span>#</span>
      <span>Title</span>
      <span className={styles.albumColumn}>Album</span>
      <span>
        <ClockIcon />
      </span>
      {withActions && <span />}
    </div>
  );
}

export function trackTableClassName(withActions: boolean): string {
  return withActions ? `${styles.table} ${styles.withActions}` : styles.table;
}

export const trackListClassName = styles.list;

/**
 * A row whose song is still on its way: its number and the row's shape, so nothing jumps when it arrives.
 * Static grey shapes, not the shimmering skeleton: a scrollbar drag across a long list shows dozens of new
 * placeholders every frame, and starting an animation for each costs style work in every one of them.
 */
export const TrackRowPlaceholder = memo(function TrackRowPlaceholder({ index, top, setSize }: { index: number; top: number; setSize: number }) {
  return (
    <li className={`${styles.row} ${styles.placeholder}`} style={rowStyle(top)} aria-posinset={index + 1} aria-setsize={setSize} aria-busy="true" data-index={index} tabIndex={-1}>
      <span className={styles.index}>
        <span className={styles.number}>{index + 1}</span>
      </span>
      <span className={styles.titleCell} aria-hidden="true">
        <span className={styles.placeholderCover} />
        <span className={styles.placeholderText} style={{ width: `${40 + ((index * 17) % 30)}%` }} />
      </span>
      <span className={theme.visuallyHidden}>Loading</span>
    </li>
  );
});
