import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteExposes } from '@tunafy/remote-contracts';
import { defineRemoteConfig } from '../tools/federation/remote-config.ts';

const require = createRequire(import.meta.url);
const PACKAGE_VERSION = (require('./package.json') as { version: string }).version;

/** What the shell's routes load (shell/src/app/routes.tsx); keep this list small and explicit. Exactly the
 * names of @tunafy/remote-contracts (src/remote-contract.ts maps each to its module's types). */
const EXPOSES = {
  './HomePage': './src/app/home-page.tsx',
  './SongsPage': './src/app/songs-page.tsx',
  './SongDetailPage': './src/app/song-detail-page.tsx',
  './SongCreatePage': './src/app/song-create-page.tsx',
  './SongUpdatePage': './src/app/song-update-page.tsx',
  './AlbumsPage': './src/app/albums-page.tsx',
  './AlbumDetailPage': './src/app/album-detail-page.tsx',
  './AlbumCreatePage': './src/app/album-create-page.tsx',
  './AlbumUpdatePage': './src/app/album-update-page.tsx',
  './PlaylistsPage': './src/app/playlists-page.tsx',
  './PlaylistDetailPage': './src/app/playlist-detail-page.tsx',
  './PlaylistCreatePage': './src/app/playlist-create-page.tsx',
  './LikedSongsPage': './src/app/liked-songs-page.tsx',
  './UploadPage': './src/app/upload-page.tsx',
  './UserPage': './src/app/user-page.tsx',
  './SearchBox': './src/app/search-box.tsx',
  './SidebarLibrary': './src/app/sidebar-library.tsx',
  './YourLibraryPage': './src/app/your-library-page.tsx',
  './meta': './src/app/meta.ts',
} satisfies RemoteExposes<'mf_library'>;

export default defineRemoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_library',
  devPort: Number(process.env.MF_LIBRARY_PORT ?? 3002),
  exposes: EXPOSES,
  // The build's label (data-build on the home page): TUNAFY_BUILD_LABEL, else this package's version.
  // Lets a deploy (e2e/specs/deploy.spec.ts, a smoke test) see which build a page is running.
  define: { __TUNAFY_BUILD_LABEL__: process.env.TUNAFY_BUILD_LABEL || PACKAGE_VERSION },
});
