import { useCallback, useState } from 'react';
import type { SessionUser, Song } from '@tunafy/contracts';
import { EmptyState, HeartIcon, HeroSkeleton, IconButton, themeClassName } from '@tunafy/ui';
import { PlayButton } from '../components/play-button';
import { ActionBar, CollectionHeader } from '../components/collection-header';
import { ConfirmDialog } from '../components/confirm-dialog';
import { GradientCover } from '../components/cover';
import { SignedIn } from '../components/item-route';
import { RowsState } from '../components/rows-state';
import { PrimaryLink } from '../components/states';
import theme from '../components/theme.module.css';
import { UserLink } from '../components/user-link';
import { SongList } from './song-list';
import { likedSongRows, unlikeSong } from '../features/shared/collection-api';
import { libraryChanged } from '../lib/bus';
import { formatSongCount } from '../lib/format';
import { usePagedPlayback } from '../lib/player';
import { removeFromCollectionMessage } from '../lib/texts';
import { usePagedRows } from '../lib/use-paged-rows';
import { HOME } from './back-links';
import { DownloadControl } from '../features/downloads/download-control';

export const LIKED_SOURCE = 'liked';

function LikedSongs({ user }: { user: SessionUser }) {
  // Read by position, a page at a time, newest like first.
  const [fetchRows] = useState(() => likedSongRows(user.id));
  const tracks = usePagedRows(fetchRows, { reloadOn: ['like'] });
  const total = tracks.total ?? 0;
  const playback = usePagedPlayback(LIKED_SOURCE, tracks);
  const [removing, setRemoving] = useState<Song | null>(null);
  // Stable, so the list's rows do not render again on every scroll.
  const heart = useCallback(
    (song: Song) => (
      <IconButton size="small" active label={`Remove ${song.song_name} from Liked Songs`} onClick={() => setRemoving(song)}>
        <HeartIcon filled />
      </IconButton>
    ),
    [],
  );

  const empty = <EmptyState icon={<HeartIcon />} title="Songs you like will appear here" text="Open a song and tap the heart to save it to your Liked Songs." actions={<PrimaryLink to="/songs">Find songs</PrimaryLink>} />;
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Playlist"
        title="Liked Songs"
        description="Your favorite songs!"
        tint="rgba(80, 56, 160, 0.7)"
        cover={<GradientCover size={232} to="#8e8ee5">{(className) => <HeartIcon filled className={className} />}</GradientCover>}
        meta={[<UserLink key="owner" userId={user.id} username={user.username} />, tracks.total === null ? null : formatSongCount(total)]}
      />
      <ActionBar>
        <PlayButton name="Liked Songs" playing={playback.playing} onClick={playback.toggle} disabled={total === 0} />
        <DownloadControl user={user} target={{ kind: 'liked', id: user.id }} name="Liked Songs" />
      </ActionBar>
      <RowsState rows={tracks} what="collection" backTo={HOME} skeleton={{ label: 'Loading your liked songs', rows: 5 }} empty={empty}>
        <SongList rows={tracks} total={total} playback={playback} label="Liked Songs" actions={heart} />
      </RowsState>
      {removing && (
        <ConfirmDialog
          title="Remove from Liked Songs"
          message={removeFromCollectionMessage(removing.song_name)}
          confirmLabel="Remove"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await unlikeSong(user.id, removing.id);
            setRemoving(null);
            libraryChanged({ entity: 'like', id: removing.id, action: 'deleted' });
          }}
        />
      )}
    </div>
  );
}

/** `/collection/tracks`: the user's liked songs (SPEC §2). */
export default function LikedSongsPage() {
  return (
    <SignedIn loading={<HeroSkeleton label="Loading your liked songs" />} what="your Liked Songs">
      {(user) => <LikedSongs key={user.id} user={user} />}
    </SignedIn>
  );
}
