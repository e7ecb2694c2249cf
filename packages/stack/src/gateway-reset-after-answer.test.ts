import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from './gateway.js';
import { scratchDirs } from './test-support.js';

const REFUSAL = JSON.stringify({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please log in.' });
const ANSWER = `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(REFUSAL)}\r\nConnection: close\r\n\r\n${REFUSAL}`;
const CHUNK = Buffer.alloc(64 * 1024, 0x55);

/**
 * A lingering API as a slow gateway sees it: the answer to a head came early, and the connection was reset before
 * the gateway read it. One callback does it all, in the same order on every run: the client's next body bytes reach
 * the gateway, then the API's answer (`parts` of it) and the reset, so the gateway writes to the reset connection
 * before it reads. Before UpstreamAgent this gave a 502 on every run, whole answer or not.
 */
function startResettingApi(parts: 'whole' | 'half' | 'nothing', client: () => Socket): Promise<Server> {
  const server = createServer((socket) => {
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      if (head.includes('\r\n\r\n')) return;
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      client().write(CHUNK);
      if (parts === 'whole') socket.write(ANSWER);
      if (parts === 'half') socket.write(ANSWER.slice(0, ANSWER.length - 20));
      socket.resetAndDestroy();
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A naive client: sends a head announcing 3 MB and keeps sending; resolves with all it received. */
function upload(gatewayUrl: string): { socket: Socket; answer: Promise<string> } {
  const { port } = new URL(gatewayUrl);
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(`POST /api/uploads/songs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/octet-stream\r\nContent-Length: 3000000\r\n\r\n`);
  socket.write(CHUNK);
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(Buffer.concat(received).toString('utf8'))));
  return { socket, answer };
}

/** The status, the announced length and the body of what the client received. */
function parseAnswer(raw: string): { status: number; contentLength: number; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end);
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
    contentLength: Number(/^content-length: *(\d+)$/im.exec(head)?.[1] ?? -1),
    body: raw.slice(end + 4),
  };
}

describe.each([
  ['its whole answer', 'whole'],
  ['part of its answer', 'half'],
  ['nothing', 'nothing'],
] as const)('the development gateway in front of an API reset after sending %s', (_name, parts) => {
  let api: Server;
  let gateway: RunningGateway;
  let client: Socket | undefined;
  const scratch = scratchDirs('tunafy-gateway-reset-');

  beforeAll(async () => {
    api = await startResettingApi(parts, () => client!);
    gateway = await startGateway({ apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, apps: { shell: await scratch() }, log: () => undefined });
  });

  afterAll(async () => {
    client?.destroy();
    await gateway?.stop();
    await new Promise((resolve) => api?.close(resolve));
  });

  const sendUpload = async () => {
    const sent = upload(gateway.url);
    client = sent.socket;
    return parseAnswer(await sent.answer);
  };

  if (parts === 'whole')
    it('passes the answer on whole', async () => {
      const answer = await sendUpload();
      expect(answer.status).toBe(401);
      expect(answer.body).toBe(REFUSAL);
      expect(answer.contentLength).toBe(Buffer.byteLength(REFUSAL));
    });

  if (parts === 'half')
    it('passes on what came and cuts the connection, so the client sees a cut answer', async () => {
      const answer = await sendUpload();
      expect(answer.status).toBe(401);
      expect(Buffer.byteLength(answer.body)).toBeLessThan(answer.contentLength);
    });

  if (parts === 'nothing')
    it('answers 502 in the API’s error shape', async () => {
      const answer = await sendUpload();
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body)).toEqual({ statusCode: 502, code: 'SERVICE_UNAVAILABLE', message: 'The Tunafy API cannot be reached right now.' });
    });
});
