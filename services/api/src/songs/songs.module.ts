import { Module } from '@nestjs/common';
import { SongHashClaims } from '../imports/song-hash-claims.service.js';
import { SongPresenter } from './song-presenter.js';
import { SongsController } from './songs.controller.js';
import { SongsService } from './songs.service.js';

/** Repositories come from the global PersistenceModule and media uploads from the global MediaModule. */
@Module({
  controllers: [SongsController],
  providers: [SongsService, SongPresenter, SongHashClaims],
  // Albums, playlists, collection and search list songs in the same shape; bulk upload keeps the same hash claims.
  exports: [SongPresenter, SongsService, SongHashClaims],
})
export class SongsModule {}
