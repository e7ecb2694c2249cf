import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { SessionUser } from '@tunafy/contracts';
import { DownloadedIcon, HeartIcon, LockIcon, SearchIcon, themeClassName, visuallyHiddenClassName } from '@tunafy/ui';
import { Cover } from '../../components/cover';
import { formatSongCount } from '../../lib/format';
import { downloadKey } from '@tunafy/offline';
import { useDownloadRecords } from '../shared/downloads-store';
import { matchesFilter, type LibraryItem } from './library-items';
import { useYourLibrary } from './use-your-library';
import styles from './library-list.module.css';

interface LibraryListProps {
  user: SessionUser;
  /** 'sidebar': compact rows in the shell's sidebar; 'page': the phone's Your Library screen, bigger rows. */
  variant: 'sidebar' | 'page';
  /** The id of the heading that names this list. */
  labelledBy: string;
}

const LIKED_SONGS = 'Liked Songs';

/**
 * The user's Liked Songs, playlists (private ones marked) and albums, newest first, with a filter box.
 * Links all the way: a row opens its page, and the row of the page on screen is marked current.
 */
export function LibraryList({ user, variant, labelledBy }: LibraryListProps) {
  const library = useYourLibrary(user.id);
  const downloads = useDownloadRecords(user.id);
  const [query, setQuery] = useState('');
  // Typing stays instant; the list catches up (it can hold a few hundred rows).
  const filter = useDeferredValue(query.trim());
  const visible = useMemo(() => library.items?.filter((item) => matchesFilter(item.name, filter)) ?? null, [library.items, filter]);
  const showLiked = matchesFilter(LIKED_SONGS, filter);
  const coverSize = variant === 'page' ? 56 : 40;
  const inputId = useId();

  let note = null;
  if (library.error) {
    note = (
      <p className={styles.note} role="alert">
        Couldn’t load your playlists and albums.{' '}
        <button type="button" className={styles.retry} onClick={library.reload}>
          Try again
        </button>
      </p>
    );
  } else if (visible && visible.length === 0 && !showLiked) {
    note = <p className={styles.note}>No playlists or albums match “{filter}”.</p>;
  } else if (library.items?.length === 0 && !filter) {
    note = (
      <p className={styles.note}>
        Playlists and albums you make show up here.{' '}
        <Link to="/playlists/new" className={styles.inlineLink}>
          Create a playlist
        </Link>
      </p>
    );
  }

  return (
    <div className={`${themeClassName} ${styles.library} ${variant === 'page' ? styles.page : styles.sidebar}`}>
      <div className={styles.filter}>
        <SearchIcon className={styles.filterIcon} />
        <label htmlFor={inputId} className={visuallyHiddenClassName}>
          Filter your library
        </label>
        <input
          id={inputId}
          className={styles.filterInput}
          type="search"
          placeholder={variant === 'page' ? 'Filter playlists and albums' : 'Filter'}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <ul className={styles.list} aria-labelledby={labelledBy} aria-busy={visible === null || undefined}>
        {showLiked && (
          <li>
            <NavLink to="/collection/tracks" end className={rowClass}>
              <span className={styles.likedCover} style={{ width: coverSize, height: coverSize }} aria-hidden="true">
                <HeartIcon filled />
              </span>
              <span className={styles.text}>
                <span className={styles.name}>
                  <span className={styles.nameText}>{LIKED_SONGS}</span>
                  {downloads.has(downloadKey({ kind: 'liked', id: user.id })) && <DownloadedMark />}
                </span>
                <span className={styles.detail}>{library.likedCount === null ? 'Playlist' : `Playlist • ${formatSongCount(library.likedCount)}`}</span>
              </span>
            </NavLink>
          </li>
        )}
        {visible === null && !library.error
          ? [0, 1, 2].map((row) => (
              <li key={row} className={styles.placeholder} aria-hidden="true">
                <span style={{ width: coverSize, height: coverSize }} />
                <span />
              </li>
            ))
          : visible?.map((item) => <LibraryRow key={`${item.kind}:${item.id}`} item={item} coverSize={coverSize} downloaded={downloads.has(downloadKey(item))} />)}
      </ul>
      {visible === null && !library.error && (
        <p role="status" className={visuallyHiddenClassName}>
          Loading your playlists and albums
        </p>
      )}
      {note}
    </div>
  );
}

function rowClass({ isActive }: { isActive: boolean }): string {
  return isActive ? `${styles.row} ${styles.current}` : styles.row;
}

/** Stored for offline listening (docs/offline.md); part of the link's name, as the private lock is. */
function DownloadedMark() {
  return (
    <span className={styles.downloaded} title="Downloaded">
      <DownloadedIcon role="img" aria-hidden={undefined} aria-label="downloaded" />
    </span>
  );
}

function LibraryRow({ item, coverSize, downloaded }: { item: LibraryItem; coverSize: number; downloaded: boolean }) {
  return (
    <li>
      <NavLink to={item.to} end className={rowClass}>
        <Cover src={item.coverUrl} size={coverSize} kind={item.kind === 'album' ? 'album' : 'playlist'} />
        <span className={styles.text}>
          <span className={styles.name}>
            <span className={styles.nameText}>{item.name}</span>
            {item.private && (
              // Part of the link's name ("Road trip, private, Playlist"), and a tooltip for the sighted.
              <span className={styles.private} title="Private playlist">
                <LockIcon role="img" aria-hidden={undefined} aria-label="private" />
              </span>
            )}
            {downloaded && <DownloadedMark />}
          </span>
          <span className={styles.detail}>{item.kind === 'playlist' ? 'Playlist' : 'Album'}</span>
        </span>
      </NavLink>
    </li>
  );
}
