import { useState, type ComponentProps, type ComponentType } from 'react';
import type { Song } from '@tunafy/contracts';
import type { VirtualTrackList } from './virtual-track-list';
import { usePagedPlayback } from '../lib/player';
import { usePagedRows, type FetchRows } from '../lib/use-paged-rows';

export type SongListComponent = ComponentType<ComponentProps<typeof VirtualTrackList>>;

function rowsOf(songs: readonly Song[]): FetchRows<Song> {
  return (offset, limit) => Promise.resolve({ items: songs.slice(offset, offset + limit), total: songs.length });
}

/**
 * A short list held whole (a day of the history, a top list) in the rows every song list uses (row menus, selection,
 * keys); choosing a row plays the list from there. Keyed by its songs by the caller: a list's rows are fixed for its life.
 */
export function FixedSongs({ songs, source, label, songList: SongList }: { songs: readonly Song[]; source: string; label: string; songList: SongListComponent }) {
  const [fetchRows] = useState(() => rowsOf(songs));
  const rows = usePagedRows(fetchRows, { firstPage: () => ({ items: songs.slice(), total: songs.length }) });
  const playback = usePagedPlayback(source, { total: songs.length, rowsIn: (start, end) => Promise.resolve(songs.slice(start, end)) });
  return <SongList rows={rows} total={songs.length} playback={playback} label={label} />;
}
