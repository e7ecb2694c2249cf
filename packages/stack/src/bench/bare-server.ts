/**
 * Worker: the baselines the API is compared with, in their own process.
 *   {"mode":"bytes","file":F,"contentType":T,"headers":{...}}  answers F's bytes (read once, kept in memory) to every request.
 *   {"mode":"file","file":F,"contentType":T}   streams F from disk with Range support (206), like a static file server.
 * Prints {"port": N} once listening.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

interface Input {
  mode: 'bytes' | 'file';
  file: string;
  contentType: string;
  /** Extra headers of the bytes mode (Content-Encoding for a pre-compressed body). */
  headers?: Record<string, string>;
}

const input = JSON.parse(process.argv[2]!) as Input;

function bytesHandler(): (req: IncomingMessage, res: ServerResponse) => void {
  const body = readFileSync(input.file);
  return (_req, res) => {
    res.writeHead(200, { ...input.headers, 'Content-Type': input.contentType, 'Content-Length': body.length });
    res.end(body);
  };
}

function fileHandler(): (req: IncomingMessage, res: ServerResponse) => void {
  const size = statSync(input.file).size;
  return (req, res) => {
    const match = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (!match) {
      res.writeHead(200, { 'Content-Type': input.contentType, 'Content-Length': size, 'Accept-Ranges': 'bytes' });
      createReadStream(input.file).pipe(res);
      return;
    }
    const start = match[1] ? Number(match[1]) : size - Number(match[2]);
    const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      res.writeHead(416, { 'Content-Range': `bytes */${size}` });
      res.end();
      return;
    }
    res.writeHead(206, {
      'Content-Type': input.contentType,
      'Content-Length': end - start + 1,
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Accept-Ranges': 'bytes',
    });
    createReadStream(input.file, { start, end }).pipe(res);
  };
}

const server = createServer(input.mode === 'bytes' ? bytesHandler() : fileHandler());
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
