import { Module } from '@nestjs/common';
import { AlbumsModule } from '../albums/albums.module.js';
import { LyricsModule } from '../lyrics/lyrics.module.js';
import { SongsModule } from '../songs/songs.module.js';
import { AlbumCredits } from './album-credits.service.js';
import { ArtistResolver } from './artist-resolver.service.js';
import { ArtistSortKeys } from './artist-sort-keys.js';
import { ArtistsController } from './artists.controller.js';
import { ArtistsService } from './artists.service.js';
import { RescanController } from './rescan.controller.js';
import { Rescanner } from './rescan.js';

/** Credited artists and genres (docs/artists.md); the repository comes from the global PersistenceModule. */
@Module({
  imports: [SongsModule, AlbumsModule, LyricsModule],
  controllers: [ArtistsController, RescanController],
  providers: [ArtistsService, ArtistResolver, AlbumCredits, Rescanner, ArtistSortKeys],
  // Imports credit artists through the resolver; search lists artists in the same shape.
  exports: [ArtistResolver, AlbumCredits, ArtistsService, Rescanner],
})
export class ArtistsModule {}
