import { Module } from '@nestjs/common';
import { SongsModule } from '../songs/songs.module.js';
import { CollectionController } from './collection.controller.js';
import { CollectionService } from './collection.service.js';

/** Likes and songs repositories come from the global PersistenceModule; SongsModule lends the song presenter. */
@Module({
  imports: [SongsModule],
  controllers: [CollectionController],
  providers: [CollectionService],
  // The Subsonic API's stars are these likes.
  exports: [CollectionService],
})
export class CollectionModule {}
