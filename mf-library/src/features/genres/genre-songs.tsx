import { useState, type ComponentProps, type ComponentType } from 'react';
import type { Song } from '@tunafy/contracts';
import { EmptyState, TagIcon, themeClassName } from '@tunafy/ui';
import { ActionBar, CollectionHeader } from '../../components/collection-header';
import { GradientCover } from '../../components/cover';
import { PlayButton } from '../../components/play-button';
import { RowsState } from '../../components/rows-state';
import { PrimaryLink } from '../../components/states';
import theme from '../../components/theme.module.css';
import { VirtualTrackList } from '../../components/virtual-track-list';
import { formatSongCount } from '../../lib/format';
import { usePagedPlayback } from '../../lib/player';
import { usePagedRows } from '../../lib/use-paged-rows';
import { genreSongRows } from '../shared/genres-api';

const ALL_GENRES = { to: '/genres', label: 'All genres' };

/**
 * A genre's page: its name and song count, Play, and its songs in the windowed rows every song list uses, read a page
 * at a time (a genre can hold most of a large catalog). Keyed by genre by its page.
 */
export function GenreSongs({
  name,
  songList: SongList = VirtualTrackList,
}: {
  name: string;
  /** The song list to show: the app passes its own (row menus and selection, app/song-list.tsx); the bare windowed list otherwise. */
  songList?: ComponentType<ComponentProps<typeof VirtualTrackList>>;
}) {
  const [fetchRows] = useState(() => genreSongRows(name));
  const songs = usePagedRows<Song>(fetchRows, { reloadOn: ['song'] });
  const playback = usePagedPlayback(`genre:${name}`, songs);
  const total = songs.total ?? 0;
  const empty = <EmptyState icon={<TagIcon />} title={`No songs in ${name}`} text="Its songs may have been deleted or given another genre. Find another one." actions={<PrimaryLink to="/genres">All genres</PrimaryLink>} />;
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Genre"
        title={name}
        tint="rgba(120, 60, 30, 0.6)"
        cover={<GradientCover size={192} to="#f59b23">{(className) => <TagIcon className={className} />}</GradientCover>}
        meta={[songs.total === null ? null : formatSongCount(total)]}
      />
      <ActionBar>
        <PlayButton name={`${name} songs`} playing={playback.playing} onClick={playback.toggle} disabled={total === 0} />
      </ActionBar>
      <RowsState rows={songs} what="genre" backTo={ALL_GENRES} skeleton={{ label: 'Loading songs' }} empty={empty}>
        <SongList rows={songs} total={total} playback={playback} label={`${name} songs`} />
      </RowsState>
    </div>
  );
}
