import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { GridFsMediaStore } from '../media/gridfs-media.store.js';
import { COVER_CONFIG, coverConfigFrom, type CoverConfig } from './cover-config.js';
import { CoverJob, CoverJobRepository } from './cover-job.js';
import { COVER_FILES, CoverPipeline } from './cover-pipeline.js';
import { CoverPool } from './cover-pool.js';
import { CoverResizer } from './cover-resizer.js';
import { CoverVariantsRepository } from './cover-variants.repository.js';

/**
 * Covers at the sizes they are shown (docs/covers.md). Global so the files route, Subsonic's getCoverArt and the janitor
 * reach the pipeline without importing this module; it reads the originals from the global MediaStore and keeps what
 * it derives in a GridFS bucket of its own (`covers`), with a local copy beside the media cache.
 */
@Global()
@Module({
  providers: [
    { provide: COVER_CONFIG, useFactory: () => coverConfigFrom() },
    { provide: CoverPool, useFactory: () => new CoverPool() },
    {
      provide: COVER_FILES,
      inject: [DB_CONNECTION, APP_CONFIG, COVER_CONFIG],
      useFactory: (connection: Connection, app: AppConfig, covers: CoverConfig) =>
        new GridFsMediaStore(connection, { mediaCacheDir: join(app.mediaCacheDir, 'covers'), catalogRecheckMs: app.catalogRecheckMs }, covers.cacheMaxBytes, 'covers'),
    },
    CoverVariantsRepository,
    CoverPipeline,
    CoverResizer,
    CoverJobRepository,
    CoverJob,
  ],
  exports: [CoverPipeline, CoverResizer],
})
export class CoversModule {}
