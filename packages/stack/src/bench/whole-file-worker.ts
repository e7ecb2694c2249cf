/**
 * Worker: rounds of whole-file GETs, like apps downloading songs for offline play or players fetching a song from its
 * start. Each round starts `concurrency` requests together, each for the next file in turn, and ends when the last
 * has all its bytes. Checks status 200, length and (first measured round) content; answers bytes and wall time.
 */
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface WholeFileTarget {
  url: string;
  bytes: number;
  sha1: string;
}

export interface WholeFileInput {
  files: WholeFileTarget[];
  headers: Record<string, string>;
  concurrency: number;
  /** Unmeasured rounds first (connections opened, caches filled). */
  warmupRounds: number;
  rounds: number;
}

export interface WholeFileResult {
  bytes: number;
  /** Wall time of the measured rounds together. */
  ms: number;
  requests: number;
}

const input = JSON.parse(process.argv[2]!) as WholeFileInput;
// Keep-alive like an app; one socket per concurrent read.
const agent = new Agent({ keepAlive: true, maxSockets: input.concurrency });

function read(file: WholeFileTarget, check: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(file.url, { agent, headers: input.headers }, (res) => {
      if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('audio/')) {
        res.resume();
        reject(new Error(`expected 200 with audio, got ${res.statusCode} ${res.headers['content-type']} from ${file.url.replace(/apiKey=[^&]*/u, 'apiKey=…')}`));
        return;
      }
      let bytes = 0;
      const hash = check ? createHash('sha1') : null;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        hash?.update(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        if (bytes !== file.bytes) return reject(new Error(`got ${bytes} bytes, expected ${file.bytes}`));
        if (hash && hash.digest('hex') !== file.sha1) return reject(new Error('the bytes differ from the uploaded file'));
        resolve(bytes);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const result: WholeFileResult = { bytes: 0, ms: 0, requests: 0 };
let next = 0;
for (let round = 0; round < input.warmupRounds + input.rounds; round++) {
  const measured = round >= input.warmupRounds;
  const began = performance.now();
  const reads = await Promise.all(Array.from({ length: input.concurrency }, () => read(input.files[next++ % input.files.length]!, round === input.warmupRounds)));
  if (!measured) continue;
  result.ms += performance.now() - began;
  result.requests += reads.length;
  for (const bytes of reads) result.bytes += bytes;
}
agent.destroy();
console.log(JSON.stringify(result));
