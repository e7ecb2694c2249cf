import { useState, type ComponentProps, type ComponentType } from 'react';
import { HEADER_TINTS, type Album, type ArtistDetail, type Song } from '@tunafy/contracts';
// In the order the user page imports the same parts: their styles share a chunk, whose CSS must have one order.
import { PlayButton } from '../../components/play-button';
import { IconButton, PersonIcon, ShuffleIcon, themeClassName } from '@tunafy/ui';
import { ActionBar, CollectionHeader, HERO_COVER } from '../../components/collection-header';
import { LoadMore } from '../../components/load-more';
import { PageSection } from '../../components/page-section';
import theme from '../../components/theme.module.css';
import { VirtualTrackList } from '../../components/virtual-track-list';
import { Cover } from '../../components/cover';
import { formatCountOf, formatSongCount } from '../../lib/format';
import { usePagedPlayback, type ListPlayback } from '../../lib/player';
import { usePagedRows, type FetchRows } from '../../lib/use-paged-rows';
import { AlbumCards } from '../../components/album-cards';
import { useArtistPlay } from '../shared/use-artist-play';

/** Cards shown at first in each grid (Albums, Appears on); Show more adds as many again. */
export const ARTIST_CARDS = 12;

/** A list held whole (the popular songs, at most ARTIST_TOP_SONGS) as the rows every song list reads. */
function rowsOf(songs: readonly Song[]): FetchRows<Song> {
  return (offset, limit) => Promise.resolve({ items: songs.slice(offset, offset + limit), total: songs.length });
}

/** The artist's most played songs in the windowed rows every song list uses (row menus, selection, keys). */
function PopularSongs({ songs, playback, label, songList: SongList }: { songs: readonly Song[]; playback: ListPlayback; label: string; songList: ComponentType<ComponentProps<typeof VirtualTrackList>> }) {
  const [fetchRows] = useState(() => rowsOf(songs));
  // The first page is the whole list, so the rows are there in the first render.
  const rows = usePagedRows(fetchRows, { firstPage: () => ({ items: songs.slice(), total: songs.length }) });
  return <SongList rows={rows} total={songs.length} playback={playback} label={label} />;
}

function Cards({ id, title, label, albums }: { id: string; title: string; label: string; albums: readonly Album[] }) {
  const [shown, setShown] = useState(ARTIST_CARDS);
  if (albums.length === 0) return null;
  return (
    <PageSection id={id} title={title}>
      <AlbumCards albums={albums.slice(0, shown)} guest={false} label={label} />
      {shown < albums.length && <LoadMore onLoadMore={() => setShown((count) => count + ARTIST_CARDS)} fetching={false} label={`Show more of ${title.toLowerCase()}`} />}
    </PageSection>
  );
}

/**
 * An artist's page (docs/artists-ui.md): its picture (an album cover until artists have their own), name and counts;
 * Play and Shuffle (its popular songs, then its albums' songs); its most played songs; its albums, newest first; and the
 * albums of others it appears on (compilations among them).
 */
export function ArtistView({
  detail,
  songList: SongList = VirtualTrackList,
}: {
  detail: ArtistDetail;
  /** The song list to show: the app passes its own (row menus and selection, app/song-list.tsx); the bare windowed list otherwise. */
  songList?: ComponentType<ComponentProps<typeof VirtualTrackList>>;
}) {
  const { artist, top_songs: topSongs } = detail;
  const source = `artist:${artist.id}`;
  // Held whole (at most ARTIST_TOP_SONGS): playing a row queues them from memory, the latest answer's after a reload.
  const playback = usePagedPlayback(source, { total: topSongs.length, rowsIn: (start, end) => Promise.resolve(topSongs.slice(start, end)) });
  const { play, shuffle } = useArtistPlay(detail, source, playback);
  const nothing = topSongs.length === 0 && detail.albums.length === 0;

  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Artist"
        title={artist.name}
        tint={HEADER_TINTS.artist}
        cover={<Cover src={artist.picture_url} {...HERO_COVER} placeholder={PersonIcon} round />}
        meta={[formatSongCount(artist.song_count), formatCountOf(artist.album_count, 'album', 'albums')]}
      />
      <ActionBar>
        <PlayButton name={`songs by ${artist.name}`} playing={playback.playing} onClick={play} disabled={nothing} />
        <IconButton label={`Shuffle songs by ${artist.name}`} onClick={shuffle} disabled={nothing}>
          <ShuffleIcon />
        </IconButton>
      </ActionBar>
      {topSongs.length > 0 && (
        <PageSection id="artist-popular" title="Popular" note="Most played first">
          {/* A new list when the songs change (a reload after an upload or a delete): a list's rows are fixed for its life. */}
          <PopularSongs key={topSongs.map((song) => song.id).join()} songs={topSongs} playback={playback} label={`Popular songs by ${artist.name}`} songList={SongList} />
        </PageSection>
      )}
      <Cards id="artist-albums" title="Albums" label={`Albums by ${artist.name}`} albums={detail.albums} />
      <Cards id="artist-appears-on" title="Appears on" label={`Albums ${artist.name} appears on`} albums={detail.appears_on} />
    </div>
  );
}
