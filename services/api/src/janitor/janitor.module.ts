import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { ImportsModule } from '../imports/imports.module.js';
import { LyricsModule } from '../lyrics/lyrics.module.js';
import { JanitorService } from './janitor.service.js';

/** Periodic cleanup of what crashes and the missing TTL index leave behind; see JanitorService. */
@Module({
  imports: [ImportsModule, IdempotencyModule, LyricsModule],
  providers: [JanitorService],
  exports: [JanitorService],
})
export class JanitorModule {}
