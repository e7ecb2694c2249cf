import { REMOTE_MODULES } from '../federation/remote-modules';

/** A screen a remote provides: where it is, which `remote/Expose` shows it, and the document title. */
export interface ScreenEntry {
  /** The route's path below the layout; undefined for the index route (`/`). */
  path: string | undefined;
  request: string;
  title: string;
}

const { mf_auth: auth, mf_library: library } = REMOTE_MODULES;

/**
 * SPEC §2: every screen, as plain data. The router builds its routes from it (routes.tsx), and the entry
 * chunk reads it before React has loaded to start fetching the first screen's code (early-start.ts), so it
 * must stay free of React and the router (they are shared modules, not available before the async boundary).
 */
export const SCREEN_TABLE: ScreenEntry[] = [
  { path: undefined, request: library.HomePage, title: 'Home' },
  { path: 'login', request: auth.LoginPage, title: 'Log in' },
  { path: 'signup', request: auth.SignupPage, title: 'Sign up' },
  { path: 'songs', request: library.SongsPage, title: 'All Songs' },
  { path: 'songs/new', request: library.SongCreatePage, title: 'Create Song' },
  { path: 'songs/:songId', request: library.SongDetailPage, title: 'Song' },
  { path: 'songs/:songId/update', request: library.SongUpdatePage, title: 'Update Song' },
  { path: 'albums', request: library.AlbumsPage, title: 'Albums' },
  { path: 'albums/new', request: library.AlbumCreatePage, title: 'Create Album' },
  { path: 'albums/:albumId', request: library.AlbumDetailPage, title: 'Album' },
  { path: 'albums/:albumId/update', request: library.AlbumUpdatePage, title: 'Update Album' },
  { path: 'playlists', request: library.PlaylistsPage, title: 'Playlists' },
  { path: 'playlists/new', request: library.PlaylistCreatePage, title: 'Create Playlist' },
  { path: 'playlists/:playlistId', request: library.PlaylistDetailPage, title: 'Playlist' },
  { path: 'collection/tracks', request: library.LikedSongsPage, title: 'Liked Songs' },
  { path: 'upload', request: library.UploadPage, title: 'Upload Music' },
  { path: 'users/:userId', request: library.UserPage, title: 'Profile' },
  // The phone layout's tabs (issue 16); they work at any width.
  { path: 'library', request: library.YourLibraryPage, title: 'Your Library' },
  // Search is the shell's own screen around the library's search box; the box is its remote module.
  { path: 'search', request: library.SearchBox, title: 'Search' },
];

/**
 * The screen a pathname shows, for the early start only (the router stays the authority once loaded):
 * segment by segment, case-insensitively, a literal segment beating a `:param`, as react-router ranks
 * these paths.
 * routes.test.tsx checks that both agree on every screen.
 */
export function screenAt(pathname: string): ScreenEntry | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let best: { entry: ScreenEntry; literals: number } | undefined;
  for (const entry of SCREEN_TABLE) {
    const pattern = entry.path?.split('/') ?? [];
    if (pattern.length !== segments.length) continue;
    if (!pattern.every((part, at) => part.startsWith(':') || part === segments[at]!.toLowerCase())) continue;
    const literals = pattern.filter((part) => !part.startsWith(':')).length;
    if (!best || literals > best.literals) best = { entry, literals };
  }
  return best?.entry;
}
