import { Global, Module } from '@nestjs/common';
import { UsersRepository } from './users.repository.js';
import { SongsRepository } from './songs.repository.js';
import { AlbumsRepository } from './albums.repository.js';
import { ArtistsRepository } from './artists.repository.js';
import { RescanMarksRepository } from './rescan-marks.repository.js';
import { PlaylistsRepository } from './playlists.repository.js';
import { PlaylistEntriesRepository } from './playlist-entries.repository.js';
import { LikesRepository } from './likes.repository.js';
import { PlaysRepository } from './plays.repository.js';
import { ListeningHistoryRepository } from './listening-history.repository.js';
import { PlayerStatesRepository } from './player-states.repository.js';
import { ImportClaimsRepository } from './import-claims.repository.js';
import { LyricsRepository } from './lyrics.repository.js';

const repositories = [UsersRepository, SongsRepository, AlbumsRepository, ArtistsRepository, RescanMarksRepository, PlaylistsRepository, PlaylistEntriesRepository, LikesRepository, PlaysRepository, ListeningHistoryRepository, PlayerStatesRepository, ImportClaimsRepository, LyricsRepository];

/**
 * The catalog's and the listening data's repositories on the one connection (DatabaseModule's DB_CONNECTION), global
 * so the catalog and every feature read and write through them without owning each other's files (docs/architecture.md).
 */
@Global()
@Module({
  providers: repositories,
  exports: repositories,
})
export class PersistenceModule {}
