import { useLocation, type RouteObject } from 'react-router-dom';
import { RemoteRegion } from '../federation/RemoteRegion';
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

/** SPEC §2: every screen under one layout; each screen is loaded from its remote when first visited. */
export const SCREENS: RouteObject[] = [
  remotePage(undefined, 'mf_library/HomePage', 'Home'),
  remotePage('login', 'mf_auth/LoginPage', 'Log in'),
  remotePage('signup', 'mf_auth/SignupPage', 'Sign up'),
  remotePage('songs', 'mf_library/SongsPage', 'All Songs'),
  remotePage('songs/new', 'mf_library/SongCreatePage', 'Create Song'),
  remotePage('songs/:songId', 'mf_library/SongDetailPage', 'Song'),
  remotePage('songs/:songId/update', 'mf_library/SongUpdatePage', 'Update Song'),
  remotePage('albums', 'mf_library/AlbumsPage', 'Albums'),
  remotePage('albums/new', 'mf_library/AlbumCreatePage', 'Create Album'),
  remotePage('albums/:albumId', 'mf_library/AlbumDetailPage', 'Album'),
  remotePage('albums/:albumId/update', 'mf_library/AlbumUpdatePage', 'Update Album'),
  remotePage('playlists', 'mf_library/PlaylistsPage', 'Playlists'),
  remotePage('playlists/new', 'mf_library/PlaylistCreatePage', 'Create Playlist'),
  remotePage('playlists/:playlistId', 'mf_library/PlaylistDetailPage', 'Playlist'),
  remotePage('collection/tracks', 'mf_library/LikedSongsPage', 'Liked Songs'),
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
