import { Injectable } from '@nestjs/common';
import type { ListTotals } from '@tunafy/contracts';
import type { CatalogModel } from './catalog-model.js';
import { CatalogReadModel } from './catalog-read-model.js';

/**
 * Turns records into the API's shape, one or many, with the names they point at (artist, creator, album) read
 * from the in-memory catalog. A subclass says how one record looks; song, album and playlist presenters share
 * the rest.
 */
@Injectable()
export abstract class CatalogPresenter<Rec, Shape> {
  constructor(protected readonly catalog: CatalogReadModel) {}

  protected abstract shape(record: Rec, model: CatalogModel): Shape;

  present(records: readonly Rec[]): Shape[] {
    const model = this.catalog.model;
    return records.map((record) => this.shape(record, model));
  }

  presentOne(record: Rec): Shape {
    return this.shape(record, this.catalog.model);
  }

  /** A detail page's header: the record with its song count and length. */
  protected withTotals(record: Rec, totals: { songCount: number; totalDuration: number }): Shape & ListTotals {
    return { ...this.presentOne(record), song_count: totals.songCount, total_duration: totals.totalDuration };
  }
}
