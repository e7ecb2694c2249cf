import { Module } from '@nestjs/common';
import { AlbumsModule } from '../albums/albums.module.js';
import { PlaylistsModule } from '../playlists/playlists.module.js';
import { SongsModule } from '../songs/songs.module.js';
import { Clock } from './clock.js';
import { HistoryController } from './history.controller.js';
import { HistoryService } from './history.service.js';
import { PlayerStateController } from './player-state.controller.js';
import { PlayerStateService } from './player-state.service.js';
import { PlaysController } from './plays.controller.js';
import { PlaysService } from './plays.service.js';

/** Play counting, recently played, the history and top lists, and the saved player. Repositories come from the global PersistenceModule; SongsModule, AlbumsModule and PlaylistsModule lend their presenters. */
@Module({
  imports: [SongsModule, AlbumsModule, PlaylistsModule],
  controllers: [PlaysController, PlayerStateController, HistoryController],
  providers: [PlaysService, PlayerStateService, HistoryService, Clock],
  // The Subsonic API's scrobbles and play queue are these plays and this saved player.
  exports: [PlaysService, PlayerStateService],
})
export class ListeningModule {}
