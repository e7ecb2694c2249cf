import { Module } from '@nestjs/common';
import { LyricsIndex } from './lyrics-index.service.js';
import { LyricsController } from './lyrics.controller.js';
import { LyricsService } from './lyrics.service.js';

/** Lyrics (docs/lyrics.md): the routes, and the search index SearchModule and the Subsonic API read, and the service the rescan and the janitor use. The repository is the global PersistenceModule's. */
@Module({
  controllers: [LyricsController],
  providers: [LyricsService, LyricsIndex],
  exports: [LyricsIndex, LyricsService],
})
export class LyricsModule {}
