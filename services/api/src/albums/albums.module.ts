import { Module } from '@nestjs/common';
import { SongsModule } from '../songs/songs.module.js';
import { AlbumPresenter } from './album-presenter.js';
import { AlbumsController } from './albums.controller.js';
import { AlbumsService } from './albums.service.js';

/** Repositories come from the global PersistenceModule, media uploads from the global MediaModule, the song shape from SongsModule. */
@Module({
  imports: [SongsModule],
  controllers: [AlbumsController],
  providers: [AlbumsService, AlbumPresenter],
  // Search lists albums in the same shape.
  exports: [AlbumPresenter],
})
export class AlbumsModule {}
