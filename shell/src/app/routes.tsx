import { useEffect } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RemoteRegion } from '../federation/remote-region';
import { REMOTE_MODULES } from '../federation/remote-modules';
import { Layout } from '../layout/layout';
import { ErrorBoundary } from './error-boundary';
import { ErrorScreen } from './error-screen';
import { NotFound } from './not-found';

export interface RouteHandle {
  title?: string;
  /** The remote module (`remote/Expose`) this route shows, so startup can preload it. */
  remote?: string;
}

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
  remotePage('upload', library.UploadPage, 'Upload Music'),
  remotePage('users/:userId', library.UserPage, 'Profile'),
  // Credited artists and genres from the songs' tags (issue 25, docs/artists-ui.md).
  remotePage('artists', library.ArtistsPage, 'Artists'),
  remotePage('artists/:artistId', library.ArtistPage, 'Artist'),
  remotePage('genres', library.GenresPage, 'Genres'),
  remotePage('genres/:genreName', library.GenrePage, 'Genre'),
  // App passwords for Subsonic apps (issue 26, docs/subsonic.md): account credentials, so mf-auth's.
  remotePage('settings/apps', auth.ConnectedAppsPage, 'Connected apps'),
  remotePage('settings/apps/help', auth.AppsHelpPage, 'Listen in other apps'),
  // Share links (issue 28, docs/shares.md): library items, so mf-library's.
  remotePage('settings/shares', library.SharedLinksPage, 'Shared links'),
  // Your listening (issue 28, docs/listening.md).
  remotePage('history', library.HistoryPage, 'Listening history'),
  remotePage('top', library.TopPage, 'Your top'),
  // Offline listening (issue 28, docs/offline.md).
  remotePage('downloads', library.DownloadsPage, 'Downloads'),
  // The phone layout's tabs (issue 16); they work at any width.
  remotePage('library', library.YourLibraryPage, 'Your Library'),
  // The search screen (issue 30, docs/search.md): the query and the chip in the address (`?q=&type=`).
  remotePage('search', library.SearchPage, 'Search'),
];

export function createRoutes(screens: RouteObject[] = SCREENS): RouteObject[] {
  return [
    {
      path: '/',
      element: <Layout />,
      children: [...screens, { path: '*', element: <NotFound />, handle: { title: 'Page not found' } satisfies RouteHandle }],
    },
  ];
}

/** The handles of the routes a location shows, outermost first: what startup preloads, what the title says. */
export function routeHandles(routes: RouteObject[], location: string | { pathname: string }): RouteHandle[] {
  return (matchRoutes(routes, location) ?? []).flatMap(({ route }) => (route.handle ? [route.handle as RouteHandle] : []));
}

/**
 * The app's routes, rendered inside <BrowserRouter>. Declarative routing on purpose: the data router
 * (createBrowserRouter) doubles react-router's size on every page (30.5 against 13.5 kB gzip) for loaders,
 * actions and fetchers that no Tunafy screen uses; remotes fetch their own data. What it gave us here is
 * rebuilt in a few lines: the document title from the route handles, and the generic error screen as an
 * error boundary around everything.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const title = routeHandles(routes, location).map((handle) => handle.title).findLast(Boolean);
  useEffect(() => {
    document.title = title ? `${title} | Tunafy` : 'Tunafy';
  }, [title]);
  return (
    <ErrorBoundary resetKey={location.pathname} fallback={(error) => <ErrorScreen error={error} />}>
      {useRoutes(routes, location)}
    </ErrorBoundary>
  );
}
