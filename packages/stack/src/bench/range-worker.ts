/**
 * Worker: rounds of concurrent Range requests (`bytes=<start>-`), like
 * players seeking into the middle of a song. Each round starts `concurrency`
 * requests together and ends when the last one has all its bytes. Measures
 * the time to the first body byte of every request and each round's wall
 * time; checks status, length and (first measured round) content.
 */
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface RangeInput {
  url: string;
  start: number;
  expectedBytes: number;
  expectedSha1: string;
  concurrency: number;
  /** Unmeasured rounds first (connections opened, caches filled). */
  warmupRounds: number;
  rounds: number;
  headers: Record<string, string>;
}

export interface RangeResult {
  /** Request start to first body byte, per request. */
  ttfbMs: number[];
  /** Request start to last byte, per request. */
  totalMs: number[];
  roundMs: number[];
  bytes: number;
}

const input = JSON.parse(process.argv[2]!) as RangeInput;
// Keep-alive like a browser; one socket per concurrent stream.
const agent = new Agent({ keepAlive: true, maxSockets: input.concurrency });

function fetchRange(check: boolean): Promise<{ ttfb: number; total: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const req = request(input.url, { agent, headers: { ...input.headers, range: `bytes=${input.start}-` } }, (res) => {
      if (res.statusCode !== 206) {
        res.resume();
        reject(new Error(`expected 206, got ${res.statusCode} from ${input.url}`));
        return;
      }
      let ttfb = 0;
      let bytes = 0;
      const hash = check ? createHash('sha1') : null;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) ttfb = performance.now() - began;
        bytes += chunk.length;
        hash?.update(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        if (bytes !== input.expectedBytes) return reject(new Error(`got ${bytes} bytes, expected ${input.expectedBytes}`));
        if (hash && hash.digest('hex') !== input.expectedSha1) return reject(new Error('the streamed bytes differ from the uploaded file'));
        resolve({ ttfb, total: performance.now() - began, bytes });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const result: RangeResult = { ttfbMs: [], totalMs: [], roundMs: [], bytes: 0 };
for (let round = 0; round < input.warmupRounds + input.rounds; round++) {
  const measured = round >= input.warmupRounds;
  const began = performance.now();
  const streams = await Promise.all(Array.from({ length: input.concurrency }, () => fetchRange(round === input.warmupRounds)));
  const elapsed = performance.now() - began;
  if (!measured) continue;
  result.roundMs.push(elapsed);
  for (const stream of streams) {
    result.ttfbMs.push(stream.ttfb);
    result.totalMs.push(stream.total);
    result.bytes += stream.bytes;
  }
}
agent.destroy();
console.log(JSON.stringify(result));
