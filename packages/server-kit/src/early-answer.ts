import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import onHeaders from 'on-headers';

/** How much of a refused body a server reads and throws away after answering, at most. */
export interface LingerLimits {
  /** From the answer's last byte until the connection is closed whatever the client does. */
  ms: number;
  /** Bytes read and discarded after the answer before the connection is closed. */
  bytes: number;
}

/**
 * The API's and the gateway's bounds (docs/decisions/0001-refused-uploads-close-gracefully.md): long enough for any
 * client on the same host or network to read a few-hundred-byte answer, short enough that a refused 300 MB upload
 * costs well under a second and never its whole body.
 */
export const DEFAULT_LINGER: LingerLimits = { ms: 500, bytes: 16 * 1024 * 1024 };

/** True while the request's body has not all arrived: an answer now comes before the client has finished sending. */
export function bodyStillArriving(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = Number(req.headers['content-length'] ?? 0);
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Closes `socket` gracefully after an early answer (RFC 9112 §9.6, nginx's lingering close): go on reading and
 * discarding what the client still sends until it closes, or `limits` are reached, then close. Closing with unread
 * bytes at once makes the kernel send a reset, which can erase the answer before the client reads it. The answer
 * has a length, so no half-close is needed to end it (and Node's parser stops reading after one).
 */
export function lingerThenClose(socket: Socket, limits: LingerLimits = DEFAULT_LINGER): void {
  if (socket.destroyed) return;
  // Node's HTTP parser reads the socket natively (no 'data' events), so what was discarded is counted by polling.
  const start = socket.bytesRead;
  const close = () => {
    clearInterval(poll);
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, limits.ms);
  const poll = setInterval(() => socket.bytesRead - start > limits.bytes && close(), 10);
  timer.unref();
  poll.unref();
  socket.once('close', close);
  socket.resume();
}

/**
 * For one request: if its answer starts before its body has all arrived (a refusal before reading an upload, or
 * a limit hit midway), the answer says `Connection: close`, so the client stops sending, and once the answer is
 * out the connection lingers (lingerThenClose) instead of being destroyed. Without it Node either reads the whole
 * body to keep the connection (a 300 MB upload read only to be refused) or closes with a reset.
 */
export function closeGracefullyAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse, limits: LingerLimits = DEFAULT_LINGER): void {
  onHeaders(res, () => {
    if (!bodyStillArriving(req)) return;
    res.setHeader('Connection', 'close');
    const socket = req.socket;
    // Node ends a `Connection: close` answer's connection with socket.destroySoon() (resOnFinish in _http_server):
    // for this one socket that becomes the lingering close.
    socket.destroySoon = () => lingerThenClose(socket, limits);
  });
}
