import { once } from 'node:events';
import { createRequire } from 'node:module';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { patchDriverWrites } from './driver-patches.js';

const require = createRequire(import.meta.url);
type WireConnection = { writeCommand(command: unknown, options: unknown): Promise<void> };
const { Connection } = require('mongodb/lib/cmap/connection.js') as { Connection: new (socket: Socket, options: object) => WireConnection };
const { OpMsgRequest } = require('mongodb/lib/cmap/commands.js') as { OpMsgRequest: new (db: string, command: object, options: object) => unknown };

/** The driver's own write of a real command over a real loopback socket to a peer that never reads. */
async function connectionToSilentPeer(): Promise<{ connection: WireConnection; socket: Socket; server: Server }> {
  const held: Socket[] = [];
  const server = createServer((peer) => held.push(peer)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  server.on('close', () => held.forEach((peer) => peer.destroy()));
  return { connection: new Connection(socket, { id: 1 }), socket, server };
}

/** Settles like `promise`, or rejects with "still waiting" after `ms`: a hang is the bug this guards against. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still waiting')), ms))]);
}

describe('the driver write fix (patchDriverWrites)', () => {
  let server: Server | undefined;
  beforeAll(() => patchDriverWrites());
  afterEach(() => server?.close());

  it('fails a write on a socket that is already destroyed instead of waiting forever for drain', async () => {
    const opened = await connectionToSilentPeer();
    server = opened.server;
    opened.socket.destroy();
    await expect(within(opened.connection.writeCommand(new OpMsgRequest('admin', { hello: 1 }, {}), { agreedCompressor: 'none' }), 2000)).rejects.toThrow(/closed before the command was written/);
  });

  it('fails a write still waiting for drain when its socket is destroyed without an error', async () => {
    const opened = await connectionToSilentPeer();
    server = opened.server;
    // More than the kernel's loopback buffers take, to a peer that never reads: the write must wait for drain.
    const pending = opened.connection.writeCommand(new OpMsgRequest('admin', { insert: 'x', pad: 'x'.repeat(12 * 1024 * 1024) }, {}), { agreedCompressor: 'none' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened.socket.writableLength).toBeGreaterThan(0);
    opened.socket.destroy();
    await expect(within(pending, 2000)).rejects.toThrow(/closed before the command was written/);
  });

  it('leaves a normal write alone, and patches the driver mongoose uses', async () => {
    const opened = await connectionToSilentPeer();
    server = opened.server;
    await expect(within(opened.connection.writeCommand(new OpMsgRequest('admin', { ping: 1 }, {}), { agreedCompressor: 'none' }), 2000)).resolves.toBeUndefined();
    expect(opened.socket.listenerCount('close')).toBe(1); // the driver's own; the fix's listener is gone
    opened.socket.destroy();
    const mongooseDriver = require.resolve('mongodb/lib/cmap/connection.js', { paths: [require.resolve('mongoose')] });
    expect(mongooseDriver).toBe(require.resolve('mongodb/lib/cmap/connection.js'));
  });
});
