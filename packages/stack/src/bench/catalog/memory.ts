import { readFileSync } from 'node:fs';

/** Resident and peak resident memory of a process in MB, from /proc (undefined when unknown). */
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

/** Samples a process's resident memory every 100 ms while `work` runs; answers the highest sample. */
export async function sampleRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; maxRssMb: number }> {
  let max = rssMb(pid)?.rss ?? NaN;
  const timer = setInterval(() => {
    const now = rssMb(pid)?.rss;
    if (now !== undefined && !(now <= max)) max = now;
  }, 100);
  try {
    return { result: await work(), maxRssMb: max };
  } finally {
    clearInterval(timer);
  }
}
