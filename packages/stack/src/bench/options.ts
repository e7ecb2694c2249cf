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

/** `--catalog N [--million]`: the catalog scale benchmark at 1,000, 10,000 and N songs (and 1,000,000); `--quick`: 1,000 and 5,000. */
export interface CatalogScaleOptions {
  sizes: number[];
  quick: boolean;
}

export function parseBenchOptions(argv: string[]): BenchOptions | CatalogScaleOptions {
  const catalogAt = argv.indexOf('--catalog');
  if (catalogAt >= 0) return parseCatalogOptions(argv, catalogAt);
  const unknown = argv.filter((arg) => arg !== '--quick');
  if (unknown.length > 0) throw new Error(`unknown argument(s): ${unknown.join(' ')} (only --quick and --catalog N [--million] are supported)`);
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

function parseCatalogOptions(argv: string[], catalogAt: number): CatalogScaleOptions {
  const largest = Number(argv[catalogAt + 1]);
  if (!Number.isInteger(largest) || largest < 1000) throw new Error('--catalog takes a number of songs, at least 1000 (e.g. --catalog 100000)');
  const rest = argv.filter((arg, index) => index !== catalogAt && index !== catalogAt + 1 && arg !== '--quick' && arg !== '--million');
  if (rest.length > 0) throw new Error(`unknown argument(s): ${rest.join(' ')} (--catalog N takes --million and --quick)`);
  const quick = argv.includes('--quick');
  const million = argv.includes('--million');
  if (quick && million) throw new Error('--quick is a 1,000/5,000-song smoke run; leave out --million');
  const sizes = quick ? [1000, Math.min(largest, 5000)] : [1000, 10_000, largest].filter((size) => size <= largest);
  if (million) sizes.push(1_000_000);
  return { sizes: [...new Set(sizes)].sort((a, b) => a - b), quick };
}
