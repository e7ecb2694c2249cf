import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ArtistsRepository } from './artists.repository.js';

/**
 * Data fixes every start runs before the API listens, each idempotent and safe with replicas starting together. Today
 * one: artists stored without the A–Z sort key the MongoDB read adapter pages by get theirs, so no read fills it in.
 */
@Injectable()
export class StartupMigrations implements OnApplicationBootstrap {
  private readonly logger = new Logger('Migrations');

  constructor(private readonly artists: ArtistsRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    const filled = await this.artists.fillMissingSortKeys();
    if (filled > 0) this.logger.log(`sort keys filled in for ${filled} artists`);
  }
}
