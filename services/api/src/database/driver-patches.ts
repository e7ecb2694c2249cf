import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { MongoNetworkError } from 'mongodb';

interface DriverConnection {
  socket: Socket;
  id: number | string;
  address: string;
  writeCommand(command: unknown, options: unknown): Promise<void>;
}

const PATCHED = Symbol.for('tunafy.driver.writeCommand');

/**
 * A fix for a hang in the MongoDB driver (mongodb 7.8.0, unchanged in 7.9.0; lib/cmap/connection.js):
 * `writeCommand` writes to the socket and, when the write is not taken at once, waits for the socket's
 * `drain` or `error` event. A socket that is already destroyed (the connection was closed while the command
 * was being serialized, e.g. by the database restarting) takes no write and emits neither, so the write
 * waits forever. When that connection is the driver's server monitor, the monitor never checks the server
 * again: after the database is back every operation still fails server selection, until the process
 * restarts. Seen in the database-restart drill and in a driver-only reproduction (docs/benchmarks.md, "The
 * database-restart drill"), with the monitor's socket destroyed and one `drain` listener waiting on it.
 *
 * Here a write on a destroyed socket, or one whose socket closes while it waits, fails with a network error
 * like any other, so the monitor's check fails, and the monitor reconnects. Applied once, at start.
 */
export function patchDriverWrites(): void {
  const require = createRequire(import.meta.url);
  const { Connection } = require('mongodb/lib/cmap/connection.js') as { Connection?: { prototype: DriverConnection & { [PATCHED]?: true } } };
  const prototype = Connection?.prototype;
  if (!prototype || typeof prototype.writeCommand !== 'function' || prototype[PATCHED]) return;
  const writeCommand = prototype.writeCommand;
  prototype.writeCommand = function (this: DriverConnection, command: unknown, options: unknown): Promise<void> {
    const socket = this.socket;
    const closed = () => new MongoNetworkError(`connection ${this.id} to ${this.address} closed before the command was written`);
    if (socket.destroyed) return Promise.reject(closed());
    const written = writeCommand.call(this, command, options);
    return new Promise<void>((resolve, reject) => {
      const onClose = () => reject(closed());
      socket.once('close', onClose);
      written.then(resolve, reject).finally(() => socket.off('close', onClose));
    });
  };
  prototype[PATCHED] = true;
}
