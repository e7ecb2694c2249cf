import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SeedService } from './seed.service.js';

@Module({ imports: [AuthModule], providers: [SeedService], exports: [SeedService] })
export class SeedModule implements OnApplicationBootstrap {
  constructor(
    private readonly seed: SeedService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // Before the API starts listening, so the first page a newcomer opens already has content.
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.seedOnEmpty) await this.seed.seedIfEmpty();
  }
}
