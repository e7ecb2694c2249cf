import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DB_CONNECTION } from './tokens.js';

interface RevisionDocument {
  _id: string;
  rev: number;
}

/**
 * A counter in the database that every catalog write bumps. Each API process
 * caches catalog reads against the revision it last saw and re-reads the
 * counter at most every `catalogRecheckMs`, so a write made through this
 * process is visible at once and one made through another replica within that
 * bound. Lookups are by _id, which both MongoDB and FerretDB answer from an
 * index.
 */
@Injectable()
export class CatalogRevision {
  private known = -1;
  private checkedAt = 0;
  private pending: Promise<number> | null = null;

  constructor(
    @Inject(DB_CONNECTION) private readonly connection: Connection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get collection() {
    return this.connection.db!.collection<RevisionDocument>('meta');
  }

  /** The revision to key caches with; hits the database at most once per interval. */
  async current(): Promise<number> {
    if (Date.now() - this.checkedAt < this.config.catalogRecheckMs && this.known >= 0) return this.known;
    this.pending ??= this.collection
      .findOne({ _id: 'catalog' })
      .then((doc) => {
        this.known = doc?.rev ?? 0;
        this.checkedAt = Date.now();
        return this.known;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** Call after any write that changes what catalog reads return. */
  async bump(): Promise<void> {
    const updated = await this.collection.findOneAndUpdate(
      { _id: 'catalog' },
      { $inc: { rev: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    this.known = updated?.rev ?? this.known + 1;
    this.checkedAt = Date.now();
  }
}
