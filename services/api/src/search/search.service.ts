import { Injectable } from '@nestjs/common';
import { LIMITS, type SearchQuery, type SearchResponse, type SessionUser } from '@tunafy/contracts';
import { AlbumPresenter } from '../albums/album-presenter.js';
import { AlbumsRepository } from '../albums/albums.repository.js';
import { PlaylistPresenter } from '../playlists/playlist-presenter.js';
import { PlaylistsRepository } from '../playlists/playlists.repository.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { SongsRepository } from '../songs/songs.repository.js';

/** Case-insensitive "contains" over song, album and playlist names; private playlists only for their creator. */
@Injectable()
export class SearchService {
  constructor(
    private readonly songs: SongsRepository,
    private readonly albums: AlbumsRepository,
    private readonly playlists: PlaylistsRepository,
    private readonly songPresenter: SongPresenter,
    private readonly albumPresenter: AlbumPresenter,
    private readonly playlistPresenter: PlaylistPresenter,
  ) {}

  async search(query: SearchQuery, viewer: SessionUser): Promise<SearchResponse> {
    const limit = query.limit ?? LIMITS.searchResultsMax;
    const [songs, albums, playlists] = await Promise.all([
      this.songs.search(query.q, limit),
      this.albums.search(query.q, limit),
      // The visibility filter lives in the repository, keyed by the viewer.
      this.playlists.searchVisible(query.q, viewer.id, limit),
    ]);
    const [songViews, albumViews, playlistViews] = await Promise.all([
      this.songPresenter.present(songs),
      this.albumPresenter.present(albums),
      this.playlistPresenter.present(playlists),
    ]);
    return { songs: songViews, albums: albumViews, playlists: playlistViews };
  }
}
