/**
 * mf_library's side of its contract with the shell (@tunafy/remote-contracts; docs/remote-contracts.md).
 * One line per `exposes` entry of rspack.config.ts, naming the same file: `npm run typecheck` fails when a
 * module goes missing or its default export or props stop matching what the shell was built against.
 * (rspack.config.ts's `exposes` keys are checked against the same contract.)
 */
import type { SatisfiesRemoteContract } from '@tunafy/remote-contracts';

export type Exposed = SatisfiesRemoteContract<
  'mf_library',
  {
    HomePage: typeof import('./app/home-page');
    SongsPage: typeof import('./app/songs-page');
    SongDetailPage: typeof import('./app/song-detail-page');
    SongCreatePage: typeof import('./app/song-create-page');
    SongUpdatePage: typeof import('./app/song-update-page');
    AlbumsPage: typeof import('./app/albums-page');
    AlbumDetailPage: typeof import('./app/album-detail-page');
    AlbumCreatePage: typeof import('./app/album-create-page');
    AlbumUpdatePage: typeof import('./app/album-update-page');
    PlaylistsPage: typeof import('./app/playlists-page');
    PlaylistDetailPage: typeof import('./app/playlist-detail-page');
    PlaylistCreatePage: typeof import('./app/playlist-create-page');
    LikedSongsPage: typeof import('./app/liked-songs-page');
    UploadPage: typeof import('./app/upload-page');
    UserPage: typeof import('./app/user-page');
    ArtistsPage: typeof import('./app/artists-page');
    ArtistPage: typeof import('./app/artist-page');
    GenresPage: typeof import('./app/genres-page');
    GenrePage: typeof import('./app/genre-page');
    SearchBox: typeof import('./app/search-box');
    SearchPage: typeof import('./app/search-page');
    SidebarLibrary: typeof import('./app/sidebar-library');
    YourLibraryPage: typeof import('./app/your-library-page');
    HistoryPage: typeof import('./app/history-page');
    TopPage: typeof import('./app/top-page');
    DownloadsPage: typeof import('./app/downloads-page');
    SharedLinksPage: typeof import('./app/shared-links-page');
    meta: typeof import('./app/meta');
  }
>;
