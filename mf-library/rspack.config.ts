import { createRequire } from 'node:module';
import { defineRemoteConfig } from '../tools/federation/remote-config.ts';

const require = createRequire(import.meta.url);
const PACKAGE_VERSION = (require('./package.json') as { version: string }).version;

/** What the shell's routes load (shell/src/app/routes.tsx); keep this list small and explicit. Exactly the
 * names of @tunafy/remote-contracts (src/remote-contract.ts maps each to its module's types). */
const EXPOSES = [
  'HomePage', 'SongsPage', 'SongDetailPage', 'SongCreatePage', 'SongUpdatePage',
  'AlbumsPage', 'AlbumDetailPage', 'AlbumCreatePage', 'AlbumUpdatePage',
  'PlaylistsPage', 'PlaylistDetailPage', 'PlaylistCreatePage', 'LikedSongsPage',
  'UploadPage', 'UserPage', 'ArtistsPage', 'ArtistPage', 'GenresPage', 'GenrePage', 'SearchBox', 'SearchPage', 'SidebarLibrary', 'YourLibraryPage',
  'HistoryPage', 'TopPage', 'DownloadsPage', 'SharedLinksPage', 'meta',
] as const;

export default defineRemoteConfig({
  configUrl: import.meta.url,
  name: 'mf_library',
  devPort: 3002,
  exposes: EXPOSES,
  // The build's label (data-build on the home page): TUNAFY_BUILD_LABEL, else this package's version.
  // Lets a deploy (e2e/specs/deploy.spec.ts, a smoke test) see which build a page is running.
  define: { __TUNAFY_BUILD_LABEL__: process.env.TUNAFY_BUILD_LABEL || PACKAGE_VERSION },
});
