import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchSession } from './api-session.js';
import type { LoadInput, LoadResult } from './load-worker.js';
import type { BenchOptions } from './options.js';
import { withCpu } from './process-cpu.js';
import { runWorker, startWorkerServer } from './workers.js';

/** What a load run cost the serving processes, in CPU milliseconds per request (undefined off Linux). */
export interface CpuPerRequest {
  server?: number;
  database?: number;
}

export interface ListComparison {
  label: string;
  /** The identity JSON the target is defined on (no Accept-Encoding). */
  identity: boolean;
  bodyBytes: number;
  api: LoadResult & { cpu: CpuPerRequest };
  bare: LoadResult & { cpu: CpuPerRequest };
}

export interface ApiTarget {
  session: BenchSession;
  apiPid: number | undefined;
  databasePid: number | undefined;
}

/**
 * GET /api/songs under autocannon, then a bare node:http server answering
 * the very bytes (and Content-Type, and Content-Encoding) the API answered,
 * under the same load from the same kind of load-generator process.
 */
export async function benchSongsList(
  target: ApiTarget,
  options: BenchOptions,
  scratchDir: string,
  variant: { label: string; acceptEncoding?: string },
): Promise<ListComparison> {
  const { session } = target;
  const headers: Record<string, string> = { cookie: session.cookieHeader };
  if (variant.acceptEncoding) headers['accept-encoding'] = variant.acceptEncoding;
  const sample = await session.getRaw('/api/songs', headers);
  if (sample.status !== 200) throw new Error(`GET /api/songs answered ${sample.status}`);

  const bodyFile = join(scratchDir, `songs-${variant.acceptEncoding ? 'encoded' : 'identity'}.body`);
  await writeFile(bodyFile, sample.body);
  const bareHeaders: Record<string, string> = sample.contentEncoding ? { 'Content-Encoding': sample.contentEncoding } : {};
  const bare = await startWorkerServer('bare-server', { mode: 'bytes', file: bodyFile, contentType: sample.contentType, headers: bareHeaders });
  try {
    const load = async (url: string, pids: (number | undefined)[]) => {
      const input: LoadInput = {
        url,
        connections: options.connections,
        warmupSeconds: options.warmupSeconds,
        durationSeconds: options.durationSeconds,
        headers,
      };
      const { result, cpu } = await withCpu(pids, () => runWorker<LoadResult>('load-worker', input));
      const perRequest = (ms: number | undefined) => (ms === undefined ? undefined : ms / result.allRequests);
      return { ...result, cpu: { server: perRequest(cpu[0]), database: perRequest(cpu[1]) } };
    };
    const api = await load(`${session.baseUrl}/api/songs`, [target.apiPid, target.databasePid]);
    const bareResult = await load(`${bare.url}/api/songs`, [bare.pid]);
    for (const [name, result] of [['API', api], ['bare server', bareResult]] as const) {
      if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
        throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts under load`);
      }
    }
    return { label: variant.label, identity: !variant.acceptEncoding, bodyBytes: sample.body.length, api, bare: bareResult };
  } finally {
    await bare.stop();
  }
}
