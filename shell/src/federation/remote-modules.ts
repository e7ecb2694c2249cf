import type { ComponentName, RemoteName as ContractRemoteName } from '@tunafy/remote-contracts';

/** Per remote of the contract, any of its component modules, each as its own `remote/Expose` request. */
type ContractRequests = { [R in ContractRemoteName]?: { [E in ComponentName<R>]?: `${R}/${E}` } };

/**
 * Every module the shell loads from a remote, as `remote/Expose`. The one list: routes, layout and
 * bootstrap take their requests from here. The type check holds it to the published contract
 * (@tunafy/remote-contracts, which each remote's own type check asserts it satisfies): a remote, module or
 * request the contract does not list does not compile. remote-contracts.test.ts also checks each one
 * against the remote's build (mf-manifest.json `exposes`).
 * Every remote must also expose `./meta` (see load-remote.ts); it is checked for each remote named here.
 */
export const REMOTE_MODULES = {
  mf_auth: {
    LoginPage: 'mf_auth/LoginPage',
    SignupPage: 'mf_auth/SignupPage',
    AuthModals: 'mf_auth/AuthModals',
    ConnectedAppsPage: 'mf_auth/ConnectedAppsPage',
    AppsHelpPage: 'mf_auth/AppsHelpPage',
  },
  mf_library: {
    HomePage: 'mf_library/HomePage',
    SongsPage: 'mf_library/SongsPage',
    SongCreatePage: 'mf_library/SongCreatePage',
    SongDetailPage: 'mf_library/SongDetailPage',
    SongUpdatePage: 'mf_library/SongUpdatePage',
    AlbumsPage: 'mf_library/AlbumsPage',
    AlbumCreatePage: 'mf_library/AlbumCreatePage',
    AlbumDetailPage: 'mf_library/AlbumDetailPage',
    AlbumUpdatePage: 'mf_library/AlbumUpdatePage',
    PlaylistsPage: 'mf_library/PlaylistsPage',
    PlaylistCreatePage: 'mf_library/PlaylistCreatePage',
    PlaylistDetailPage: 'mf_library/PlaylistDetailPage',
    LikedSongsPage: 'mf_library/LikedSongsPage',
    UploadPage: 'mf_library/UploadPage',
    UserPage: 'mf_library/UserPage',
    ArtistsPage: 'mf_library/ArtistsPage',
    ArtistPage: 'mf_library/ArtistPage',
    GenresPage: 'mf_library/GenresPage',
    GenrePage: 'mf_library/GenrePage',
    SearchBox: 'mf_library/SearchBox',
    SearchPage: 'mf_library/SearchPage',
    SidebarLibrary: 'mf_library/SidebarLibrary',
    YourLibraryPage: 'mf_library/YourLibraryPage',
    HistoryPage: 'mf_library/HistoryPage',
    TopPage: 'mf_library/TopPage',
    DownloadsPage: 'mf_library/DownloadsPage',
    SharedLinksPage: 'mf_library/SharedLinksPage',
  },
  mf_player: {
    Player: 'mf_player/Player',
  },
} as const satisfies ContractRequests;

export type RemoteName = keyof typeof REMOTE_MODULES;

/** The folder a remote builds in and is served from: `mf_auth` → `mf-auth`. */
export function remoteFolderOf(remote: RemoteName): string {
  return remote.replace(/_/g, '-');
}
