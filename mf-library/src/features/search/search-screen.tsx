import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SEARCH_GROUPS, type Artist, type PublicUser, type SearchGroup, type SearchResponse, type Song } from '@tunafy/contracts';
import { Button, CardsSkeleton, CloseIcon, EmptyState, ErrorState, IconButton, RowsSkeleton, SearchIcon, artistPagePath, creditNames, themeClassName, visuallyHiddenClassName } from '@tunafy/ui';
import { Cover } from '../../components/cover';
import { LoadMore } from '../../components/load-more';
import { MediaCards, pageTitleClassName, type MediaCardProps } from '../../components/media-card';
import { PageSection } from '../../components/page-section';
import theme from '../../components/theme.module.css';
import { formatSongCount } from '../../lib/format';
import { usePagedPlayback } from '../../lib/player';
import { usePagedRows } from '../../lib/use-paged-rows';
import { AlbumCards } from '../../components/album-cards';
import { GenreTiles } from '../shared/genre-tiles';
import { FixedSongs, type SongListComponent } from '../../components/fixed-songs';
import { PlaylistCards } from '../../components/playlist-cards';
import { userPagePath } from '../../components/user-link';
import { GROUP_PAGE, SCREEN_LIMIT, searchPagePath } from './api';
import { useRecentSearches } from './recent-searches';
import { SearchChips, type Chip } from './search-chips';
import { TopResult } from './top-result';
import { SEARCH_DEBOUNCE_MS, useSearch, type SearchState } from './use-search';
import { searchSongRows, useSearchGroup } from './use-search-group';
import styles from './search-screen.module.css';

/** A song whose lyrics hold the query, with the line that does (the lyrics group, once the API sends it). */
interface LyricsHit {
  song: Song;
  line: string;
}
type View = 'all' | SearchGroup | 'lyrics';

const LABEL_OF: Record<View, string> = { all: 'All', songs: 'Songs', artists: 'Artists', albums: 'Albums', playlists: 'Playlists', users: 'Profiles', genres: 'Genres', lyrics: 'Lyrics' };
/** How many of each group the All view shows (it asks for one more, to know whether "See all" finds more). */
const SONGS_SHOWN = 4;
const CARDS_SHOWN = SCREEN_LIMIT - 1;

function viewOf(param: string | null): View {
  return param === 'lyrics' || (SEARCH_GROUPS as readonly string[]).includes(param ?? '') ? (param as View) : 'all';
}

const lyricsOf = (results: SearchResponse | null): LyricsHit[] => (results as { lyrics?: LyricsHit[] } | null)?.lyrics ?? [];

/** The value after it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function countOf(results: SearchResponse): number {
  const groups = [results.songs, results.artists, results.albums, results.playlists, results.users, results.genres, lyricsOf(results)];
  return groups.reduce((sum, group) => sum + (group?.length ?? 0), 0);
}

/**
 * `/search?q=…&type=…`, the search screen (docs/search.md): the box, then, as you type, the top result and each
 * group with "See all", or one group (a chip) paged as it scrolls; recent searches while the box is empty. The query
 * and the chip live in the address, so back, forward and reload keep them.
 */
export function SearchScreen({ userId, songList }: { userId: string; songList: SongListComponent }) {
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const view = viewOf(params.get('type'));
  const [text, setText] = useState(urlQuery);
  // What this page last wrote to the address: only other changes (back, forward, a link) replace the box's text.
  const written = useRef(urlQuery);
  useEffect(() => {
    if (urlQuery === written.current) return;
    written.current = urlQuery;
    setText(urlQuery);
  }, [urlQuery]);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const recent = useRecentSearches(userId);
  const query = text.trim();
  const all = useSearch(query, SCREEN_LIMIT);
  const settled = useDebounced(query, SEARCH_DEBOUNCE_MS);

  const setQuery = (value: string, push = false) => {
    setText(value);
    written.current = value;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: !push },
    );
  };
  // A chip is a step back can undo; typing only replaces the address.
  const choose = (next: View) =>
    setParams((current) => {
      const chosen = new URLSearchParams(current);
      if (next === 'all') chosen.delete('type');
      else chosen.set('type', next);
      return chosen;
    });
  // A search counts once the user acts on it: Enter, or opening or playing a result (not every keystroke).
  const remember = () => recent.record(query);
  const onResultsClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('a, button, [role="row"]') : null;
    if (target && !target.closest('[data-search-keep]')) remember();
  };

  const hasLyrics = lyricsOf(all.results).length > 0 || view === 'lyrics';
  const chips: Chip<View>[] = (['all', ...SEARCH_GROUPS, ...(hasLyrics ? (['lyrics'] as const) : [])] as View[]).map((key) => ({ key, label: LABEL_OF[key] }));
  const chipId = (key: View) => `${id}-chip-${key}`;
  const panelId = `${id}-panel`;
  const answered = all.status === 'done' && all.for === query && all.results;

  return (
    <div className={`${themeClassName} ${theme.page} ${styles.screen}`}>
      <h1 className={pageTitleClassName}>Search</h1>
      <form
        role="search"
        className={styles.field}
        onSubmit={(event) => {
          event.preventDefault();
          remember();
        }}
      >
        <SearchIcon className={styles.fieldIcon} />
        <input
          ref={input}
          className={styles.input}
          type="search"
          aria-label="Search songs, artists, albums and more"
          placeholder="What do you want to play?"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          enterKeyHint="search"
          value={text}
          onChange={(event) => setQuery(event.target.value)}
        />
        {text && (
          <IconButton
            label="Clear search"
            size="small"
            className={styles.clear}
            onClick={() => {
              setQuery('', true);
              input.current?.focus();
            }}
          >
            <CloseIcon />
          </IconButton>
        )}
      </form>
      <div role="status" className={visuallyHiddenClassName}>
        {answered ? (countOf(all.results!) === 0 ? `No results found for “${query}”` : `${countOf(all.results!)} results`) : ''}
      </div>
      {query ? (
        <>
          <SearchChips chips={chips} selected={view} onSelect={choose} panelId={panelId} idOf={chipId} />
          <div role="tabpanel" id={panelId} aria-labelledby={chipId(view)} className={styles.panel} onClick={onResultsClick}>
            {view === 'all' ? (
              <AllResults state={all} query={query} songList={songList} />
            ) : view === 'lyrics' ? (
              <LyricsResults state={all} query={query} />
            ) : settled === query ? (
              view === 'songs' ? (
                <SongsGroup key={settled} query={settled} songList={songList} />
              ) : (
                <CardsGroup key={`${view}:${settled}`} query={settled} type={view} />
              )
            ) : (
              <ResultsSkeleton view={view} />
            )}
          </div>
        </>
      ) : (
        <RecentSearches list={recent.list} onPick={(value) => setQuery(value, true)} onRemove={recent.remove} onClear={recent.clear} />
      )}
    </div>
  );
}

