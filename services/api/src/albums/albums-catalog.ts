import { Injectable } from '@nestjs/common';
import type { Album } from '@tunafy/contracts';
import { CatalogRevision } from '../database/catalog-revision.js';
import { CatalogListCache, type JsonPayload } from '../common/catalog-cache.js';
import { AlbumPresenter } from './album-presenter.js';
import { AlbumsRepository } from './albums.repository.js';

/** The all-albums list (the home page's, guests included), cached per catalog revision. */
@Injectable()
export class AlbumsCatalog {
  private readonly cache: CatalogListCache<Album>;

  constructor(revision: CatalogRevision, albums: AlbumsRepository, presenter: AlbumPresenter) {
    this.cache = new CatalogListCache(revision, 'albums', async () => presenter.present(await albums.list({})));
  }

  payload(page: { limit?: number; afterId?: string }, acceptsGzip: boolean): Promise<JsonPayload> {
    return this.cache.payload(page, acceptsGzip);
  }
}
