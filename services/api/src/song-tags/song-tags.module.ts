import { Module } from '@nestjs/common';
import { ArtistsModule } from '../artists/artists.module.js';
import { SongsModule } from '../songs/songs.module.js';
import { SongTagsController } from './song-tags.controller.js';
import { SongTagsService } from './song-tags.service.js';

/** Correcting a song's tags (docs/artists.md): songs' shape from SongsModule, artists from ArtistsModule. */
@Module({
  imports: [SongsModule, ArtistsModule],
  controllers: [SongTagsController],
  providers: [SongTagsService],
})
export class SongTagsModule {}
