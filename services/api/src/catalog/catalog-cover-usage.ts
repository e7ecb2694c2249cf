import { Injectable } from '@nestjs/common';
import { CoverUsage } from '../media/cover-usage.js';
import { CatalogReadModel } from './catalog-read-model.js';

/** The media layer's CoverUsage, answered by the read model (the catalog is current first, so a write just made counts). */
@Injectable()
export class CatalogCoverUsage extends CoverUsage {
  constructor(private readonly catalog: CatalogReadModel) {
    super();
  }

  async showsCover(owner: string, fileId: string): Promise<boolean> {
    return (await this.catalog.current()).showsCover(owner, fileId);
  }
}
