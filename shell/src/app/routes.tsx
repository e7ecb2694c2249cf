import { useLocation, type RouteObject } from 'react-router';
import { RemoteRegion } from '../federation/RemoteRegion';
import { REMOTE_MODULES } from '../federation/remote-modules';
import { Layout, type RouteHandle } from '../layout/Layout';
import { ErrorScreen } from './ErrorScreen';
import { NotFound } from './NotFound';

/** A screen provided by a remote; keyed by request so switching screens never reuses a failed region. */
function remotePage(path: string | undefined, request: string, title: string): RouteObject {
  const handle: RouteHandle = { title, remote: request };
  const element = <RemotePage key={request} request={request} label={title} />;
  return path === undefined ? { index: true, element, handle } : { path, element, handle };
}

function RemotePage({ request, label }: { request: string; label: string }) {
  const { pathname } = useLocation();
  return <RemoteRegion request={request} label={label} resetKey={pathname} />;
}

const { mf_auth: auth, mf_library: library } = REMOTE_MODULES;

/** SPEC §2: every screen under one layout; each screen is loaded from its remote when first visited. */
export const SCREENS: RouteObject[] = [
  remotePage(undefined, library.HomePage, 'Home'),
  remotePage('login', auth.LoginPage, 'Log in'),
  remotePage('signup', auth.SignupPage, 'Sign up'),
  remotePage('songs', library.SongsPage, 'All Songs'),
  remotePage('songs/new', library.SongCreatePage, 'Create Song'),
  remotePage('songs/:songId', library.SongDetailPage, 'Song'),
  remotePage('songs/:songId/update', library.SongUpdatePage, 'Update Song'),
  remotePage('albums', library.AlbumsPage, 'Albums'),
  remotePage('albums/new', library.AlbumCreatePage, 'Create Album'),
  remotePage('albums/:albumId', library.AlbumDetailPage, 'Album'),
  remotePage('albums/:albumId/update', library.AlbumUpdatePage, 'Update Album'),
  remotePage('playlists', library.PlaylistsPage, 'Playlists'),
  remotePage('playlists/new', library.PlaylistCreatePage, 'Create Playlist'),
  remotePage('playlists/:playlistId', library.PlaylistDetailPage, 'Playlist'),
  remotePage('collection/tracks', library.LikedSongsPage, 'Liked Songs'),
];

export function createRoutes(screens: RouteObject[] = SCREENS): RouteObject[] {
  return [
    {
      path: '/',
      element: <Layout />,
      errorElement: <ErrorScreen />,
      children: [...screens, { path: '*', element: <NotFound />, handle: { title: 'Page not found' } satisfies RouteHandle }],
    },
  ];
}
