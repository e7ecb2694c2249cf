import { Module } from '@nestjs/common';
import { SongsModule } from '../songs/songs.module.js';
import { PlaylistPresenter } from './playlist-presenter.js';
import { PlaylistsController } from './playlists.controller.js';
import { PlaylistsService } from './playlists.service.js';

/** Repositories come from the global PersistenceModule and media uploads from the global MediaModule. */
@Module({
  imports: [SongsModule],
  controllers: [PlaylistsController],
  providers: [PlaylistsService, PlaylistPresenter],
  // Search lists playlists in the same shape; the Subsonic API's playlists are these.
  exports: [PlaylistPresenter, PlaylistsService],
})
export class PlaylistsModule {}
