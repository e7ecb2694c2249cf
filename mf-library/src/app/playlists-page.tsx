import { Link } from 'react-router';
import { getApiClient } from '@tunafy/api-client';
import type { Playlist, PlaylistsResponse } from '@tunafy/contracts';
import { CardsSkeleton, EmptyState, NoteIcon, buttonClassName, themeClassName } from '@tunafy/ui';
import { LoadMore } from '../components/load-more';
import { pageTitleClassName } from '../components/media-card';
import { LoadError } from '../components/states';
import theme from '../components/theme.module.css';
import { PlaylistCards } from '../features/playlists/playlist-cards';
import { askToLogIn } from '../lib/bus';
import { useSessionUser } from '../lib/session';
import { usePagedList, type Page } from '../lib/use-paged-list';

const PAGE_SIZE = 48;

function fetchPlaylists(limit: number, cursor: string | null, signal: AbortSignal): Promise<Page<Playlist>> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return getApiClient()
    .get<PlaylistsResponse>(`/api/playlists?${query}`, { signal })
    .then((answer) => ({ items: answer.playlists, next: answer.next_cursor }));
}

/** `/playlists`: every playlist the viewer may see (public ones, and their own private ones) as a grid (SPEC §2). */
function Playlists({ guest }: { guest: boolean }) {
  const playlists = usePagedList(fetchPlaylists, { firstPageSize: PAGE_SIZE, pageSize: PAGE_SIZE, autoLoad: false, reloadOn: ['playlist'] });
  let body;
  if (playlists.loading) body = <CardsSkeleton label="Loading playlists" count={12} />;
  else if (playlists.error && playlists.items.length === 0) body = <LoadError error={playlists.error} what="playlist list" onRetry={playlists.reload} backTo={{ to: '/', label: 'Go home' }} />;
  else if (playlists.items.length === 0)
    body = (
      <EmptyState
        icon={<NoteIcon />}
        title="No playlists yet"
        text="Gather songs you love into a playlist; keep it private or share it with everyone."
        actions={
          <Link
            to="/playlists/new"
            className={buttonClassName('primary', 'small')}
            onClick={(event) => {
              if (!guest) return;
              event.preventDefault();
              askToLogIn();
            }}
          >
            Create Playlist
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <PlaylistCards playlists={playlists.items} guest={guest} label="Tunafy Playlists" />
        {!playlists.complete && <LoadMore onLoadMore={playlists.loadMore} fetching={playlists.fetching} label="Show more playlists" />}
      </>
    );
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <h1 className={pageTitleClassName}>Tunafy Playlists</h1>
      {body}
    </div>
  );
}

export default function PlaylistsPage() {
  const user = useSessionUser();
  // Which private playlists show depends on who is logged in: a new session starts a fresh list.
  return <Playlists key={user?.id ?? 'guest'} guest={!user} />;
}
