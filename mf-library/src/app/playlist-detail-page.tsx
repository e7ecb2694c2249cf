import { useCallback, useState } from 'react';
import { HEADER_TINTS, type PlaylistDetail, type SessionUser, type Song } from '@tunafy/contracts';
import { EmptyState, themeClassName } from '@tunafy/ui';
import { ActionMenu } from '../components/action-menu';
import { PlayButton } from '../components/play-button';
import { ActionBar, CollectionHeader, HERO_COVER } from '../components/collection-header';
import { Cover } from '../components/cover';
import { useListDialogs } from '../components/item-dialogs';
import { ItemRoute, prefetchItem } from '../components/item-route';
import { RowsState } from '../components/rows-state';
import { PrimaryLink } from '../components/states';
import theme from '../components/theme.module.css';
import { UserLink } from '../components/user-link';
import { SongList } from './song-list';
import { ShareDialog } from '../features/shares/share-dialog';
import { deletePlaylist, playlistPath, playlistSongRows, removeSongFromPlaylist } from '../features/shared/playlists-api';
import { PlaylistReorder, ReorderHandle } from '../features/playlists/playlist-reorder';
import { usePlaylistOrder } from '../features/playlists/use-playlist-order';
import { libraryChanged } from '../lib/bus';
import { formatSongCount, formatTotalLength } from '../lib/format';
import { usePagedPlayback } from '../lib/player';
import { usePagedRows } from '../lib/use-paged-rows';
import { ALL_PLAYLISTS } from './back-links';
import { DownloadControl } from '../features/downloads/download-control';

function PlaylistView({ playlist, user, reloadPlaylist }: { playlist: PlaylistDetail; user: SessionUser; reloadPlaylist: () => void }) {
  // Read by position, a page at a time: a playlist can hold 10,000 songs.
  const [fetchRows] = useState(() => playlistSongRows(playlist.id));
  const entries = usePagedRows(fetchRows, { reloadOn: ['song'] });
  const total = entries.total ?? 0;
  // SPEC §6: only the creator sees the playlist's menu and Remove on its rows; issue 16: and reorders them.
  const isCreator = playlist.creator_id === user.id;
  const [sharing, setSharing] = useState(false);
  // The creator's moves show at once, before the server's order is read back (rows re-mapped meanwhile).
  const order = usePlaylistOrder(playlist.id, entries);
  const rows = isCreator ? order.rows : entries;
  const playback = usePagedPlayback(`playlist:${playlist.id}`, rows);
  // SPEC §4: removing reloads the playlist (its header's totals and its rows).
  const onRemoved = () => {
    entries.reload();
    reloadPlaylist();
    libraryChanged({ entity: 'playlist', id: playlist.id, action: 'updated' });
  };
  const dialogs = useListDialogs({ entity: 'playlist', id: playlist.id, name: playlist.playlist_name, deleteList: deletePlaylist, removeSong: removeSongFromPlaylist, onRemoved });
  const { removeButton } = dialogs;
  // Stable, so the list's rows do not render again on every scroll.
  const creatorActions = useCallback(
    (song: Song, index: number) => (
      <>
        <ReorderHandle song={song} index={index} />
        {removeButton(song)}
      </>
    ),
    [removeButton],
  );
  const label = `Songs of ${playlist.playlist_name}`;

  const emptyText = isCreator ? 'Find songs you like, open one, and choose Add to Playlist from its menu.' : 'Its creator has not added any songs yet. Check back soon.';
  const empty = <EmptyState title="This playlist is empty" text={emptyText} actions={isCreator ? <PrimaryLink to="/songs">Browse All Songs</PrimaryLink> : undefined} />;
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind={playlist.private ? 'Private Playlist' : 'Public Playlist'}
        title={playlist.playlist_name}
        tint={HEADER_TINTS.playlist}
        cover={<Cover src={playlist.playlist_cover_url} {...HERO_COVER} kind="playlist" alt={`Cover of ${playlist.playlist_name}`} />}
        description={playlist.description ?? undefined}
        meta={[
          <UserLink key="creator" userId={playlist.creator_id} username={playlist.creator_username} />,
          formatSongCount(entries.total ?? playlist.song_count),
          formatTotalLength([playlist.total_duration]),
        ]}
      />
      <ActionBar>
        <PlayButton name={playlist.playlist_name} playing={playback.playing} onClick={playback.toggle} disabled={total === 0} />
        <DownloadControl user={user} target={{ kind: 'playlist', id: playlist.id }} name={playlist.playlist_name} />
        {isCreator && (
          <ActionMenu
            label={`More options for ${playlist.playlist_name}`}
            actions={[
              // Private playlists cannot be shared (docs/shares.md): the item is left out rather than refused.
              ...(playlist.private ? [] : [{ label: 'Copy link to share', onSelect: () => setSharing(true) }]),
              { label: 'Delete', onSelect: dialogs.askDelete, danger: true },
            ]}
          />
        )}
      </ActionBar>
      <RowsState rows={entries} what="playlist's songs" backTo={ALL_PLAYLISTS} skeleton={{ label: 'Loading songs', rows: 4 }} empty={empty}>
        {isCreator ? (
          <PlaylistReorder total={total} songAt={order.rows.rowAt} onMove={order.move} failure={order.failure} onDismissFailure={order.dismissFailure}>
            <SongList rows={rows} total={total} playback={playback} label={label} actions={creatorActions} actionCount={2} />
          </PlaylistReorder>
        ) : (
          <SongList rows={rows} total={total} playback={playback} label={label} />
        )}
      </RowsState>
      {dialogs.dialog}
      {sharing && <ShareDialog target={{ kind: 'playlist', id: playlist.id, name: playlist.playlist_name }} onClose={() => setSharing(false)} />}
    </div>
  );
}

// Loaded as the first screen or on the way to it: its item is asked for now (see prefetchItem).
export const firstData = prefetchItem<PlaylistDetail>(/^\/playlists\/([^/]+)\/?$/, playlistPath, (playlist) => playlist.playlist_cover_url);

/** `/playlists/:playlistId`: another user's private playlist answers 404 and shows as not found. */
export default function PlaylistDetailPage() {
  return (
    <ItemRoute<PlaylistDetail> param="playlistId" path={playlistPath} what="playlist" backTo={ALL_PLAYLISTS}>
      {(playlist, user, reload) => <PlaylistView playlist={playlist} user={user} reloadPlaylist={reload} />}
    </ItemRoute>
  );
}
