import { request } from 'node:http';

/** One upload the API refuses before reading its body, and what came back. */
export interface RefusedUploadOutcome {
  path: string;
  bytes: number;
  /** The HTTP status, or 0 when no answer arrived. */
  status: number;
  /** The answer's stable error code when it was the API's JSON error. */
  code?: string;
  /** What went wrong when no complete answer arrived: a socket error code, or a short description. */
  failure?: string;
  /** From the first byte sent until the answer had arrived whole (or the attempt failed). */
  msToAnswer?: number;
}

export interface SendOptions {
  timeoutMs?: number;
  /** Write the whole body whatever comes back, as a naive client does (the worst case for the server). */
  keepSending?: boolean;
  /** Called once the connection is closed, with the time since the first byte and the bytes written onto it. */
  onClosed?: (ms: number, bytesWritten: number) => void;
}

export interface RefusedUploadCase {
  path: string;
  /** Sent as they are (cookie, x-csrf-token). */
  headers: Record<string, string>;
}

/** The body sizes of issue 32's report: from one that fits one packet to one a phone takes minutes to send. */
export const REFUSED_UPLOAD_SIZES = [1_000, 100_000, 600_000, 3_000_000, 12_000_000] as const;

const CHUNK = Buffer.alloc(64 * 1024, 0x55);

/**
 * Sends one multipart upload of about `bytes` and reads what comes back, as a well-behaved client does: it stops
 * sending once an answer has begun, and an answer counts only when it arrived whole. A write that fails after the
 * answer arrived (the server closed its side, as it should after refusing) is not a failure.
 */
export function sendRefusedUpload(baseUrl: string, upload: RefusedUploadCase, bytes: number, options: SendOptions = {}): Promise<RefusedUploadOutcome> {
  const { timeoutMs = 30_000, keepSending = false } = options;
  const boundary = `----tunafy${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="song_name"\r\n\r\nrefused\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileBytes = Math.max(0, bytes - head.length - tail.length);
  const url = new URL(upload.path, baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    const started = performance.now();
    const settle = (outcome: Omit<RefusedUploadOutcome, 'path' | 'bytes'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A naive client goes on writing until the server closes; a well-behaved one closes once it has the answer.
      if (!keepSending || !outcome.code) req.destroy();
      resolve({ path: upload.path, bytes, ...outcome, msToAnswer: performance.now() - started });
    };
    const timer = setTimeout(() => settle({ status: 0, failure: `no answer within ${timeoutMs} ms` }), timeoutMs);
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: { ...upload.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + fileBytes + tail.length) },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error: NodeJS.ErrnoException) => settle({ status: res.statusCode ?? 0, failure: `answer cut: ${error.code ?? error.message}` }));
      res.on('aborted', () => settle({ status: res.statusCode ?? 0, failure: 'answer cut: aborted' }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          const body = JSON.parse(text) as { code?: unknown; statusCode?: unknown };
          if (typeof body.code !== 'string' || body.statusCode !== res.statusCode) return settle({ status: res.statusCode ?? 0, failure: `not the API's error shape: ${text.slice(0, 80)}` });
          settle({ status: res.statusCode ?? 0, code: body.code });
        } catch {
          settle({ status: res.statusCode ?? 0, failure: `not JSON: ${text.slice(0, 80)}` });
        }
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) settle({ status: 0, failure: error.code ?? error.message });
    });
    req.on('socket', (socket) => socket.once('close', () => options.onClosed?.(performance.now() - started, socket.bytesWritten)));
    // The body goes out in chunks, each after the last drained, as a browser streams a file.
    let left = fileBytes;
    const pump = () => {
      if (!req.write(head)) return void req.once('drain', more);
      more();
    };
    const more = () => {
      while (left > 0 && !req.destroyed && (keepSending || (!answered && !settled))) {
        const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        left -= piece.length;
        if (!req.write(piece)) return void req.once('drain', more);
      }
      if (!req.destroyed && (keepSending || (!answered && !settled))) req.end(tail);
    };
    pump();
  });
}

/** A guest's and a forged request's uploads on every upload route (issue 32's three kinds). */
export function refusedUploadCases(member: { cookie: string }): RefusedUploadCase[] {
  return [
    { path: '/api/songs/new', headers: {} },
    { path: '/api/uploads/songs', headers: {} },
    { path: '/api/songs/new', headers: { cookie: member.cookie, 'x-csrf-token': 'not-the-token' } },
  ];
}

/**
 * Issue 32's measure: each case `perSize` times at every size of REFUSED_UPLOAD_SIZES (3 × 8 × 5 = 120 by
 * default), `concurrency` at a time.
 */
export async function sendRefusedUploads(baseUrl: string, cases: RefusedUploadCase[], options: { perSize?: number; concurrency?: number } = {}): Promise<RefusedUploadOutcome[]> {
  const jobs: (() => Promise<RefusedUploadOutcome>)[] = [];
  for (const upload of cases) for (const bytes of REFUSED_UPLOAD_SIZES) for (let i = 0; i < (options.perSize ?? 8); i++) jobs.push(() => sendRefusedUpload(baseUrl, upload, bytes));
  const outcomes: RefusedUploadOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) outcomes.push(await jobs[next++]!());
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return outcomes;
}

/** The outcomes that were not a whole 4xx JSON answer, grouped for a readable failure message. */
export function refusalFailures(outcomes: RefusedUploadOutcome[]): string[] {
  return outcomes
    .filter((outcome) => !(outcome.status >= 400 && outcome.status < 500 && outcome.code))
    .map((outcome) => `${outcome.path} ${outcome.bytes} B: ${outcome.status || 'no answer'} ${outcome.failure ?? ''}`.trim());
}
