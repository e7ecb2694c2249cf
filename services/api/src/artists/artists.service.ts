import { Injectable } from '@nestjs/common';
import {
  ARTIST_PAGE_ALBUMS,
  ARTIST_TOP_SONGS,
  artistsQuerySchema,
  validate,
  type Artist,
  type ArtistDetail,
  type ArtistsQuery,
  type ArtistsResponse,
  type GenreSongsResponse,
  type GenresResponse,
  type PageQuery,
} from '@tunafy/contracts';
import { AlbumPresenter } from '../albums/album-presenter.js';
import type { ListedArtist } from '../catalog/artist-store.js';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { toPageRequest } from '../catalog/page-query.js';
import { ApiException } from '../common/api-exception.js';
import { requireId } from '../common/ids.js';
import { encodeCursor } from '../common/paging.js';
import { mediaUrl } from '../media/media-store.js';
import { SongPresenter } from '../songs/song-presenter.js';

/** Credited artists and genres (docs/artists.md): reads only, all from the in-memory catalog. */
@Injectable()
export class ArtistsService {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly songs: SongPresenter,
    private readonly albums: AlbumPresenter,
  ) {}

  async list(page: PageQuery, query: unknown): Promise<ArtistsResponse> {
    const filter = validate(artistsQuerySchema, query ?? {});
    if (!filter.ok) throw ApiException.validation(filter.errors);
    const model = await this.catalog.current();
    const { items, nextAfterId, total } = model.artistsPage(toPageRequest(page), (filter.value as ArtistsQuery).letter);
    return { artists: items.map((artist) => toArtist(artist, model)), next_cursor: nextAfterId && encodeCursor(nextAfterId), total };
  }

  async get(id: unknown): Promise<ArtistDetail> {
    const artistId = requireId(id, 'artist');
    const model = await this.catalog.current();
    const artist = model.artist(artistId);
    if (!artist) throw ApiException.notFound('artist');
    const albums = model.albumsOfAlbumArtist(artistId);
    const years = new Map(albums.map((album) => [album.id, model.albumYear(album.id) ?? -Infinity]));
    // Newest first: by year, then the most recently made.
    albums.sort((a, b) => years.get(b.id)! - years.get(a.id)! || b.createdAt.getTime() - a.createdAt.getTime());
    return {
      artist: toArtist(artist, model),
      albums: this.albums.present(albums.slice(0, ARTIST_PAGE_ALBUMS)),
      top_songs: this.songs.present(model.topSongsOf(artistId, ARTIST_TOP_SONGS)),
      appears_on: this.albums.present(model.albumsAppearedOn(artistId, ARTIST_PAGE_ALBUMS)),
    };
  }

  async genres(): Promise<GenresResponse> {
    return { genres: (await this.catalog.current()).genreList().map(({ name, songCount }) => ({ name, song_count: songCount })) };
  }

  async genreSongs(name: string, page: PageQuery): Promise<GenreSongsResponse> {
    const found = (await this.catalog.current()).genreSongs(name, toPageRequest(page));
    if (!found) throw ApiException.notFound('genre');
    return { genre: name, songs: this.songs.present(found.items), next_cursor: found.nextAfterId && encodeCursor(found.nextAfterId), total: found.total };
  }
}

export function toArtist({ record, songCount, albumCount }: ListedArtist, model: CatalogModel): Artist {
  const picture = model.artistPictureFileId(record.id);
  return {
    id: record.id,
    name: record.name,
    sort_name: record.sortName ?? record.name,
    musicbrainz_id: record.mbid ?? null,
    song_count: songCount,
    album_count: albumCount,
    picture_url: picture ? mediaUrl(picture) : null,
  };
}
