import { Link } from 'react-router';
import { getApiClient } from '@tunafy/api-client';
import type { Album, AlbumsResponse } from '@tunafy/contracts';
import { CardsSkeleton, EmptyState, buttonClassName, themeClassName } from '@tunafy/ui';
import { LoadMore } from '../components/load-more';
import { pageTitleClassName } from '../components/media-card';
import { LoadError } from '../components/states';
import theme from '../components/theme.module.css';
import { AlbumCards } from '../features/albums/album-cards';
import { AlbumIcon } from '../components/icons';
import { askToLogIn } from '../lib/bus';
import { useSessionUser } from '../lib/session';
import { usePagedList, type Page } from '../lib/use-paged-list';

const PAGE_SIZE = 48;

function fetchAlbums(limit: number, cursor: string | null, signal: AbortSignal): Promise<Page<Album>> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return getApiClient()
    .get<AlbumsResponse>(`/api/albums?${query}`, { signal })
    .then((answer) => ({ items: answer.albums, next: answer.next_cursor }));
}

/** `/albums`: every album as a grid titled "Tunafy Albums" (SPEC §2); guests get the log-in modal on a card. */
export default function AlbumsPage() {
  const user = useSessionUser();
  const guest = !user;
  const albums = usePagedList(fetchAlbums, { firstPageSize: PAGE_SIZE, pageSize: PAGE_SIZE, autoLoad: false, reloadOn: ['album'] });
  let body;
  if (albums.loading) body = <CardsSkeleton label="Loading albums" count={12} />;
  else if (albums.error && albums.items.length === 0) body = <LoadError error={albums.error} what="album list" onRetry={albums.reload} backTo={{ to: '/', label: 'Go home' }} />;
  else if (albums.items.length === 0)
    body = (
      <EmptyState
        icon={<AlbumIcon />}
        title="No albums yet"
        text="Upload a few songs, then group them into an album with a cover for everyone to hear."
        actions={
          <Link
            to="/albums/new"
            className={buttonClassName('primary', 'small')}
            onClick={(event) => {
              if (!guest) return;
              event.preventDefault();
              askToLogIn();
            }}
          >
            Create Album
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <AlbumCards albums={albums.items} guest={guest} label="Tunafy Albums" />
        {!albums.complete && <LoadMore onLoadMore={albums.loadMore} fetching={albums.fetching} label="Show more albums" />}
      </>
    );
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <h1 className={pageTitleClassName}>Tunafy Albums</h1>
      {body}
    </div>
  );
}
