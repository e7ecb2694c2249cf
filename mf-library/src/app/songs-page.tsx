import { Link, Navigate, useNavigate } from 'react-router';
import type { Song } from '@tunafy/contracts';
import { ActionMenu } from '../components/action-menu';
import { buttonClassName, PlayButton } from '../components/button';
import { ActionBar, CollectionHeader } from '../components/collection-header';
import { NoteIcon } from '../components/icons';
import { RowsSkeleton } from '../components/skeleton';
import { EmptyState, LoadError } from '../components/states';
import theme from '../components/theme.module.css';
import coverStyles from '../components/cover.module.css';
import { fetchSongsPage } from '../features/songs/api';
import { VirtualSongList } from '../features/songs/virtual-song-list';
import { formatSongCount, formatTotalLength } from '../lib/format';
import { useListPlayback } from '../lib/player';
import { useSessionUser } from '../lib/session';
import { usePagedList, type Page } from '../lib/use-paged-list';

/** Small first page so rows show at once; big later pages so 10,000 songs take few requests. */
export const FIRST_PAGE_SIZE = 100;
export const PAGE_SIZE = 500;
export const ALL_SONGS_SOURCE = 'songs';

function fetchSongs(limit: number, cursor: string | null, signal: AbortSignal): Promise<Page<Song>> {
  return fetchSongsPage(limit, cursor, signal).then((answer) => ({ items: answer.songs, next: answer.next_cursor }));
}

function AllSongs() {
  const navigate = useNavigate();
  const songs = usePagedList(fetchSongs, { firstPageSize: FIRST_PAGE_SIZE, pageSize: PAGE_SIZE, autoLoad: true, reloadOn: ['song', 'album'] });
  const playback = useListPlayback(ALL_SONGS_SOURCE, songs.items);
  const hasSongs = songs.items.length > 0;

  let body;
  if (songs.loading) body = <RowsSkeleton label="Loading songs" />;
  else if (songs.error && !hasSongs) body = <LoadError error={songs.error} what="song list" onRetry={songs.reload} backTo={{ to: '/', label: 'Go home' }} />;
  else if (!hasSongs)
    body = (
      <EmptyState
        title="No songs yet"
        text="Upload the first one: an mp3 and a cover photo are all it takes."
        actions={
          <Link to="/songs/new" className={buttonClassName('primary', 'small')}>
            Create Song
          </Link>
        }
      />
    );
  else
    body = (
      <VirtualSongList
        songs={songs.items}
        playback={playback}
        label="All Songs"
        footer={songs.fetching && !songs.complete ? <RowsSkeleton label="Loading more songs" rows={2} /> : null}
      />
    );

  return (
    <div className={`${theme.theme} ${theme.page}`}>
      <CollectionHeader
        kind="Library"
        title="All Songs"
        description="All the songs in our library."
        tint="rgba(80, 56, 160, 0.6)"
        cover={
          <div className={`${coverStyles.cover} ${coverStyles.shadow}`} style={{ width: 192, height: 192, background: 'linear-gradient(135deg, #450af5, #c4efd9)', color: '#fff' }}>
            <NoteIcon className={coverStyles.placeholder} />
          </div>
        }
        meta={[songs.complete ? formatSongCount(songs.items.length) : hasSongs ? `${songs.items.length.toLocaleString('en-US')}+ songs` : null, songs.complete && hasSongs ? formatTotalLength(songs.items.map((song) => song.duration)) : null]}
      />
      <ActionBar>
        <PlayButton name="All Songs" playing={playback.playing} onClick={playback.toggle} disabled={!hasSongs} />
        <ActionMenu label="More options for All Songs" actions={[{ label: 'Create', onSelect: () => navigate('/songs/new') }]} />
      </ActionBar>
      {body}
    </div>
  );
}

/** `/songs`: every song, windowed and fetched page by page; home for guests (SPEC §2). */
export default function SongsPage() {
  const user = useSessionUser();
  if (user === undefined) return <RowsSkeleton label="Loading songs" />;
  if (!user) return <Navigate to="/" replace />;
  return <AllSongs />;
}
