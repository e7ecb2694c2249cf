import { Injectable } from '@nestjs/common';
import type { Album, AlbumDetail } from '@tunafy/contracts';
import { mediaUrl } from '../media/media-store.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import type { AlbumRecord } from './albums.repository.js';

/** Turns album records into the API's album shape; artist names come from the in-memory catalog. */
@Injectable()
export class AlbumPresenter {
  constructor(private readonly catalog: CatalogReadModel) {}

  present(records: readonly AlbumRecord[]): Album[] {
    const model = this.catalog.model;
    return records.map((album) => toAlbum(album, model.username(album.artistId)));
  }

  presentOne(record: AlbumRecord): Album {
    return this.present([record])[0]!;
  }

  /** The detail page's header: the album with its song count and length. */
  presentDetail(record: AlbumRecord): AlbumDetail {
    const totals = this.catalog.model.albumTotals(record.id);
    return { ...this.presentOne(record), song_count: totals.songCount, total_duration: totals.totalDuration };
  }
}

export function toAlbum(album: AlbumRecord, artistUsername: string): Album {
  return {
    id: album.id,
    album_name: album.name,
    album_cover_url: mediaUrl(album.coverFileId),
    artist_id: album.artistId,
    artist_username: artistUsername,
    created_at: album.createdAt.toISOString(),
  };
}
