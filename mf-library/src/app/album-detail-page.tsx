import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AlbumDetail, SessionUser, Song } from '@tunafy/contracts';
import { AlbumIcon, EmptyState, themeClassName } from '@tunafy/ui';
import { ActionMenu } from '../components/action-menu';
import { ArtistLinks } from '../components/artist-links';
import { PlayButton } from '../components/play-button';
import { ActionBar, CollectionHeader, HERO_COVER } from '../components/collection-header';
import { Cover } from '../components/cover';
import { useListDialogs } from '../components/item-dialogs';
import { ItemRoute, prefetchItem } from '../components/item-route';
import { RowsState } from '../components/rows-state';
import { PrimaryLink } from '../components/states';
import theme from '../components/theme.module.css';
import { SongList } from './song-list';
import { ShareDialog } from '../features/shares/share-dialog';
import { albumPath, albumSongRows, deleteAlbum, removeSongFromAlbum } from '../features/shared/albums-api';
import { libraryChanged } from '../lib/bus';
import { formatSongCount, formatTotalLength } from '../lib/format';
import { usePagedPlayback } from '../lib/player';
import { usePagedRows } from '../lib/use-paged-rows';
import { ALL_ALBUMS } from './back-links';
import { DownloadControl } from '../features/downloads/download-control';

function AlbumView({ album, user, reloadAlbum }: { album: AlbumDetail; user: SessionUser; reloadAlbum: () => void }) {
  const navigate = useNavigate();
  const [sharing, setSharing] = useState(false);
  // Read by position, a page at a time: an album can hold 10,000 songs.
  const [fetchRows] = useState(() => albumSongRows(album.id));
  const songs = usePagedRows(fetchRows);
  const total = songs.total ?? 0;
  const playback = usePagedPlayback(`album:${album.id}`, songs);
  // SPEC §4: removing reloads the album (its header's totals and its rows).
  const onRemoved = (song: Song) => {
    songs.reload();
    reloadAlbum();
    libraryChanged({ entity: 'song', id: song.id, action: 'updated' });
  };
  const dialogs = useListDialogs({ entity: 'album', id: album.id, name: album.album_name, deleteList: deleteAlbum, removeSong: removeSongFromAlbum, onRemoved });
  // SPEC §6: only the album's artist sees its menu; Remove shows on rows whose song is the viewer's.
  const isOwner = album.artist_id === user.id;
  const { removeButton } = dialogs;
  // Stable, so the list's rows do not render again on every scroll.
  const ownRemoveButton = useCallback((song: Song) => (song.artist_id === user.id ? removeButton(song) : null), [user.id, removeButton]);

  const emptyText = isOwner ? 'Open one of your songs and choose Add to Album from its menu, or upload a new song first.' : 'Its artist has not added any songs yet. Check back soon.';
  const empty = <EmptyState icon={<AlbumIcon />} title="This album is empty" text={emptyText} actions={isOwner ? <PrimaryLink to="/songs/new">Create Song</PrimaryLink> : undefined} />;
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Album"
        title={album.album_name}
        cover={<Cover src={album.album_cover_url} {...HERO_COVER} kind="album" alt={`Cover of ${album.album_name}`} />}
        // The album artist when its tags name one (a compilation's is "Various Artists"), else its owner as SPEC has it.
        meta={[
          <ArtistLinks key="artist" item={album} />,
          album.year ? <span key="year">{album.year}</span> : null,
          formatSongCount(songs.total ?? album.song_count),
          formatTotalLength([album.total_duration]),
        ]}
      />
      <ActionBar>
        <PlayButton name={album.album_name} playing={playback.playing} onClick={playback.toggle} disabled={total === 0} />
        <DownloadControl user={user} target={{ kind: 'album', id: album.id }} name={album.album_name} />
        {isOwner && (
          <ActionMenu
            label={`More options for ${album.album_name}`}
            actions={[
              { label: 'Copy link to share', onSelect: () => setSharing(true) },
              { label: 'Update', onSelect: () => navigate(`/albums/${album.id}/update`) },
              { label: 'Delete', onSelect: dialogs.askDelete, danger: true },
            ]}
          />
        )}
      </ActionBar>
      <RowsState rows={songs} what="album's songs" backTo={ALL_ALBUMS} skeleton={{ label: 'Loading songs', rows: 4 }} empty={empty}>
        <SongList rows={songs} total={total} playback={playback} label={`Songs of ${album.album_name}`} actions={isOwner ? ownRemoveButton : undefined} />
      </RowsState>
      {dialogs.dialog}
      {sharing && <ShareDialog target={{ kind: 'album', id: album.id, name: album.album_name }} onClose={() => setSharing(false)} />}
    </div>
  );
}

// Loaded as the first screen or on the way to it: its item is asked for now (see prefetchItem).
export const firstData = prefetchItem<AlbumDetail>(/^\/albums\/([^/]+)\/?$/, albumPath, (album) => album.album_cover_url);

/** `/albums/:albumId`: cover, name, artist (its album artist or owner), year, count, length, play all, owner menu and songs (SPEC §2). */
export default function AlbumDetailPage() {
  return (
    <ItemRoute<AlbumDetail> param="albumId" path={albumPath} what="album" backTo={ALL_ALBUMS} reloadOn={['album']}>
      {(album, user, reload) => <AlbumView album={album} user={user} reloadAlbum={reload} />}
    </ItemRoute>
  );
}
