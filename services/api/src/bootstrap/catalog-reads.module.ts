import { Global, Logger, Module } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { MemoryCatalogReads } from '../catalog/reads/memory-catalog-reads.js';
import { MongoCatalogReads } from '../catalog/reads/mongo-catalog-reads.js';
import { CATALOG_READS, type CatalogReads } from '../catalog/reads/read-port.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { packLoudness } from '../persistence/loudness-values.js';

/** The catalog read port's adapter as CATALOG_READS chooses it (docs/decisions/0020-catalog-read-port.md). */
@Global()
@Module({
  providers: [
    {
      provide: CATALOG_READS,
      inject: [APP_CONFIG, CatalogReadModel, DB_CONNECTION],
      useFactory: async (config: AppConfig, catalog: CatalogReadModel, connection: Connection): Promise<CatalogReads> => {
        if (config.catalogReads === 'memory') return new MemoryCatalogReads(catalog);
        const reads = new MongoCatalogReads(() => connection.db!, packLoudness);
        await reads.ensureIndexes();
        new Logger('Catalog').log('paged reads answered by the database (CATALOG_READS=mongodb)');
        return reads;
      },
    },
  ],
  exports: [CATALOG_READS],
})
export class CatalogReadsModule {}
