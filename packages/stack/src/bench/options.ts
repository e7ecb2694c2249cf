/** Durations and sizes of one `npm run bench` run; `--quick` is a smoke run that proves the wiring, not a measurement. */
export interface BenchOptions {
  quick: boolean;
  /** Songs in the catalog for the list benchmark. */
  songCount: number;
  /** autocannon connections for GET /api/songs. */
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Size of the streamed mp3. */
  audioBytes: number;
  /** Concurrent Range streams per round. */
  streams: number;
  /** Measured warm rounds (after one unmeasured round). */
  warmRounds: number;
  /** API restarts with an emptied media cache, one cold round each. */
  coldRuns: number;
  /** Raw GridFS reads through the driver, for context. */
  gridfsReads: number;
}

export function parseBenchOptions(argv: string[]): BenchOptions {
  const unknown = argv.filter((arg) => arg !== '--quick');
  if (unknown.length > 0) throw new Error(`unknown argument(s): ${unknown.join(' ')} (only --quick is supported)`);
  const quick = argv.includes('--quick');
  return {
    quick,
    songCount: 1000,
    connections: 50,
    warmupSeconds: quick ? 1 : 2,
    durationSeconds: quick ? 3 : 10,
    audioBytes: 5 * 1024 * 1024,
    streams: 20,
    warmRounds: quick ? 3 : 30,
    coldRuns: quick ? 1 : 3,
    gridfsReads: quick ? 1 : 3,
  };
}
