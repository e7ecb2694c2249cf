import { useState, type ComponentProps, type ComponentType } from 'react';
import { PlayButton } from '../../components/play-button';
import type { SessionUser, UserProfile } from '@tunafy/contracts';
import { Button, EmptyState, IconButton, RowsSkeleton, ShuffleIcon, themeClassName } from '@tunafy/ui';
import { ActionBar, CollectionHeader } from '../../components/collection-header';
import { PagedCards } from '../../components/paged-cards';
import { PageSection as Section } from '../../components/page-section';
import { LoadError, PrimaryLink } from '../../components/states';
import theme from '../../components/theme.module.css';
import { VirtualTrackList } from '../../components/virtual-track-list';
import { formatCount, formatSongCount } from '../../lib/format';
import { usePagedPlayback } from '../../lib/player';
import { usePagedList } from '../../lib/use-paged-list';
import { usePagedRows } from '../../lib/use-paged-rows';
import { AlbumCards } from '../../components/album-cards';
import { PlaylistCards } from '../../components/playlist-cards';
import { userAlbumPages, userPlaylistPages, userSongRows } from './api';
import { useShufflePlay } from './shuffle';
import styles from './users.module.css';

const CARDS_PAGE = 24;
/**
 * Songs come first on the page, but only the most played few until asked for all: albums and playlists then stay
 * in reach (in view on most screens) however many songs the user has. Play all still plays the whole list.
 */
export const TOP_SONGS = 5;

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

const CARDS_OPTIONS = { firstPageSize: CARDS_PAGE, pageSize: CARDS_PAGE, autoLoad: false };

function Albums({ userId, count }: { userId: string; count: number }) {
  const [fetchPage] = useState(() => userAlbumPages(userId));
  const albums = usePagedList(fetchPage, { ...CARDS_OPTIONS, reloadOn: ['album'] });
  if (count === 0 && albums.items.length === 0) return null;
  return (
    <Section id="user-albums" title="Albums">
      <PagedCards list={albums} noun="album" skeletonCount={Math.min(count, 6) || 1} backTo={{ to: '/albums', label: 'All albums' }}>
        {(items) => <AlbumCards albums={items} guest={false} label="Albums" />}
      </PagedCards>
    </Section>
  );
}

function Playlists({ userId, count, own }: { userId: string; count: number; own: boolean }) {
  const [fetchPage] = useState(() => userPlaylistPages(userId));
  const playlists = usePagedList(fetchPage, { ...CARDS_OPTIONS, reloadOn: ['playlist'] });
  if (count === 0 && playlists.items.length === 0) return null;
  // The server sends someone else's private playlists to nobody; their owner is told why they see more.
  const note = own && playlists.items.some((playlist) => playlist.private) ? 'Your private playlists show here only for you.' : undefined;
  return (
    <Section id="user-playlists" title="Playlists" note={note}>
      <PagedCards list={playlists} noun="playlist" skeletonCount={Math.min(count, 6) || 1} backTo={{ to: '/playlists', label: 'All playlists' }}>
        {(items) => <PlaylistCards playlists={items} guest={false} label="Playlists" />}
      </PagedCards>
    </Section>
  );
}

/**
 * A user's page: their name and counts, Play all and Shuffle (their songs, most played first), their most played
 * songs (all of them on request, in a list read a page at a time), their albums and the playlists the viewer may see.
 */
export function UserProfileView({
  profile,
  viewer,
  songList: SongList = VirtualTrackList,
}: {
  profile: UserProfile;
  viewer: SessionUser;
  /** The song list to show: the app passes its own (row menus and selection, app/song-list.tsx); the bare windowed list otherwise. */
  songList?: ComponentType<ComponentProps<typeof VirtualTrackList>>;
}) {
  const own = profile.id === viewer.id;
  const source = `user:${profile.id}`;
  const [fetchRows] = useState(() => userSongRows(profile.id));
  const songs = usePagedRows(fetchRows, { reloadOn: ['song'] });
  const total = songs.total ?? profile.song_count;
  const playback = usePagedPlayback(source, songs);
  const shuffle = useShufflePlay(source, songs);
  const [allSongs, setAllSongs] = useState(false);
  const nothing = profile.song_count === 0 && profile.album_count === 0 && profile.playlist_count === 0;

  let songsBody;
  if (songs.total !== null && songs.total > 0)
    songsBody = <SongList rows={songs} total={allSongs ? songs.total : Math.min(songs.total, TOP_SONGS)} playback={playback} label={`Songs by ${profile.username}`} />;
  else if (songs.error) songsBody = <LoadError error={songs.error} what="song list" onRetry={songs.reload} backTo={{ to: '/songs', label: 'All songs' }} />;
  else if (songs.total === null) songsBody = <RowsSkeleton label="Loading songs" rows={Math.min(profile.song_count, TOP_SONGS) || 1} />;
  // In the section's head, so it stays at hand above a long list (Show fewer after 10,000 rows would be far away).
  const songsToggle =
    songs.total !== null && songs.total > TOP_SONGS ? (
      <Button variant="secondary" size="small" aria-expanded={allSongs} aria-controls="user-songs-list" onClick={() => setAllSongs((shown) => !shown)}>
        {allSongs ? 'Show fewer' : `Show all ${formatSongCount(songs.total)}`}
      </Button>
    ) : undefined;

  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Profile"
        title={profile.username}
        tint="rgba(83, 83, 83, 0.6)"
        cover={
          <span className={styles.avatar} aria-hidden="true">
            {profile.username.slice(0, 1)}
          </span>
        }
        meta={[
          formatSongCount(total),
          plural(profile.album_count, 'album', 'albums'),
          plural(profile.playlist_count, own ? 'playlist' : 'public playlist', own ? 'playlists' : 'public playlists'),
        ]}
      />
      <ActionBar>
        <PlayButton name={`all songs by ${profile.username}`} playing={playback.playing} onClick={playback.toggle} disabled={total === 0} />
        <IconButton label={`Shuffle songs by ${profile.username}`} onClick={shuffle} disabled={total === 0}>
          <ShuffleIcon />
        </IconButton>
      </ActionBar>
      {nothing ? (
        <EmptyState
          title={own ? 'Nothing here yet' : `${profile.username} hasn’t shared anything yet`}
          text={own ? 'Upload your music and make albums and playlists: they all show here, for everyone to play.' : 'Their songs, albums and public playlists will show here. Check back soon.'}
          actions={own ? <PrimaryLink to="/upload">Upload Music</PrimaryLink> : undefined}
        />
      ) : (
        <>
          {profile.song_count > 0 || (songs.total ?? 0) > 0 ? (
            <Section id="user-songs" title="Songs" note="Most played first" action={songsToggle}>
              <div id="user-songs-list">{songsBody}</div>
            </Section>
          ) : null}
          <Albums userId={profile.id} count={profile.album_count} />
          <Playlists userId={profile.id} count={profile.playlist_count} own={own} />
        </>
      )}
    </div>
  );
}
