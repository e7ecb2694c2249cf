import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefullyAfterEarlyAnswer } from './early-answer.js';

const LIMITS = { ms: 300, bytes: 4 * 1024 * 1024 };

interface Sent {
  status: number;
  connection?: string;
  body: string;
  /** A write that failed after the answer had arrived (the server closed, as it should). */
  lateWriteError?: string;
}

/** A naive client: writes its whole body whatever comes back, and reports the answer only if it arrived whole. */
function post(port: number, bytes: number, agent?: false): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let answer: Sent | undefined;
    const req = request({ port, method: 'POST', agent, headers: { 'content-length': String(bytes), 'content-type': 'application/octet-stream' } });
    req.on('response', (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve((answer = { status: res.statusCode!, connection: res.headers.connection, body })));
    });
    req.on('error', (error: NodeJS.ErrnoException) => (answer ? (answer.lateWriteError = error.code) : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 1);
    let left = bytes;
    const more = () => {
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!req.write(piece)) return void req.once('drain', more);
      }
      req.end();
    };
    more();
  });
}

describe('closeGracefullyAfterEarlyAnswer', () => {
  let server: Server;
  let port: number;
  /** What the server read of each /raw request after answering it, once its connection closed. */
  const bytesReadAfterAnswer: number[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      closeGracefullyAfterEarlyAnswer(req, res, LIMITS);
      if (req.url === '/read') {
        req.resume();
        req.on('end', () => res.end('{"ok":true}'));
        return;
      }
      // Refused before reading a byte of the body, as a guard does.
      const before = req.socket.bytesRead;
      res.statusCode = 401;
      res.setHeader('content-type', 'application/json');
      res.end('{"statusCode":401,"code":"UNAUTHENTICATED"}');
      const socket = req.socket;
      if (req.url === '/raw') socket.once('close', () => bytesReadAfterAnswer.push(socket.bytesRead - before));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers an answer sent before the body, whole, to a client that keeps sending (keep-alive or not)', async () => {
    for (const bytes of [100_000, 3_000_000, 40_000_000]) {
      for (const agent of [undefined, false] as const) {
        const sent = await post(port, bytes, agent);
        expect(sent).toMatchObject({ status: 401, connection: 'close', body: '{"statusCode":401,"code":"UNAUTHENTICATED"}' });
      }
    }
  });

  it('reads at most its byte bound of a refused body from a client that never stops sending', async () => {
    // A raw client that ignores the answer and writes until the connection dies.
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (text: string) => (received += text));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received));
      socket.write('POST /raw HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\n');
      const chunk = Buffer.alloc(256 * 1024, 1);
      const more = () => {
        while (!socket.destroyed) if (!socket.write(chunk)) return void socket.once('drain', more);
      };
      more();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer.endsWith('\r\n\r\n{"statusCode":401,"code":"UNAUTHENTICATED"}')).toBe(true);
    await expect.poll(() => bytesReadAfterAnswer.length).toBe(1);
    // The bound, plus what one poll interval lets arrive on loopback.
    expect(bytesReadAfterAnswer[0]).toBeGreaterThan(LIMITS.bytes);
    expect(bytesReadAfterAnswer[0]).toBeLessThan(LIMITS.bytes + 64 * 1024 * 1024);
  });

  it('leaves a connection whose body was read alone: it stays open for the next request', async () => {
    const sent = await post(port, 1_000_000);
    expect(sent.status).toBe(401);
    const read = await new Promise<Sent>((resolve, reject) => {
      const req = request({ port, method: 'POST', path: '/read', headers: { 'content-length': '5' } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      });
      req.on('error', reject);
      req.end('hello');
    });
    expect(read).toEqual({ status: 200, connection: 'keep-alive', body: '{"ok":true}' });
  });
});
