import { Injectable } from '@nestjs/common';
import type { Album, AlbumDetail, ArtistRef } from '@tunafy/contracts';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { CatalogPresenter } from '../catalog/catalog-presenter.js';
import { mediaUrl } from '../media/media-store.js';
import type { AlbumRecord } from '../persistence/albums.repository.js';

/** Turns album records into the API's album shape; artist names come from the in-memory catalog. */
@Injectable()
export class AlbumPresenter extends CatalogPresenter<AlbumRecord, Album> {
  protected shape(album: AlbumRecord, model: CatalogModel): Album {
    const albumArtistName = album.albumArtistId ? model.artistName(album.albumArtistId) : null;
    const albumArtist = albumArtistName === null ? null : { id: album.albumArtistId!, name: albumArtistName };
    return toAlbum(album, model.username(album.artistId), albumArtist, model.albumYear(album.id));
  }

  /** The detail page's header: the album with its song count and length. */
  presentDetail(record: AlbumRecord): AlbumDetail {
    return this.withTotals(record, this.catalog.model.albumTotals(record.id));
  }
}

export function toAlbum(album: AlbumRecord, artistUsername: string, albumArtist: ArtistRef | null, year: number | null): Album {
  return {
    id: album.id,
    album_name: album.name,
    album_cover_url: mediaUrl(album.coverFileId),
    artist_id: album.artistId,
    artist_username: artistUsername,
    created_at: album.createdAt.toISOString(),
    album_artist: albumArtist,
    year,
  };
}