function ResultsSkeleton({ view }: { view: View }) {
  if (view === 'songs' || view === 'lyrics') return <RowsSkeleton label="Loading results" rows={6} />;
  return <CardsSkeleton label="Loading results" count={CARDS_SHOWN} />;
}

function NoResults({ query }: { query: string }) {
  return <EmptyState icon={<SearchIcon />} title={`No results found for “${query}”`} text="Check the spelling, or try fewer or other words: part of a name is enough." />;
}

function SearchFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorState
      title="Couldn’t search right now"
      text="Check your connection and try again."
      actions={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

function SeeAll({ query, type, title }: { query: string; type: SearchGroup | 'lyrics'; title: string }) {
  return (
    <Link to={searchPagePath(query, type)} className={styles.seeAll} aria-label={`See all ${title}`} data-search-keep="">
      See all
    </Link>
  );
}

/** An artist's card: round picture, name, song count. */
function artistCard(artist: Artist): Omit<MediaCardProps, 'guest'> {
  return { to: artistPagePath(artist.id), kind: 'artist', coverUrl: artist.picture_url, title: artist.name, subtitle: `Artist • ${formatSongCount(artist.song_count)}` };
}

function profileCard(user: PublicUser): Omit<MediaCardProps, 'guest'> {
  return { to: userPagePath(user.id), kind: 'profile', coverUrl: null, title: user.username, subtitle: 'Profile' };
}

function Cards({ type, items, label }: { type: Exclude<SearchGroup, 'songs'>; items: readonly unknown[]; label: string }) {
  switch (type) {
    case 'artists':
      return <MediaCards items={items as Artist[]} guest={false} label={label} card={artistCard} />;
    case 'albums':
      return <AlbumCards albums={items as SearchResponse['albums']} guest={false} label={label} />;
    case 'playlists':
      return <PlaylistCards playlists={items as SearchResponse['playlists']} guest={false} label={label} />;
    case 'users':
      return <MediaCards items={items as PublicUser[]} guest={false} label={label} card={profileCard} />;
    case 'genres':
      return <GenreTiles genres={items as NonNullable<SearchResponse['genres']>} label={label} />;
  }
}

/** The "All" chip: the top result beside the first songs, then a row of each other group, each with "See all". */
function AllResults({ state, query, songList }: { state: SearchState; query: string; songList: SongListComponent }) {
  const { results } = state;
  if (state.status === 'failed' && state.for === query) return <SearchFailed onRetry={state.retry} />;
  if (!results) return <ResultsSkeleton view="all" />;
  const stale = state.for !== query;
  if (!stale && countOf(results) === 0) return <NoResults query={query} />;
  const songs = results.songs.slice(0, SONGS_SHOWN);
  const cardGroups = (['artists', 'albums', 'playlists', 'users', 'genres'] as const).filter((type) => (results[type]?.length ?? 0) > 0);
  const lyrics = lyricsOf(results);
  return (
    <div className={styles.all} aria-busy={stale || undefined}>
      {(results.top || songs.length > 0) && (
        <div className={styles.topRow}>
          {results.top && <TopResult top={results.top} />}
          {songs.length > 0 && (
            <PageSection id="tf-search-songs" title="Songs" action={results.songs.length > SONGS_SHOWN && <SeeAll query={state.for} type="songs" title="Songs" />}>
              <FixedSongs key={songs.map((song) => song.id).join()} songs={songs} source={`search:${state.for}`} label="Songs" songList={songList} />
            </PageSection>
          )}
        </div>
      )}
      {cardGroups.map((type) => {
        const items = results[type]!;
        return (
          <PageSection key={type} id={`tf-search-${type}`} title={LABEL_OF[type]} action={items.length > CARDS_SHOWN && <SeeAll query={state.for} type={type} title={LABEL_OF[type]} />}>
            <Cards type={type} items={items.slice(0, CARDS_SHOWN)} label={LABEL_OF[type]} />
          </PageSection>
        );
      })}
      {lyrics.length > 0 && (
        <PageSection id="tf-search-lyrics" title="Lyrics" action={<SeeAll query={state.for} type="lyrics" title="Lyrics" />}>
          <LyricsList hits={lyrics.slice(0, SONGS_SHOWN)} />
        </PageSection>
      )}
    </div>
  );
}

function LyricsList({ hits }: { hits: readonly LyricsHit[] }) {
  return (
    <ul className={styles.lyrics} aria-label="Lyrics">
      {hits.map(({ song, line }) => (
        <li key={song.id} className={styles.lyricsRow}>
          <Cover src={song.song_cover_url} size={48} />
          <span className={styles.lyricsText}>
            <Link to={`/songs/${song.id}`} className={styles.lyricsName}>
              {song.song_name}
            </Link>
            <span className={styles.lyricsWho}>{creditNames(song)}</span>
            <q className={styles.lyricsLine}>{line}</q>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The Lyrics chip: every song the answer found by its words, with the matching line. */
function LyricsResults({ state, query }: { state: SearchState; query: string }) {
  if (state.status === 'failed' && state.for === query) return <SearchFailed onRetry={state.retry} />;
  if (!state.results) return <ResultsSkeleton view="lyrics" />;
  const hits = lyricsOf(state.results);
  if (hits.length === 0 && state.for === query) return <NoResults query={query} />;
  return <LyricsList hits={hits} />;
}

/** The Songs chip: the windowed song list every page uses, the next page read when its last row comes into view. */
function SongsGroup({ query, songList: SongList }: { query: string; songList: SongListComponent }) {
  const [source] = useState(() => searchSongRows(query));
  const rows = usePagedRows(source.fetchRows, { pageSize: GROUP_PAGE });
  const playback = usePagedPlayback(`search:${query}`, { total: source.loaded(), rowsIn: rows.rowsIn });
  if (rows.total === null) return rows.error ? <SearchFailed onRetry={rows.reload} /> : <ResultsSkeleton view="songs" />;
  if (rows.total === 0) return <NoResults query={query} />;
  return <SongList rows={rows} total={rows.total} playback={playback} label={`Songs for “${query}”`} />;
}

/** A chip of cards (artists, albums, playlists, profiles, genres): a page at a time as the end comes into view, or by "Show more". */
function CardsGroup({ query, type }: { query: string; type: Exclude<SearchGroup, 'songs'> }) {
  const group = useSearchGroup<unknown>(query, type);
  if (group.items.length === 0) {
    if (group.status === 'failed') return <SearchFailed onRetry={group.retry} />;
    if (group.status === 'loading') return <ResultsSkeleton view={type} />;
    return <NoResults query={query} />;
  }
  return (
    <div className={styles.group}>
      <Cards type={type} items={group.items} label={`${LABEL_OF[type]} for “${query}”`} />
      {group.status === 'failed' && <SearchFailed onRetry={group.retry} />}
      {group.more && group.status !== 'failed' && (
        <div data-search-keep="">
          <LoadMore onLoadMore={group.loadMore} fetching={group.status === 'loading'} label={`Show more ${LABEL_OF[type].toLowerCase()}`} />
        </div>
      )}
    </div>
  );
}

/** While the box is empty: what was searched lately on this device by this account, each to search again or remove. */
function RecentSearches({ list, onPick, onRemove, onClear }: { list: readonly string[]; onPick: (query: string) => void; onRemove: (query: string) => void; onClear: () => void }) {
  if (list.length === 0) return <p className={styles.hint}>Find songs, artists, albums, playlists, profiles and genres. A letter or two off is fine.</p>;
  return (
    <PageSection id="tf-search-recent" title="Recent searches">
      <ul className={styles.recent} aria-label="Recent searches">
        {list.map((item) => (
          <li key={item} className={styles.recentRow}>
            <button type="button" className={styles.recentQuery} onClick={() => onPick(item)}>
              <SearchIcon className={styles.recentIcon} />
              <span className={styles.recentText}>{item}</span>
            </button>
            <IconButton label={`Remove “${item}” from recent searches`} size="small" onClick={() => onRemove(item)}>
              <CloseIcon />
            </IconButton>
          </li>
        ))}
      </ul>
      <div className={styles.recentActions}>
        <Button variant="secondary" size="small" onClick={onClear}>
          Clear recent searches
        </Button>
      </div>
    </PageSection>
  );
}
