import { Module } from '@nestjs/common';
import { JanitorService } from './janitor.service.js';

/** Periodic cleanup of what crashes and the missing TTL index leave behind; see JanitorService. */
@Module({
  providers: [JanitorService],
  exports: [JanitorService],
})
export class JanitorModule {}
