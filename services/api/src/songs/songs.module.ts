import { Module } from '@nestjs/common';
import { SongPresenter } from './song-presenter.js';
import { SongsController } from './songs.controller.js';
import { SongsService } from './songs.service.js';

/** Repositories come from the global DatabaseModule and media uploads from the global MediaModule. */
@Module({
  controllers: [SongsController],
  providers: [SongsService, SongPresenter],
  // Albums, playlists, collection and search list songs in the same shape.
  exports: [SongPresenter, SongsService],
})
export class SongsModule {}
