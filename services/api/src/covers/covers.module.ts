import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { CoverSizes } from '../media/cover-sizes.js';
import { GridFsMediaStore } from '../media/gridfs-media.store.js';
import { COVER_CONFIG, coverConfigFrom, type CoverConfig } from './cover-config.js';
import { CoverJob, CoverJobRepository } from './cover-job.js';
import { COVER_FILES, CoverPipeline } from './covers.service.js';
import { CoverPool } from './cover-pool.js';
import { CoverResizer } from './cover-resizer.service.js';
import { CoverVariantsRepository } from './cover-variants.repository.js';

/**
 * Covers at the sizes they are shown (docs/covers.md). Global so the files route (through the CoverSizes port),
 * Subsonic's getCoverArt and the janitor reach the pipeline without importing this module; it reads the originals from the global MediaStore and keeps what
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
    { provide: CoverSizes, useExisting: CoverPipeline },
    CoverResizer,
    CoverJobRepository,
    CoverJob,
  ],
  exports: [CoverPipeline, CoverSizes, CoverResizer],
})
export class CoversModule {}
