import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { SessionAuthGuard } from './common/session-auth.guard.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { AuthModule } from './auth/auth.module.js';
import { CsrfGuard } from './auth/csrf.guard.js';
import { CatalogReadsModule } from './bootstrap/catalog-reads.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { DatabaseModule } from './database/database.module.js';
import { PersistenceModule } from './persistence/persistence.module.js';
import { HealthController } from './health/health.controller.js';
import { UsersModule } from './users/users.module.js';
import { featureModules } from './features.js';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        ThrottlerModule.forRoot({ throttlers: [{ name: 'auth', ttl: 60_000, limit: config.authRateLimit }], errorMessage: 'Too many attempts. Please wait a minute and try again.' }),
        DatabaseModule,
        PersistenceModule,
        CatalogModule,
        CatalogReadsModule,
        AuthModule,
        UsersModule,
        ...featureModules,
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // Order matters: CSRF before authentication, so forged requests learn nothing.
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_GUARD, useClass: SessionAuthGuard },
      ],
      exports: [APP_CONFIG],
    };
  }
}
