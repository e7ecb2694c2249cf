import { Global, Module } from '@nestjs/common';
import { CatalogLoader } from './catalog-loader.js';
import { CatalogReadModel } from './catalog-read-model.js';

/** The in-memory catalog every read is answered from; global, since every feature reads and writes it. */
@Global()
@Module({
  providers: [CatalogLoader, CatalogReadModel],
  exports: [CatalogReadModel],
})
export class CatalogModule {}
