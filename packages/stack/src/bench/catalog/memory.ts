import { readFileSync } from 'node:fs';

/** Resident (VmRSS) and peak resident (VmHWM) memory of a process in MB, from /proc; undefined when unknown (not local, gone). */
export function rssMb(pid: number | undefined): { rss: number; peak: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return undefined;
  }
}

/** Samples the resident memory of each process every 100 ms while `work` runs; answers the highest sample of each (NaN when unknown). */
export async function sampleRss<T>(pids: (number | undefined)[], work: () => Promise<T>): Promise<{ result: T; maxRssMb: number[] }> {
  const max = pids.map((pid) => rssMb(pid)?.rss ?? NaN);
  const sample = () =>
    pids.forEach((pid, index) => {
      const now = rssMb(pid)?.rss;
      if (now !== undefined && !(now <= max[index]!)) max[index] = now;
    });
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, maxRssMb: max };
  } finally {
    clearInterval(timer);
  }
}
