import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SearchResponse } from '@tunafy/contracts';
import { CloseIcon, IconButton, PersonIcon, SearchIcon, TagIcon, artistPagePath, creditNames, themeClassName, visuallyHiddenClassName } from '@tunafy/ui';
import { Cover } from '../../components/cover';
import { formatSongCount } from '../../lib/format';
import { genrePagePath } from '../shared/genres-api';
import { searchPagePath } from './api';
import { recordRecentSearch } from './recent-searches';
import { useSearch } from './use-search';
import styles from './search-box.module.css';

type ResultKind = 'song' | 'album' | 'playlist' | 'artist' | 'genre';

interface ResultOption {
  key: string;
  group: (typeof GROUP_OF)[ResultKind];
  to: string;
  name: string;
  detail: string;
  coverUrl: string | null;
  kind: ResultKind;
}

/** One result as an option: its key, group, page and the line under its name ("Song • ann", "Artist • 12 songs"). */
function option(kind: ResultKind, id: string, name: string, about: string, coverUrl: string | null, to = `/${kind}s/${id}`): ResultOption {
  const group = GROUP_OF[kind];
  return { key: `${kind}:${id}`, group, to, name, detail: `${group.slice(0, -1)} • ${about}`, coverUrl, kind };
}

const PLACEHOLDER_OF: Partial<Record<ResultKind, typeof PersonIcon>> = { artist: PersonIcon, genre: TagIcon };

const GROUP_OF = { song: 'Songs', artist: 'Artists', album: 'Albums', playlist: 'Playlists', genre: 'Genres' } as const;

/** Songs and albums say who they are by as every list does (their credited artists, else their owner). */
export function toOptions(results: SearchResponse | null): ResultOption[] {
  if (!results) return [];
  return [
    ...results.songs.map((song) => option('song', song.id, song.song_name, creditNames(song), song.song_cover_url)),
    ...(results.artists ?? []).map((artist) => option('artist', artist.id, artist.name, formatSongCount(artist.song_count), artist.picture_url, artistPagePath(artist.id))),
    ...results.albums.map((album) => option('album', album.id, album.album_name, creditNames(album), album.album_cover_url)),
    ...results.playlists.map((playlist) => option('playlist', playlist.id, playlist.playlist_name, playlist.creator_username, playlist.playlist_cover_url)),
    ...(results.genres ?? []).map((genre) => option('genre', genre.name, genre.name, formatSongCount(genre.song_count), null, genrePagePath(genre.name))),
  ];
}

/** In the order GROUP_OF gives, which is the options' order too (the arrows go through them as shown). */
const GROUPS = Object.values(GROUP_OF);

/**
 * The top bar's search (WAI-ARIA combobox with a listbox popup): results come
 * as you type, arrows move through them, Enter opens the highlighted one, or
 * the search screen (/search?q=) when none is, as the last option "See all
 * results" does; Escape closes the list and then clears the box. Opening
 * anything counts as a recent search of the account (search-screen.tsx).
 */
