import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGateway } from '../gateway.js';
import { sendRefusedUpload } from '../refused-uploads.js';
import { withBenchApi } from './bench-api.js';
import { cpuMs } from './process-cpu.js';
import { median } from './stats.js';

/** Issue 32's measure: what a refused 300 MB upload costs the API (a guest's bulk upload, refused by the guards). */
const BODY_BYTES = 300 * 1024 * 1024;
const RUNS = 5;

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
}

interface Run {
  status: number;
  msToAnswer: number;
  /** Until the API closed the connection: the wall time the refused request held it. */
  msToClose: number;
  bytesWritten: number;
  rssGrowth: number;
  apiCpuMs: number;
}

/** `npm run bench -- --refused-upload`: each way in, each client kind, RUNS times; prints medians and worst cases. */
export async function runRefusedUploadBench(progress: (line: string) => void): Promise<void> {
  await withBenchApi('refused', progress, async ({ api, scratch, loadAtStart, cleanups }) => {
    const gateway = await startGateway({ apiUrl: api.url, apps: { shell: join(scratch, 'shell') }, log: () => undefined });
    cleanups.push(() => gateway.stop());
    const pid = api.child.pid!;

    const lines = [`Refused 300 MB upload (guest POST /api/uploads/songs), ${RUNS} runs each, load ${loadAtStart.toFixed(2)} at start`];
    lines.push('way in | client | answers | answer ms (median / max) | API holds the connection ms (median / max) | MB sent | API RSS growth MB (max) | API CPU ms (median)');
    for (const [way, url] of [['API', api.url], ['development gateway', gateway.url]] as const) {
      for (const keepSending of [false, true]) {
        const runs: Run[] = [];
        // One unmeasured run first: the first request of a route pays for its code's first compile.
        for (let run = -1; run < RUNS; run++) {
          const rssBefore = rssBytes(pid);
          const cpuBefore = cpuMs(pid) ?? 0;
          let peak = rssBefore;
          const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 5);
          let closed: { ms: number; bytesWritten: number } | undefined;
          const outcome = await sendRefusedUpload(url, { path: '/api/uploads/songs', headers: {} }, BODY_BYTES, {
            keepSending,
            timeoutMs: 60_000,
            onClosed: (ms, bytesWritten) => (closed = { ms, bytesWritten }),
          });
          while (!closed) await new Promise((resolve) => setTimeout(resolve, 5));
          // The API's own work ends with its socket; give its last tick a moment before reading its counters.
          await new Promise((resolve) => setTimeout(resolve, 50));
          clearInterval(sampler);
          peak = Math.max(peak, rssBytes(pid));
          if (run >= 0) runs.push({ status: outcome.status, msToAnswer: outcome.msToAnswer ?? NaN, msToClose: closed.ms, bytesWritten: closed.bytesWritten, rssGrowth: peak - rssBefore, apiCpuMs: (cpuMs(pid) ?? 0) - cpuBefore });
        }
        const statuses = [...new Set(runs.map((run) => run.status))].join(', ');
        const answered = runs.filter((run) => run.status >= 400 && run.status < 500).length;
        const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
        lines.push(
          [
            way,
            keepSending ? 'keeps sending' : 'stops when answered',
            `${answered}/${RUNS} (${statuses})`,
            `${median(runs.map((run) => run.msToAnswer)).toFixed(0)} / ${Math.max(...runs.map((run) => run.msToAnswer)).toFixed(0)}`,
            `${median(runs.map((run) => run.msToClose)).toFixed(0)} / ${Math.max(...runs.map((run) => run.msToClose)).toFixed(0)}`,
            mb(median(runs.map((run) => run.bytesWritten))),
            mb(Math.max(...runs.map((run) => run.rssGrowth))),
            median(runs.map((run) => run.apiCpuMs)).toFixed(0),
          ].join(' | '),
        );
        progress(lines.at(-1)!);
      }
    }
    console.log(lines.join('\n'));
  });
}
