import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { StoredRevision, type RevisionDocument } from './stored-revision.js';
import { DB_CONNECTION } from './tokens.js';

/**
 * The revision every catalog write bumps (songs, albums, playlists and their
 * names); catalog list caches are keyed with it. Another replica's write shows
 * within `catalogRecheckMs`.
 */
@Injectable()
export class CatalogRevision extends StoredRevision {
  constructor(@Inject(DB_CONNECTION) connection: Connection, @Inject(APP_CONFIG) config: Pick<AppConfig, 'catalogRecheckMs'>) {
    super(() => connection.db!.collection<RevisionDocument>('meta'), 'catalog', () => config.catalogRecheckMs);
  }
}