export function SearchBox({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { results, status, for: answeredFor } = useSearch(query);
  const options = useMemo(() => toOptions(results), [results]);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // New results: nothing highlighted until the user moves.
  useEffect(() => setActive(-1), [results]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (box.current && event.target instanceof Node && !box.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const go = (option: ResultOption | undefined) => {
    if (!option) return;
    recordRecentSearch(userId, query);
    setOpen(false);
    setQuery('');
    input.current?.blur();
    navigate(option.to);
  };
  // The last option: the search screen with this query (its own box takes over there).
  const seeAllIndex = options.length;
  const seeAll = () => {
    if (!query.trim()) return;
    recordRecentSearch(userId, query);
    setOpen(false);
    setQuery('');
    input.current?.blur();
    navigate(searchPagePath(query.trim()));
  };
  const optionCount = options.length + 1;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (!query.trim()) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + optionCount + (current < 0 && step < 0 ? 1 : 0)) % optionCount);
    } else if (event.key === 'Enter') {
      if (!query.trim()) return;
      event.preventDefault();
      if (open && active >= 0 && active < options.length) go(options[active]);
      else seeAll();
    } else if (event.key === 'Escape') {
      if (open && query) {
        event.preventDefault();
        setOpen(false);
      } else if (query) {
        event.preventDefault();
        setQuery('');
      }
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const trimmed = query.trim();
  const showPopup = open && trimmed.length > 0;
  const stale = status === 'searching' || answeredFor !== trimmed;
  let message: string | null = null;
  if (status === 'failed') message = 'Search is unavailable right now. Try again in a moment.';
  else if (stale && options.length === 0) message = 'Searching…';
  else if (!stale && options.length === 0) message = `No results for “${trimmed}”. Try another name of a song, artist, album, playlist or genre.`;
  const activeOption = active >= 0 ? options[active] : undefined;
  // By position: a genre's key is free text (spaces are not allowed in an id).
  const optionId = (option: ResultOption) => `${id}-option-${options.indexOf(option)}`;
  const seeAllId = `${id}-option-all`;
  const activeId = active === seeAllIndex ? seeAllId : activeOption && optionId(activeOption);

  return (
    <div className={`${themeClassName} ${styles.box}`} ref={box} role="search">
      <div className={styles.field}>
        <SearchIcon className={styles.icon} />
        <input
          ref={input}
          className={styles.input}
          type="search"
          role="combobox"
          aria-label="Search songs, albums and playlists"
          placeholder="What do you want to play?"
          autoComplete="off"
          spellCheck={false}
          value={query}
          aria-expanded={showPopup}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={showPopup ? activeId : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {query && (
          <IconButton
            label="Clear search"
            size="small"
            className={styles.clear}
            onClick={() => {
              setQuery('');
              input.current?.focus();
            }}
          >
            <CloseIcon />
          </IconButton>
        )}
      </div>
      <div className={styles.popup} hidden={!showPopup}>
        <ul id={listboxId} role="listbox" aria-label="Search results" className={styles.listbox}>
          {GROUPS.map((group) => {
            const members = options.filter((option) => option.group === group);
            if (members.length === 0) return null;
            return (
              <li key={group} role="presentation">
                <p className={styles.groupLabel} aria-hidden="true">
                  {group}
                </p>
                <ul role="group" aria-label={group} className={styles.group}>
                  {members.map((option) => {
                    const index = options.indexOf(option);
                    return (
                      <li
                        key={option.key}
                        id={optionId(option)}
                        role="option"
                        aria-selected={index === active}
                        className={index === active ? `${styles.option} ${styles.active}` : styles.option}
                        // Keep focus in the input; the click still selects.
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => go(option)}
                        onMouseMove={() => index !== active && setActive(index)}
                      >
                        <Cover src={option.coverUrl} size={40} kind={option.kind === 'album' ? 'album' : 'song'} placeholder={PLACEHOLDER_OF[option.kind]} round={option.kind === 'artist'} />
                        <span className={styles.optionText}>
                          <span className={styles.optionName}>{option.name}</span>
                          <span className={styles.optionDetail}>{option.detail}</span>
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
          <li
            id={seeAllId}
            role="option"
            aria-selected={active === seeAllIndex}
            className={active === seeAllIndex ? `${styles.option} ${styles.seeAll} ${styles.active}` : `${styles.option} ${styles.seeAll}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={seeAll}
            onMouseMove={() => active !== seeAllIndex && setActive(seeAllIndex)}
          >
            See all results for “{trimmed}”
          </li>
        </ul>
        {message && <p className={styles.message}>{message}</p>}
      </div>
      {/* Always in the page, so screen readers announce each change of the results. */}
      <div role="status" className={visuallyHiddenClassName}>
        {showPopup ? (message ?? (stale ? '' : `${options.length} ${options.length === 1 ? 'result' : 'results'}`)) : ''}
      </div>
    </div>
  );
}
