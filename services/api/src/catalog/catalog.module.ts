import { Global, Module } from '@nestjs/common';
import { CoverUsage } from '../media/cover-usage.js';
import { CatalogCoverUsage } from './catalog-cover-usage.js';
import { CatalogLoader } from './catalog-loader.js';
import { CatalogReadModel } from './catalog-read-model.js';

/** The in-memory catalog every read is answered from; global, since every feature reads and writes it (and media/ asks it which covers are shown). */
@Global()
@Module({
  providers: [CatalogLoader, CatalogReadModel, { provide: CoverUsage, useClass: CatalogCoverUsage }],
  exports: [CatalogReadModel, CoverUsage],
})
export class CatalogModule {}
