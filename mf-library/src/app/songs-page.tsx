import { Navigate, useNavigate } from 'react-router';
import { ALL_SONGS_HEADER, HEADER_TINTS, songRowsPath, type Song } from '@tunafy/contracts';
import { EmptyState, NoteIcon, RowsSkeleton, themeClassName } from '@tunafy/ui';
import { ActionMenu } from '../components/action-menu';
import { PlayButton } from '../components/play-button';
import { ActionBar, CollectionHeader } from '../components/collection-header';
import { RowsState } from '../components/rows-state';
import { PrimaryLink } from '../components/states';
import theme from '../components/theme.module.css';
import { GradientCover } from '../components/cover';
import { SongList } from './song-list';
import { arrivedSongRows, fetchSongRows } from '../features/songs/api';
import { formatSongCount } from '../lib/format';
import { usePagedPlayback } from '../lib/player';
import { useSessionUser } from '../lib/session';
import { prefetch } from '../lib/use-api';
import { ROWS_PAGE_SIZE, usePagedRows } from '../lib/use-paged-rows';
import { HOME } from './back-links';

export const ALL_SONGS_SOURCE = 'songs';

// The first rows are asked for as soon as this module loads (on a cold start the browser has them on the way
// already: the shell's entry preloads them, shell/src/federation/first-screen-data.ts). The list's first render
// shows that answer if it is in by then, else its first request takes it. `firstData` tells the shell when it is in:
// on a cold start it renders this first screen after that (within its budget), so the rows come in that first render.
export const firstData = prefetch(songRowsPath(0, ROWS_PAGE_SIZE));
const firstPage = () => arrivedSongRows(0, ROWS_PAGE_SIZE);

function AllSongs() {
  const navigate = useNavigate();
  // The catalog may hold a million songs: rows are read by position, a page at a time, as they scroll into view.
  const songs = usePagedRows<Song>(fetchSongRows, { reloadOn: ['song', 'album'], firstPage });
  const playback = usePagedPlayback(ALL_SONGS_SOURCE, songs);
  const total = songs.total ?? 0;

  const empty = <EmptyState title="No songs yet" text="Upload the first one: an mp3 and a cover photo are all it takes." actions={<PrimaryLink to="/songs/new">Create Song</PrimaryLink>} />;
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Library"
        title={ALL_SONGS_HEADER.title}
        description={ALL_SONGS_HEADER.description}
        tint={HEADER_TINTS.allSongs}
        cover={<GradientCover size={192} to={ALL_SONGS_HEADER.gradientTo}>{(className) => <NoteIcon className={className} />}</GradientCover>}
        meta={[songs.total === null ? null : formatSongCount(total)]}
      />
      <ActionBar>
        <PlayButton name="All Songs" playing={playback.playing} onClick={playback.toggle} disabled={total === 0} />
        <ActionMenu label="More options for All Songs" actions={[{ label: 'Create', onSelect: () => navigate('/songs/new') }]} />
      </ActionBar>
      <RowsState rows={songs} what="song list" backTo={HOME} skeleton={{ label: 'Loading songs' }} empty={empty}>
        <SongList rows={songs} total={total} playback={playback} label="All Songs" />
      </RowsState>
    </div>
  );
}

/** `/songs`: every song, windowed and fetched by position (docs/lists-at-scale.md); guests are sent home (SPEC §2). */
export default function SongsPage() {
  const user = useSessionUser();
  if (user === undefined) return <RowsSkeleton label="Loading songs" />;
  if (!user) return <Navigate to="/" replace />;
  return <AllSongs />;
}
