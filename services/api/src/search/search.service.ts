import { Injectable } from '@nestjs/common';
import { LIMITS, type SearchQuery, type SearchResponse, type SearchTopResult, type SessionUser } from '@tunafy/contracts';
import { AlbumPresenter } from '../albums/album-presenter.js';
import { toArtist } from '../artists/artists.service.js';
import type { CatalogModel, TopHit } from '../catalog/catalog-model.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { PlaylistPresenter } from '../playlists/playlist-presenter.js';
import { SongPresenter } from '../songs/song-presenter.js';

/**
 * The search screen's answer (docs/search.md): songs (by title, credited artist or album), albums, playlists,
 * credited artists, genres and profiles matching every word of the query as a word, a prefix or with a typo,
 * best first, and the top result among them; answered from the read model's word indexes, never a scan.
 * Private playlists only for their creator. Lyrics do not exist yet: when they do, a `lyrics` group joins here
 * from its own index, and the song search gains a fourth field after the album.
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
    const found = model.search(query.q, viewer.id, limit);
    return {
      top: found.top && this.presentTop(found.top, model),
      songs: this.songPresenter.present(found.songs),
      albums: this.albumPresenter.present(found.albums),
      playlists: this.playlistPresenter.present(found.playlists),
      artists: found.artists.map((artist) => toArtist(artist, model)),
      users: found.users,
      genres: found.genres.map(({ name, songCount }) => ({ name, song_count: songCount })),
    };
  }

  private presentTop(top: TopHit, model: CatalogModel): SearchTopResult {
    switch (top.kind) {
      case 'song':
        return { kind: 'song', song: this.songPresenter.present([top.song])[0]! };
      case 'artist':
        return { kind: 'artist', artist: toArtist(top.artist, model) };
      case 'album':
        return { kind: 'album', album: this.albumPresenter.present([top.album])[0]! };
      case 'playlist':
        return { kind: 'playlist', playlist: this.playlistPresenter.present([top.playlist])[0]! };
    }
  }
}
