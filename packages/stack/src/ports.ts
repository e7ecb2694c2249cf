import { createServer } from 'node:net';

/**
 * Asks the OS for a free loopback port. The port is released before it is
 * returned, so another process could grab it in between; callers that can
 * listen on port 0 themselves should prefer that.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not determine a free port'))));
    });
  });
}
