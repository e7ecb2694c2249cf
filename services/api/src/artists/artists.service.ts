import { Inject, Injectable, Optional } from '@nestjs/common';
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
import { MemoryCatalogReads } from '../catalog/reads/memory-catalog-reads.js';
import { CATALOG_READS, type ArtistListing, type CatalogReads } from '../catalog/reads/read-port.js';
import { ApiException } from '../common/api-exception.js';
import { requireId } from '../common/ids.js';
import { encodeCursor } from '../common/paging.js';
import { mediaUrl } from '../media/media-store.js';
import { SongPresenter } from '../songs/song-presenter.js';

/** Credited artists and genres (docs/artists.md): reads only, through the catalog read port. */
@Injectable()
export class ArtistsService {
  private readonly reads: CatalogReads;

  constructor(
    catalog: CatalogReadModel,
    private readonly songs: SongPresenter,
    private readonly albums: AlbumPresenter,
    // The configured read port; a service built by hand reads the model through the memory one.
    @Optional() @Inject(CATALOG_READS) reads?: CatalogReads,
  ) {
    this.reads = reads ?? new MemoryCatalogReads(catalog);
  }

  async list(page: PageQuery, query: unknown): Promise<ArtistsResponse> {
    const filter = validate(artistsQuerySchema, query ?? {});
    if (!filter.ok) throw ApiException.validation(filter.errors);
    const { items, nextAfterId, total } = await this.reads.artistsPage(toPageRequest(page), (filter.value as ArtistsQuery).letter);
    return { artists: items.map(artistOf), next_cursor: nextAfterId && encodeCursor(nextAfterId), total };
  }

  async get(id: unknown): Promise<ArtistDetail> {
    const artistId = requireId(id, 'artist');
    const found = await this.reads.artistPage(artistId, { albums: ARTIST_PAGE_ALBUMS, topSongs: ARTIST_TOP_SONGS });
    if (!found) throw ApiException.notFound('artist');
    return {
      artist: artistOf(found.artist),
      albums: this.albums.present(found.albums),
      top_songs: this.songs.present(found.topSongs),
      appears_on: this.albums.present(found.appearsOn),
    };
  }

  async genres(): Promise<GenresResponse> {
    return { genres: (await this.reads.genres()).map(({ name, songCount }) => ({ name, song_count: songCount })) };
  }

  async genreSongs(name: string, page: PageQuery): Promise<GenreSongsResponse> {
    const found = await this.reads.genreSongs(name, toPageRequest(page));
    if (!found) throw ApiException.notFound('genre');
    return { genre: name, songs: this.songs.present(found.items), next_cursor: found.nextAfterId && encodeCursor(found.nextAfterId), total: found.total };
  }
}

/** An artist as the in-memory model lists it (search, listening history). */
export function toArtist(artist: ListedArtist, model: CatalogModel): Artist {
  return artistOf({ ...artist, pictureFileId: model.artistPictureFileId(artist.record.id) });
}

function artistOf({ record, songCount, albumCount, pictureFileId: picture }: ArtistListing): Artist {
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
