import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { PlaylistDetail, SessionUser, Song } from '@tunafy/contracts';
import { EmptyState, HeroSkeleton, IconButton, RowsSkeleton, buttonClassName, themeClassName } from '@tunafy/ui';
import { ActionMenu } from '../components/action-menu';
import { PlayButton } from '../components/play-button';
import { ActionBar, CollectionHeader } from '../components/collection-header';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Cover } from '../components/cover';
import { MinusCircleIcon } from '../components/icons';
import { RemoveFromListDialog } from '../components/remove-dialog';
import { LoadError, LoginRequired } from '../components/states';
import theme from '../components/theme.module.css';
import { UserLink } from '../components/user-link';
import { SongList } from './song-list';
import { deletePlaylist, playlistPath, playlistSongRows, removeSongFromPlaylist } from '../features/playlists/api';
import { PlaylistReorder, ReorderHandle } from '../features/playlists/playlist-reorder';
import { usePlaylistOrder } from '../features/playlists/use-playlist-order';
import { libraryChanged } from '../lib/bus';
import { formatSongCount, formatTotalLength } from '../lib/format';
import { usePagedPlayback } from '../lib/player';
import { useSessionUser } from '../lib/session';
import { deleteMessage } from '../lib/texts';
import { useApi } from '../lib/use-api';
import { usePagedRows } from '../lib/use-paged-rows';

type Open = { kind: 'delete' } | { kind: 'remove'; song: Song } | null;

function PlaylistView({ playlist, user, reloadPlaylist }: { playlist: PlaylistDetail; user: SessionUser; reloadPlaylist: () => void }) {
  const navigate = useNavigate();
  // Read by position, a page at a time: a playlist can hold 10,000 songs.
  const [fetchRows] = useState(() => playlistSongRows(playlist.id));
  const entries = usePagedRows(fetchRows, { reloadOn: ['song'] });
  const total = entries.total ?? 0;
  // SPEC §6: only the creator sees the playlist's menu and Remove on its rows; issue 16: and reorders them.
  const isCreator = playlist.creator_id === user.id;
  // The creator's moves show at once, before the server's order is read back (rows re-mapped meanwhile).
  const order = usePlaylistOrder(playlist.id, entries);
  const rows = isCreator ? order.rows : entries;
  const playback = usePagedPlayback(`playlist:${playlist.id}`, rows);
  const [open, setOpen] = useState<Open>(null);
  // Stable, so the list's rows do not render again on every scroll.
  const removeButton = useCallback(
    (song: Song) => (
      <IconButton size="small" label={`Remove ${song.song_name} from ${playlist.playlist_name}`} onClick={() => setOpen({ kind: 'remove', song })}>
        <MinusCircleIcon />
      </IconButton>
    ),
    [playlist.playlist_name],
  );
  const creatorActions = useCallback(
    (song: Song, index: number) => (
      <>
        <ReorderHandle song={song} index={index} />
        {removeButton(song)}
      </>
    ),
    [removeButton],
  );

  let body;
  if (entries.total !== null)
    body =
      total > 0 ? (
        isCreator ? (
          <PlaylistReorder total={total} songAt={order.rows.rowAt} onMove={order.move} failure={order.failure} onDismissFailure={order.dismissFailure}>
            <SongList rows={rows} total={total} playback={playback} label={`Songs of ${playlist.playlist_name}`} actions={creatorActions} actionCount={2} />
          </PlaylistReorder>
        ) : (
          <SongList rows={rows} total={total} playback={playback} label={`Songs of ${playlist.playlist_name}`} />
        )
      ) : (
        <EmptyState
          title="This playlist is empty"
          text={isCreator ? 'Find songs you like, open one, and choose Add to Playlist from its menu.' : 'Its creator has not added any songs yet. Check back soon.'}
          actions={
            isCreator ? (
              <Link to="/songs" className={buttonClassName('primary', 'small')}>
                Browse All Songs
              </Link>
            ) : undefined
          }
        />
      );
  else if (entries.error) body = <LoadError error={entries.error} what="playlist's songs" onRetry={entries.reload} backTo={{ to: '/playlists', label: 'All playlists' }} />;
  else body = <RowsSkeleton label="Loading songs" rows={4} />;

  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind={playlist.private ? 'Private Playlist' : 'Public Playlist'}
        title={playlist.playlist_name}
        tint="rgba(40, 96, 144, 0.6)"
        cover={<Cover src={playlist.playlist_cover_url} size={232} kind="playlist" shadow eager alt={`Cover of ${playlist.playlist_name}`} />}
        description={playlist.description ?? undefined}
        meta={[
          <UserLink key="creator" userId={playlist.creator_id} username={playlist.creator_username} />,
          formatSongCount(entries.total ?? playlist.song_count),
          formatTotalLength([playlist.total_duration]),
        ]}
      />
      <ActionBar>
        <PlayButton name={playlist.playlist_name} playing={playback.playing} onClick={playback.toggle} disabled={total === 0} />
        {isCreator && (
          <ActionMenu label={`More options for ${playlist.playlist_name}`} actions={[{ label: 'Delete', onSelect: () => setOpen({ kind: 'delete' }), danger: true }]} />
        )}
      </ActionBar>
      {body}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete playlist"
          message={deleteMessage(playlist.playlist_name)}
          confirmLabel="Delete"
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await deletePlaylist(playlist.id);
            navigate('/playlists');
            libraryChanged({ entity: 'playlist', id: playlist.id, action: 'deleted' });
          }}
        />
      )}
      {open?.kind === 'remove' && (
        <RemoveFromListDialog
          listName={playlist.playlist_name}
          songName={open.song.song_name}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await removeSongFromPlaylist(playlist.id, open.song.id);
            setOpen(null);
            // SPEC §4: removing reloads the playlist (its header's totals and its rows).
            entries.reload();
            reloadPlaylist();
            libraryChanged({ entity: 'playlist', id: playlist.id, action: 'updated' });
          }}
        />
      )}
    </div>
  );
}

function PlaylistDetail({ playlistId, user }: { playlistId: string; user: SessionUser }) {
  const playlist = useApi<PlaylistDetail>(playlistPath(playlistId));
  if (playlist.data) return <PlaylistView playlist={playlist.data} user={user} reloadPlaylist={playlist.reload} />;
  if (playlist.error) return <LoadError error={playlist.error} what="playlist" onRetry={playlist.reload} backTo={{ to: '/playlists', label: 'All playlists' }} />;
  return <HeroSkeleton label="Loading playlist" />;
}

/** `/playlists/:playlistId`: another user's private playlist answers 404 and shows as not found. */
export default function PlaylistDetailPage() {
  const { playlistId = '' } = useParams();
  const user = useSessionUser();
  if (user === undefined) return <HeroSkeleton label="Loading playlist" />;
  if (!user) return <LoginRequired what="this playlist" />;
  return <PlaylistDetail key={playlistId} playlistId={playlistId} user={user} />;
}
