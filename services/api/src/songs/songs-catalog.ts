import { Injectable } from '@nestjs/common';
import type { Song } from '@tunafy/contracts';
import { CatalogRevision } from '../database/catalog-revision.js';
import { CatalogListCache, type JsonPayload } from '../common/catalog-cache.js';
import { SongPresenter } from './song-presenter.js';
import { SongsRepository } from './songs.repository.js';

/** The all-songs list, cached per catalog revision (see CatalogListCache). */
@Injectable()
export class SongsCatalog {
  private readonly cache: CatalogListCache<Song>;

  constructor(revision: CatalogRevision, songs: SongsRepository, presenter: SongPresenter) {
    this.cache = new CatalogListCache(revision, 'songs', async () => presenter.present(await songs.list({})));
  }

  payload(page: { limit?: number; afterId?: string }, acceptsGzip: boolean): Promise<JsonPayload> {
    return this.cache.payload(page, acceptsGzip);
  }
}
