import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Memory of the engine's processes from Linux /proc. PostgreSQL runs a postmaster plus one process per connection
 * and a few helpers that all map the same shared buffers, so their RSS cannot be added up: PSS (each shared page
 * divided among the processes that map it) can.
 */

export interface Memory {
  /** Resident set now, MiB (for PostgreSQL: the sum of PSS over the postmaster and its children). */
  nowMiB: number;
  /** Peak resident set (VmHWM) of the single process, MiB; for PostgreSQL the largest process's peak. */
  peakMiB: number;
  processes: number;
}

function statusField(pid: number, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

function pssMiB(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) / 1024 : statusField(pid, 'VmRSS');
  } catch {
    return statusField(pid, 'VmRSS');
  }
}

export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

export function processMemory(pid: number | undefined): Memory | undefined {
  if (pid === undefined) return undefined;
  try {
    return { nowMiB: statusField(pid, 'VmRSS'), peakMiB: statusField(pid, 'VmHWM'), processes: 1 };
  } catch {
    return undefined;
  }
}

export function postgresqlMemory(postmasterPid: number | undefined): Memory | undefined {
  if (postmasterPid === undefined) return undefined;
  try {
    const pids = [postmasterPid, ...childrenOf(postmasterPid)];
    return {
      nowMiB: pids.reduce((sum, pid) => sum + pssMiB(pid), 0),
      peakMiB: Math.max(...pids.map((pid) => statusField(pid, 'VmHWM'))),
      processes: pids.length,
    };
  } catch {
    return undefined;
  }
}

/** Bytes under a folder (the engine's files on disk). */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    try {
      if (entry.isDirectory()) total += folderBytes(path);
      else if (entry.isFile()) total += statSync(path).size;
    } catch {
      // removed meanwhile (WAL segments, temp files)
    }
  }
  return total;
}
