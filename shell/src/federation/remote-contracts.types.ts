/**
 * Type-level contract check (run by `npm run typecheck -w @tunafy/shell`, tsconfig.contracts.json): every
 * module in REMOTE_MODULES must map to its remote's exposed source, whose default export is a React
 * component, and every remote's ./meta must export `contractVersion: string`. Adding a request to
 * REMOTE_MODULES without an entry here, or changing an exposed module's export, fails the type check.
 * (Paths mirror each remote's rspack.config.ts `exposes`; remote-contracts.test.ts checks the build.)
 */
import type { ComponentType } from 'react';
import type { REMOTE_MODULES } from './remote-modules';

type Checks = { [R in keyof typeof REMOTE_MODULES]: { [E in keyof (typeof REMOTE_MODULES)[R]]: () => Promise<ComponentType<never>> } & { meta: () => Promise<string> } };

export const remoteContractTypes: Checks = {
  mf_auth: {
    LoginPage: async () => (await import('../../../mf-auth/src/app/login-page')).default,
    SignupPage: async () => (await import('../../../mf-auth/src/app/signup-page')).default,
    AuthModals: async () => (await import('../../../mf-auth/src/app/auth-modals')).default,
    meta: async () => (await import('../../../mf-auth/src/app/meta')).contractVersion,
  },
  mf_library: {
    HomePage: async () => (await import('../../../mf-library/src/app/home-page')).default,
    SongsPage: async () => (await import('../../../mf-library/src/app/songs-page')).default,
    SongCreatePage: async () => (await import('../../../mf-library/src/app/song-create-page')).default,
    SongDetailPage: async () => (await import('../../../mf-library/src/app/song-detail-page')).default,
    SongUpdatePage: async () => (await import('../../../mf-library/src/app/song-update-page')).default,
    AlbumsPage: async () => (await import('../../../mf-library/src/app/albums-page')).default,
    AlbumCreatePage: async () => (await import('../../../mf-library/src/app/album-create-page')).default,
    AlbumDetailPage: async () => (await import('../../../mf-library/src/app/album-detail-page')).default,
    AlbumUpdatePage: async () => (await import('../../../mf-library/src/app/album-update-page')).default,
    PlaylistsPage: async () => (await import('../../../mf-library/src/app/playlists-page')).default,
    PlaylistCreatePage: async () => (await import('../../../mf-library/src/app/playlist-create-page')).default,
    PlaylistDetailPage: async () => (await import('../../../mf-library/src/app/playlist-detail-page')).default,
    LikedSongsPage: async () => (await import('../../../mf-library/src/app/liked-songs-page')).default,
    UploadPage: async () => (await import('../../../mf-library/src/app/upload-page')).default,
    UserPage: async () => (await import('../../../mf-library/src/app/user-page')).default,
    SearchBox: async () => (await import('../../../mf-library/src/app/search-box')).default,
    SidebarLibrary: async () => (await import('../../../mf-library/src/app/sidebar-library')).default,
    YourLibraryPage: async () => (await import('../../../mf-library/src/app/your-library-page')).default,
    meta: async () => (await import('../../../mf-library/src/app/meta')).contractVersion,
  },
  mf_player: {
    Player: async () => (await import('../../../mf-player/src/app/player')).default,
    meta: async () => (await import('../../../mf-player/src/app/meta')).contractVersion,
  },
};
