import { Injectable } from '@nestjs/common';
import { VARIOUS_ARTISTS } from '@tunafy/contracts';
import { AlbumsRepository, type AlbumRecord } from '../persistence/albums.repository.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { ArtistResolver } from './artist-resolver.service.js';

/**
 * Who an album is credited to as files join it (docs/artists.md, "Albums and compilations"): a file credits
 * `albumArtistId` (its album-artist tag, Various Artists for a compilation, or its first artist); when the album
 * already credits another, its tracks disagree, so it is a compilation and becomes Various Artists'. An album without
 * one is given it only when `fillMissing` (a rescan of files imported before artists; a form-made album joined by an
 * import stays its owner's).
 */
@Injectable()
export class AlbumCredits {
  constructor(
    private readonly albums: AlbumsRepository,
    private readonly artists: ArtistResolver,
    private readonly catalog: CatalogReadModel,
  ) {}

  async credit(album: AlbumRecord, albumArtistId: string | undefined, fillMissing = false): Promise<AlbumRecord> {
    if (!albumArtistId || album.albumArtistId === albumArtistId) return album;
    if (!album.albumArtistId && !fillMissing) return album;
    return this.catalog.underRecordLock(`album:${album.id}`, async () => {
      // Decided on the album as it is now: files of one album credited at once (a rescan's workers) see each other's.
      const current = this.catalog.model.album(album.id) ?? album;
      if (current.albumArtistId === albumArtistId || (!current.albumArtistId && !fillMissing)) return current;
      const target = current.albumArtistId ? (await this.artists.resolveOne({ name: VARIOUS_ARTISTS })).id : albumArtistId;
      if (current.albumArtistId === target) return current;
      const previous = await this.albums.updateReturningPrevious(album.id, { albumArtistId: target });
      if (!previous) return current;
      const updated: AlbumRecord = { ...previous, albumArtistId: target };
      await this.catalog.publish([{ kind: 'album', id: album.id }], (model) => model.putAlbum(updated));
      return updated;
    });
  }
}
