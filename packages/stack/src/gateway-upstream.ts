import { Agent, type AgentOptions } from 'node:http';
import type { Duplex } from 'node:stream';

type WriteCallback = (error?: Error | null) => void;

/** The errors of a write to a peer that has closed or reset its side: its answer may still wait to be read. */
function peerClosed(error: Error | null | undefined): boolean {
  const code = (error as NodeJS.ErrnoException | null | undefined)?.code;
  return code === 'EPIPE' || code === 'ECONNRESET';
}

const writesFailed = new WeakSet<Duplex>();

/**
 * Makes a failed write to a peer that went away drop the rest of the body instead of destroying the socket. Node
 * destroys a socket whose write fails, discarding what the kernel had received and not yet handed over: an API's
 * early answer followed by its reset, when the gateway writes before it reads (a slow machine). Kept open, the socket
 * reads that answer, then the reset as a read error (docs/decisions/0001-refused-uploads-close-gracefully.md).
 */
export function keepReadingAfterFailedWrites(socket: Duplex): void {
  const write = socket._write.bind(socket);
  const writev = socket._writev?.bind(socket);
  const settle = (cb: WriteCallback) => (error?: Error | null) => {
    if (!peerClosed(error)) return cb(error);
    writesFailed.add(socket);
    cb();
  };
  socket._write = (chunk, encoding, cb: WriteCallback) => (writesFailed.has(socket) ? cb() : write(chunk, encoding, settle(cb)));
  if (writev) socket._writev = (chunks, cb: WriteCallback) => (writesFailed.has(socket) ? cb() : writev(chunks, settle(cb)));
}

/**
 * The gateway's connections to the API: httpxy's default pool (keep-alive, 256 sockets), whose sockets survive a
 * failed write (keepReadingAfterFailedWrites) and are never reused after one.
 */
export class UpstreamAgent extends Agent {
  constructor(options: AgentOptions = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }) {
    super(options);
  }

  // Node's own is net.createConnection, which returns the socket at once.
  override createConnection(...args: Parameters<Agent['createConnection']>): ReturnType<Agent['createConnection']> {
    const socket = super.createConnection(...args);
    if (socket) keepReadingAfterFailedWrites(socket);
    return socket;
  }

  // The pool keeps a socket only when this returns true (Node's typing says void).
  override keepSocketAlive(socket: Duplex): void {
    if (writesFailed.has(socket)) return;
    return super.keepSocketAlive(socket);
  }
}
