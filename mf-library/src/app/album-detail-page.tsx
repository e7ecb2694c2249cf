import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AlbumDetail, SessionUser, Song } from '@tunafy/contracts';
import { EmptyState, HeroSkeleton, IconButton, RowsSkeleton, buttonClassName, themeClassName } from '@tunafy/ui';
import { ActionMenu } from '../components/action-menu';
import { PlayButton } from '../components/play-button';
import { ActionBar, CollectionHeader } from '../components/collection-header';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Cover } from '../components/cover';
import { AlbumIcon, MinusCircleIcon } from '../components/icons';
import { RemoveFromListDialog } from '../components/remove-dialog';
import { LoadError, LoginRequired } from '../components/states';
import theme from '../components/theme.module.css';
import { UserLink } from '../components/user-link';
import { SongList } from './song-list';
import { albumPath, albumSongRows, deleteAlbum, removeSongFromAlbum } from '../features/albums/api';
import { libraryChanged } from '../lib/bus';
import { formatSongCount, formatTotalLength } from '../lib/format';
import { usePagedPlayback } from '../lib/player';
import { useSessionUser } from '../lib/session';
import { useApi } from '../lib/use-api';
import { usePagedRows } from '../lib/use-paged-rows';
import { deleteMessage } from '../lib/texts';

type Open = { kind: 'delete' } | { kind: 'remove'; song: Song } | null;

function AlbumView({ album, user, reloadAlbum }: { album: AlbumDetail; user: SessionUser; reloadAlbum: () => void }) {
  const navigate = useNavigate();
  // Read by position, a page at a time: an album can hold 10,000 songs.
  const [fetchRows] = useState(() => albumSongRows(album.id));
  const songs = usePagedRows(fetchRows);
  const total = songs.total ?? 0;
  const playback = usePagedPlayback(`album:${album.id}`, songs);
  const [open, setOpen] = useState<Open>(null);
  // SPEC §6: only the album's artist sees its menu; Remove shows on rows whose song is the viewer's.
  const isOwner = album.artist_id === user.id;
  // Stable, so the list's rows do not render again on every scroll.
  const removeButton = useCallback(
    (song: Song) =>
      song.artist_id === user.id ? (
        <IconButton size="small" label={`Remove ${song.song_name} from ${album.album_name}`} onClick={() => setOpen({ kind: 'remove', song })}>
          <MinusCircleIcon />
        </IconButton>
      ) : null,
    [user.id, album.album_name],
  );

  let body;
  if (songs.total !== null)
    body =
      total > 0 ? (
        <SongList
          rows={songs}
          total={total}
          playback={playback}
          label={`Songs of ${album.album_name}`}
          actions={isOwner ? removeButton : undefined}
        />
      ) : (
        <EmptyState
          icon={<AlbumIcon />}
          title="This album is empty"
          text={isOwner ? 'Open one of your songs and choose Add to Album from its menu, or upload a new song first.' : 'Its artist has not added any songs yet. Check back soon.'}
          actions={
            isOwner ? (
              <Link to="/songs/new" className={buttonClassName('primary', 'small')}>
                Create Song
              </Link>
            ) : undefined
          }
        />
      );
  else if (songs.error) body = <LoadError error={songs.error} what="album's songs" onRetry={songs.reload} backTo={{ to: '/albums', label: 'All albums' }} />;
  else body = <RowsSkeleton label="Loading songs" rows={4} />;

  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Album"
        title={album.album_name}
        cover={<Cover src={album.album_cover_url} size={232} kind="album" shadow eager alt={`Cover of ${album.album_name}`} />}
        meta={[<UserLink key="artist" userId={album.artist_id} username={album.artist_username} />, formatSongCount(songs.total ?? album.song_count), formatTotalLength([album.total_duration])]}
      />
      <ActionBar>
        <PlayButton name={album.album_name} playing={playback.playing} onClick={playback.toggle} disabled={total === 0} />
        {isOwner && (
          <ActionMenu
            label={`More options for ${album.album_name}`}
            actions={[
              { label: 'Update', onSelect: () => navigate(`/albums/${album.id}/update`) },
              { label: 'Delete', onSelect: () => setOpen({ kind: 'delete' }), danger: true },
            ]}
          />
        )}
      </ActionBar>
      {body}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete album"
          message={deleteMessage(album.album_name)}
          confirmLabel="Delete"
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await deleteAlbum(album.id);
            navigate('/albums');
            libraryChanged({ entity: 'album', id: album.id, action: 'deleted' });
          }}
        />
      )}
      {open?.kind === 'remove' && (
        <RemoveFromListDialog
          listName={album.album_name}
          songName={open.song.song_name}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await removeSongFromAlbum(album.id, open.song.id);
            setOpen(null);
            // SPEC §4: removing reloads the album (its header's totals and its rows).
            songs.reload();
            reloadAlbum();
            libraryChanged({ entity: 'song', id: open.song.id, action: 'updated' });
          }}
        />
      )}
    </div>
  );
}

function AlbumDetail({ albumId, user }: { albumId: string; user: SessionUser }) {
  const album = useApi<AlbumDetail>(albumPath(albumId), ['album']);
  if (album.data) return <AlbumView album={album.data} user={user} reloadAlbum={album.reload} />;
  if (album.error) return <LoadError error={album.error} what="album" onRetry={album.reload} backTo={{ to: '/albums', label: 'All albums' }} />;
  return <HeroSkeleton label="Loading album" />;
}

/** `/albums/:albumId`: cover, name, artist, count, length, play all, owner menu and songs (SPEC §2). */
export default function AlbumDetailPage() {
  const { albumId = '' } = useParams();
  const user = useSessionUser();
  if (user === undefined) return <HeroSkeleton label="Loading album" />;
  if (!user) return <LoginRequired what="this album" />;
  return <AlbumDetail key={albumId} albumId={albumId} user={user} />;
}
