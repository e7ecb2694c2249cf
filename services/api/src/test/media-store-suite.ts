import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, inject } from 'vitest';
import { GridFsMediaStore } from '../media/gridfs-media.store.js';

export interface MediaStoreSuite {
  /** A mongoose connection of the test's own to the test database, for repositories under test. */
  readonly connection: Connection;
  /** A GridFS store over that connection, as another replica's would be, caching into a throwaway folder. */
  readonly store: GridFsMediaStore;
}

/**
 * The setup of the suites that drive repositories and the media store straight, registered as the file's
 * beforeAll/afterAll: opens the connection and the store first (so the file's own beforeAll can use them), then
 * closes the connection and removes the cache folder. Read the fields inside tests and hooks, not at module load.
 */
export function mediaStoreSuite(cachePrefix: string): MediaStoreSuite {
  const suite = {} as { connection: Connection; store: GridFsMediaStore };
  let cacheDir: string | undefined;
  beforeAll(async () => {
    suite.connection = await mongoose.createConnection(inject('mongodbUri')).asPromise();
    cacheDir = mkdtempSync(join(tmpdir(), cachePrefix));
    suite.store = new GridFsMediaStore(suite.connection, { mediaCacheDir: cacheDir });
  });
  afterAll(async () => {
    await suite.connection?.close();
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });
  return suite;
}
