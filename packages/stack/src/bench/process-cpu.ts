import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/**
 * CPU time used by processes, from Linux /proc (undefined elsewhere). CPU
 * milliseconds per request are far steadier than requests per second on a
 * machine that other work shares, and show which process a request costs.
 */
const CLOCK_TICKS_PER_SECOND = 100;

export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the whole line.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The process listening on a local TCP port (the database engine, whose launcher does not expose its pid). */
export function pidListeningOn(port: number): number | undefined {
  try {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const columns = line.trim().split(/\s+/);
        // local_address is HEXIP:HEXPORT; state 0A is LISTEN; column 9 is the socket inode.
        if (columns[1]?.endsWith(`:${hexPort}`) && columns[3] === '0A') inodes.add(columns[9]!);
      }
    }
    if (inodes.size === 0) return undefined;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${entry}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`));
          if (match && inodes.has(match[1]!)) return Number(entry);
        } catch {
          // closed meanwhile
        }
      }
    }
  } catch {
    // not Linux, or /proc not readable
  }
  return undefined;
}

/** Runs `work` and answers its result with the CPU milliseconds each pid used meanwhile (undefined where unknown). */
export async function withCpu<T>(pids: (number | undefined)[], work: () => Promise<T>): Promise<{ result: T; cpu: (number | undefined)[] }> {
  const before = pids.map(cpuMs);
  const result = await work();
  const cpu = pids.map((pid, index) => {
    const after = cpuMs(pid);
    const start = before[index];
    return after === undefined || start === undefined ? undefined : after - start;
  });
  return { result, cpu };
}
