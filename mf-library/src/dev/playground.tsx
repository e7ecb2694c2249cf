import { useEffect } from 'react';
import { BrowserRouter, NavLink, Route, Routes } from 'react-router';
import { Toaster } from '@tunafy/app-kit';
import { DevBar, useSessionFromApi } from '@tunafy/app-kit/dev';
import { getEventBus, type PlayerState } from '@tunafy/event-bus';
import { creditNames } from '@tunafy/ui';
import AlbumCreatePage from '../app/album-create-page';
import ArtistPage from '../app/artist-page';
import ArtistsPage from '../app/artists-page';
import GenrePage from '../app/genre-page';
import GenresPage from '../app/genres-page';
import AlbumDetailPage from '../app/album-detail-page';
import AlbumUpdatePage from '../app/album-update-page';
import AlbumsPage from '../app/albums-page';
import HomePage from '../app/home-page';
import LikedSongsPage from '../app/liked-songs-page';
import UploadPage from '../app/upload-page';
import PlaylistCreatePage from '../app/playlist-create-page';
import PlaylistDetailPage from '../app/playlist-detail-page';
import PlaylistsPage from '../app/playlists-page';
import SearchBox from '../app/search-box';
import SongCreatePage from '../app/song-create-page';
import SongDetailPage from '../app/song-detail-page';
import SongUpdatePage from '../app/song-update-page';
import SongsPage from '../app/songs-page';
import { usePlayerState } from '../lib/player';
import styles from './playground.module.css';

const bus = () => getEventBus();

/**
 * Stands in for the player remote: answers player:command with player:state
 * (replayed), so play/pause buttons behave as they will in the shell.
 */
function useFakePlayer() {
  useEffect(() => {
    let state: PlayerState = { queue: [], index: 0, current: null, playing: false, position: 0, source: null };
    const publish = (next: Partial<PlayerState>) => {
      state = { ...state, ...next };
      state.current = state.queue[state.index] ?? null;
      bus().publish('player:state', state);
    };
    const subscription = bus()
      .on('player:command')
      .subscribe((command) => {
        if (command.type === 'play-list') publish({ queue: command.songs, index: command.index, source: command.source, playing: true, position: 0 });
        else if (command.type === 'toggle') publish({ playing: !state.playing });
        else if (command.type === 'play') publish({ playing: true });
        else if (command.type === 'pause') publish({ playing: false });
        else if (command.type === 'next') publish(state.index + 1 < state.queue.length ? { index: state.index + 1 } : { queue: [], index: 0, playing: false });
        else if (command.type === 'previous') publish({ index: Math.max(0, state.index - 1) });
      });
    return () => subscription.unsubscribe();
  }, []);
}

function FakePlayer() {
  const state = usePlayerState();
  return (
    <footer className={styles.player} aria-label="Player (playground stand-in)">
      {state?.current ? (
        <>
          <button type="button" onClick={() => bus().publish('player:command', { type: 'toggle' })}>
            {state.playing ? 'Pause' : 'Play'}
          </button>
          <span>
            {state.playing ? 'Playing' : 'Paused'}: <strong>{state.current.song_name}</strong> by {creditNames(state.current)} · {state.index + 1} of {state.queue.length} · source “{state.source}”
          </span>
        </>
      ) : (
        <span>Nothing playing. Click a row or a play button.</span>
      )}
    </footer>
  );
}

/** The shell's toaster, and what the shell would do on a modal request, said as a toast. */
function Toasts() {
  useEffect(() => {
    const subscriptions = [
      bus()
        .on('ui:open-modal')
        .subscribe(({ modal }) => bus().publish('ui:notify', { kind: 'info', message: `The shell would open the “${modal}” modal now.` })),
      bus()
        .on('library:changed')
        .subscribe((change) => console.info('[playground] library:changed', change)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, []);
  return <Toaster visibleMs={4000} max={4} classNames={{ region: styles.toasts, toast: styles.toast, error: styles.error }} />;
}

const LINKS: [string, string][] = [
  ['/', 'Home'],
  ['/songs', 'All Songs'],
  ['/albums', 'Albums'],
  ['/playlists', 'Playlists'],
  ['/collection/tracks', 'Liked Songs'],
  ['/artists', 'Artists'],
  ['/genres', 'Genres'],
  ['/songs/new', 'Create Song'],
  ['/albums/new', 'Create Album'],
  ['/playlists/new', 'Create Playlist'],
  ['/upload', 'Upload Music'],
];

/**
 * `npm run dev -w mf-library`: the exposed pages mounted as the shell mounts
 * them (its routes, one bus, the session published at start), against the
 * real API through the dev server's /api proxy (TUNAFY_API_URL, default
 * http://localhost:8080).
 */
export function Playground() {
  useFakePlayer();
  useSessionFromApi();
  return (
    <BrowserRouter>
      <div className={styles.app}>
        <nav className={styles.nav} aria-label="Playground">
          <p className={styles.navTitle}>mf-library</p>
          {LINKS.map(([to, label]) => (
            <NavLink key={to} to={to} end>
              {label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.main}>
          <DevBar>
            <SearchBox />
          </DevBar>
          <main className={styles.content}>
            <Routes>
              <Route path="/" element={<HomePage />} />
              <Route path="/songs" element={<SongsPage />} />
              <Route path="/songs/new" element={<SongCreatePage />} />
              <Route path="/songs/:songId" element={<SongDetailPage />} />
              <Route path="/songs/:songId/update" element={<SongUpdatePage />} />
              <Route path="/albums" element={<AlbumsPage />} />
              <Route path="/albums/new" element={<AlbumCreatePage />} />
              <Route path="/albums/:albumId" element={<AlbumDetailPage />} />
              <Route path="/albums/:albumId/update" element={<AlbumUpdatePage />} />
              <Route path="/playlists" element={<PlaylistsPage />} />
              <Route path="/playlists/new" element={<PlaylistCreatePage />} />
              <Route path="/playlists/:playlistId" element={<PlaylistDetailPage />} />
              <Route path="/collection/tracks" element={<LikedSongsPage />} />
              <Route path="/upload" element={<UploadPage />} />
              <Route path="/artists" element={<ArtistsPage />} />
              <Route path="/artists/:artistId" element={<ArtistPage />} />
              <Route path="/genres" element={<GenresPage />} />
              <Route path="/genres/:genreName" element={<GenrePage />} />
              <Route path="*" element={<p>Not a library route.</p>} />
            </Routes>
          </main>
        </div>
        <FakePlayer />
      </div>
      <Toasts />
    </BrowserRouter>
  );
}
