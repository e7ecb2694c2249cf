/**
 * CPU time, storage writes and memory of this benchmark's process tree, by kind of process (Chromium's browser,
 * network service, renderers; the API; the database; this process, which runs the gateway), read from /proc. A phase's
 * cost is the difference of two readings: on a shared machine CPU time moves far less with the load than wall time,
 * and it names who was busy (e.g. what still ran between one download's removal and the next download).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessUsage {
  /** CPU ms (user + system) by kind, since each process started. */
  cpu: Record<string, number>;
  /** Bytes each kind caused to be written to storage (/proc/PID/io write_bytes). */
  written: Record<string, number>;
  /** Resident MB by kind, now. */
  rss: Record<string, number>;
  /** Minor page faults by kind (memory the kernel handed out fresh: a new allocation's first touch). */
  faults: Record<string, number>;
  /** Sectors written to the machine's disk (every process, not only ours), as 512-byte sectors. */
  diskSectors: number;
}

/** Linux's USER_HZ: /proc/PID/stat counts CPU time in ticks of 10 ms. */
const TICK_MS = 10;
const PAGE_MB = 4096 / 1e6;

function kindOf(pid: number): string {
  if (pid === process.pid) return 'bench+gateway';
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  if (command.includes('chromium')) {
    if (command.includes('NetworkService')) return 'network';
    const type = /--type=([a-z-]+)/u.exec(command)?.[1];
    return type ?? 'browser';
  }
  if (command.includes('ferretdb')) return 'db';
  if (command.includes('services/api')) return 'api';
  if (command.includes('ffmpeg')) return 'ffmpeg';
  return 'other';
}

/** This process and every process under it. */
function ourProcesses(): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Ended while listed.
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!ours.has(pid) && ours.has(parent)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  return [...ours];
}

function diskSectors(): number {
  let sectors = 0;
  for (const line of readFileSync('/proc/diskstats', 'utf8').split('\n')) {
    const fields = line.trim().split(/\s+/u);
    // Whole disks only (vda, sda, nvme0n1), not their partitions, zram or loop devices.
    if (/^(?:vd[a-z]|sd[a-z]|nvme\d+n\d+|xvd[a-z])$/u.test(fields[2] ?? '')) sectors += Number(fields[9]);
  }
  return sectors;
}

export function processUsage(): ProcessUsage {
  const usage: ProcessUsage = { cpu: {}, written: {}, rss: {}, faults: {}, diskSectors: diskSectors() };
  const add = (into: Record<string, number>, kind: string, value: number) => {
    into[kind] = (into[kind] ?? 0) + value;
  };
  for (const pid of ourProcesses()) {
    try {
      const kind = kindOf(pid);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      add(usage.cpu, kind, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
      add(usage.rss, kind, Number(fields[21]) * PAGE_MB);
      add(usage.faults, kind, Number(fields[7]));
      const written = /^write_bytes: (\d+)$/mu.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
      add(usage.written, kind, Number(written?.[1] ?? 0));
    } catch {
      // Ended while read.
    }
  }
  return usage;
}

/** What happened between two readings, one line: CPU ms by kind (busiest first), MB written by our processes and the disk. */
export function describeUsage(before: ProcessUsage, after: ProcessUsage): string {
  const cpu = Object.keys(after.cpu)
    .map((kind) => [kind, after.cpu[kind]! - (before.cpu[kind] ?? 0)] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms}`)
    .join(', ');
  const written = Object.keys(after.written).reduce((sum, kind) => sum + Math.max(0, after.written[kind]! - (before.written[kind] ?? 0)), 0);
  // A process started in between counts its whole life, one that ended drops out: fine for the long-lived ones read here.
  const faults = (kind: string) => ((after.faults[kind] ?? 0) - (before.faults[kind] ?? 0)) / 1000;
  const browserRss = (after.rss.browser ?? 0).toFixed(0);
  return `CPU ms ${cpu || 'none'}; our processes wrote ${(written / 1e6).toFixed(1)} MB, the disk ${(((after.diskSectors - before.diskSectors) * 512) / 1e6).toFixed(1)} MB; browser RSS ${browserRss} MB, page faults (thousands) browser ${faults('browser').toFixed(0)}, network ${faults('network').toFixed(0)}, renderers ${faults('renderer').toFixed(0)}`;
}
