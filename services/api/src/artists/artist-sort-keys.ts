import { Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { ArtistsRepository } from '../persistence/artists.repository.js';

/** Artists read per pass; each pass writes them with updateInCommands. */
const READ_BATCH = 1000;

/**
 * Gives artists stored without the A–Z sort key (older data, tools) theirs, once per start of an API process: in the
 * background after the start's catalog load, so it neither holds up listening nor runs beside the load
 * (docs/decisions/0025-artist-sort-keys-after-the-load.md). Every write of an artist sets the key itself.
 */
@Injectable()
export class ArtistSortKeys implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Artists');
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly artists: ArtistsRepository,
    private readonly catalog: CatalogReadModel,
    @Optional() private readonly http?: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    // An application context without HTTP is a CLI (import, rescan, seed): the API's start fills the keys.
    if (!this.http?.httpAdapter) return;
    this.running = this.fillAfterLoad().catch((error: unknown) => this.logger.warn(`artists' sort keys not filled in: ${(error as Error).message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  private async fillAfterLoad(): Promise<void> {
    // The start's load, shared with CatalogReadModel's own call (concurrent callers share one load).
    await this.catalog.current();
    let total = 0;
    for (;;) {
      if (this.stopping) return;
      const { found, written } = await this.artists.fillMissingSortKeys(READ_BATCH);
      total += written;
      // None written: another replica filled these first and carries on.
      if (found < READ_BATCH || written === 0) break;
    }
    if (total > 0) this.logger.log(`sort keys filled in for ${total} artists`);
  }
}
