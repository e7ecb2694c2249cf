/** Nearest-rank percentile of unsorted samples (p in 0..100). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function median(samples: number[]): number {
  return percentile(samples, 50);
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(value >= 10 ? 1 : 2)} ms`;
}

export function mbps(bytesPerSecond: number): string {
  return Number.isFinite(bytesPerSecond) ? `${(bytesPerSecond / 1024 ** 2).toFixed(1)} MB/s` : '-';
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '-';
}

/** A plain text table: first row is the header, columns padded to fit. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
