import { readdirSync, readFileSync } from 'node:fs';
import { childrenOf } from './memory.js';

/**
 * CPU time of the engine's processes, in ms with nanosecond resolution (Linux /proc/<pid>/task/<tid>/schedstat:
 * its first field is the time the thread ran). On a machine shared with other work, CPU per operation moves far less
 * than wall time does, and it shows which side (engine or driver) an operation costs.
 */

function threadsCpuMs(pid: number): number {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      // thread gone meanwhile
    }
  }
  return total;
}

/**
 * CPU ms used so far by FerretDB and, for PostgreSQL, the postmaster and its children (one backend per connection
 * of FerretDB's pool). Backends that exited between two readings drop out; FerretDB's pool keeps its connections.
 */
export function engineCpuMs(ferretdbPid: number | undefined, postmasterPid: number | undefined): number {
  let total = 0;
  const pids = [ferretdbPid, ...(postmasterPid === undefined ? [] : [postmasterPid, ...childrenOf(postmasterPid)])];
  for (const pid of pids) {
    if (pid === undefined) continue;
    try {
      total += threadsCpuMs(pid);
    } catch {
      // process gone
    }
  }
  return total;
}

/** CPU ms used so far by this Node process (the driver: BSON decoding, cursor handling). */
export function clientCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1_000;
}
