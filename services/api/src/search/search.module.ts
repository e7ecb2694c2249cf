import { Module } from '@nestjs/common';
import { AlbumsModule } from '../albums/albums.module.js';
import { LyricsModule } from '../lyrics/lyrics.module.js';
import { PlaylistsModule } from '../playlists/playlists.module.js';
import { SongsModule } from '../songs/songs.module.js';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';

/** Reads through the global repositories; the three feature modules lend their presenters so results have the list shapes. */
@Module({
  imports: [SongsModule, AlbumsModule, PlaylistsModule, LyricsModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
