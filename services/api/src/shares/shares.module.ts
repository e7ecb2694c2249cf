import { Module } from '@nestjs/common';
import { StreamingModule } from '../streaming/streaming.module.js';
import { SharePages } from './share-pages.js';
import { SharesController } from './shares.controller.js';
import { SharesRepository } from './shares.repository.js';
import { SharesService } from './shares.service.js';

/** Share links (docs/shares.md): the owner's calls, the public reads and audio, and the server-rendered pages. */
@Module({
  imports: [StreamingModule],
  controllers: [SharesController],
  providers: [SharesRepository, SharesService, SharePages],
  // The Subsonic API's share methods go through the same service (docs/subsonic.md).
  exports: [SharePages, SharesService],
})
export class SharesModule {}
