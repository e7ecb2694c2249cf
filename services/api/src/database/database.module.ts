import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import mongoose, { type Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AlbumsRepository } from '../albums/albums.repository.js';
import { ArtistsRepository } from '../artists/artists.repository.js';
import { RescanMarksRepository } from '../artists/rescan-marks.repository.js';
import { LikesRepository } from '../collection/likes.repository.js';
import { PlayerStatesRepository } from '../listening/player-states.repository.js';
import { ListeningHistoryRepository } from '../listening/listening-history.repository.js';
import { PlaysRepository } from '../listening/plays.repository.js';
import { PlaylistEntriesRepository } from '../playlists/playlist-entries.repository.js';
import { PlaylistsRepository } from '../playlists/playlists.repository.js';
import { SongsRepository } from '../songs/songs.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { ImportClaimsRepository } from '../imports/import-claims.repository.js';
import { LyricsRepository } from '../lyrics/lyrics.repository.js';
import { observeDatabaseCommands } from '../observability/metrics.js';
import { patchDriverWrites } from './driver-patches.js';
import { DB_CONNECTION } from './tokens.js';

// Unknown paths in filters are dropped rather than sent to the server. Operator
// injection ({"email": {"$ne": null}}) is stopped earlier: every input passes a
// contracts schema that only lets strings and validated ids through.
mongoose.set('strictQuery', true);
// Fail fast while the database is away, so requests get a 503 instead of hanging.
mongoose.set('bufferTimeoutMS', 3000);

const repositories = [UsersRepository, SongsRepository, AlbumsRepository, ArtistsRepository, RescanMarksRepository, PlaylistsRepository, PlaylistEntriesRepository, LikesRepository, PlaysRepository, ListeningHistoryRepository, PlayerStatesRepository, ImportClaimsRepository, LyricsRepository];

/**
 * One mongoose connection for the process and the repositories built on it.
 * Repositories live in their feature folders but are provided here, so
 * features depend on each other's data only, never on each other's services.
 */
@Global()
@Module({
  providers: [
    {
      provide: DB_CONNECTION,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<Connection> => {
        // Before any connection exists: the driver's monitor could otherwise hang for good after a database restart.
        patchDriverWrites();
        const connection = mongoose.createConnection(config.mongodbUri, {
          // A request that needs the database while it is away (stopping, restarting, failing over) answers 503 after
          // 2 s instead of 5: clients retry sooner, and an outage shows as clear 503s rather than requests hanging
          // across it (the database-restart drill saw requests of 8.3 s that spanned the whole outage).
          serverSelectionTimeoutMS: 2000,
          // How long a new connection's TCP connect and handshake may take (default 30 s), the driver's server
          // monitor's included: a database that accepts but never answers holds a request no longer than server
          // selection does.
          connectTimeoutMS: 5000,
          autoIndex: true,
          // Round-trip times for GET /api/metrics (tunafy_db_command_duration_seconds).
          monitorCommands: true,
        });
        observeDatabaseCommands(connection.getClient());
        await connection.asPromise();
        return connection;
      },
    },
    ...repositories,
  ],
  exports: [DB_CONNECTION, ...repositories],
})
export class DatabaseModule implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(@Inject(DB_CONNECTION) private readonly connection: Connection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close().catch((error: Error) => this.logger.warn(`close failed: ${error.message}`));
  }
}
