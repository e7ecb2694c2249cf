import { Injectable } from '@nestjs/common';
import { LIMITS, type SearchQuery, type SearchResponse, type SessionUser } from '@tunafy/contracts';
import { AlbumPresenter } from '../albums/album-presenter.js';
import { toArtist } from '../artists/artists.service.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { PlaylistPresenter } from '../playlists/playlist-presenter.js';
import { SongPresenter } from '../songs/song-presenter.js';

/**
 * Songs, albums, playlists, credited artists and genres whose names have words starting with every word
 * of the query, ignoring case and accents, best matches first (see
 * PrefixIndex); answered from the read model's word index, never a scan.
 * Private playlists only for their creator.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly songPresenter: SongPresenter,
    private readonly albumPresenter: AlbumPresenter,
    private readonly playlistPresenter: PlaylistPresenter,
  ) {}

  async search(query: SearchQuery, viewer: SessionUser): Promise<SearchResponse> {
    const limit = query.limit ?? LIMITS.searchResultsMax;
    const model = await this.catalog.current();
    return {
      songs: this.songPresenter.present(model.searchSongs(query.q, limit)),
      albums: this.albumPresenter.present(model.searchAlbums(query.q, limit)),
      playlists: this.playlistPresenter.present(model.searchPlaylists(query.q, viewer.id, limit)),
      artists: model.searchArtists(query.q, limit).map((artist) => toArtist(artist, model)),
      genres: model.searchGenres(query.q, limit).map(({ name, songCount }) => ({ name, song_count: songCount })),
    };
  }
}
