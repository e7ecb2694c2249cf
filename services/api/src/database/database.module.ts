import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import mongoose, { type Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { observeDatabaseCommands } from '../observability/metrics.js';
import { patchDriverWrites } from './driver-patches.js';
import { DB_CONNECTION } from './tokens.js';

// Unknown paths in filters are dropped rather than sent to the server. Operator
// injection ({"email": {"$ne": null}}) is stopped earlier: every input passes a
// contracts schema that only lets strings and validated ids through.
mongoose.set('strictQuery', true);
// Fail fast while the database is away, so requests get a 503 instead of hanging.
mongoose.set('bufferTimeoutMS', 3000);


/** One mongoose connection for the process; the repositories on it are persistence/'s (PersistenceModule). */
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
  ],
  exports: [DB_CONNECTION],
})
export class DatabaseModule implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(@Inject(DB_CONNECTION) private readonly connection: Connection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close().catch((error: Error) => this.logger.warn(`close failed: ${error.message}`));
  }
}
