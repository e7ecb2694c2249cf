import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IdempotencyRepository } from './idempotency.repository.js';

/** Idempotency keys on writes (docs/api.md, "Retrying writes"); the janitor uses the repository to remove old records. */
@Module({
  providers: [IdempotencyRepository, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }],
  exports: [IdempotencyRepository],
})
export class IdempotencyModule {}
