import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, constants as zlib } from 'node:zlib';
import type { CatalogRecord } from '../persistence/catalog-records.js';

/**
 * A local copy of the read model's records, so a restarted API builds its copy from its own disk and the change
 * feed instead of reading every collection again (decision 0010).
 *
 * Gzipped NDJSON: a header line, then one `[kind, record]` line per record, in the order a load takes them.
 * Written at shutdown, when no request can change the copy any more, to a temporary name and renamed, so a
 * process killed while writing leaves the previous snapshot (or none), never half of one.
 *
 * The header names the change-feed revision the copy reflects and the time logged with that revision. A start
 * uses the snapshot only when the database's log still holds that revision with that time (the same history:
 * not a restored backup or another database) and every revision after it (none trimmed), then applies those
 * changes; anything else is a full load.
 */
export interface SnapshotHeader {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** Every change up to this revision is in the snapshot. */
  revision: number;
  /** The `at` of that revision's log entry (ISO). */
  revisionAt: string;
  writtenAt: string;
  songs: number;
}

const FORMAT = 'tunafy-catalog-snapshot';
// 2: artists (docs/artists.md); 3: songs' loudness (docs/streaming.md); 4: songs' lyrics time (docs/lyrics.md). A
// snapshot of another version is ignored and the catalog loaded whole.
const VERSION = 4;
/** Lines per write: fewer, larger writes to the gzip stream. */
const LINES_PER_WRITE = 512;

export class SnapshotTooSlowError extends Error {}

/**
 * Writes the records, or throws (and leaves no file behind) if it cannot within `budgetMs`: a stopping process
 * has only so long before its orchestrator kills it.
 */
export async function writeSnapshot(file: string, header: Omit<SnapshotHeader, 'format' | 'version' | 'writtenAt'>, records: Iterable<CatalogRecord>, budgetMs: number): Promise<{ bytes: number; ms: number }> {
  const started = Date.now();
  // Replicas sharing a folder (and a pid, in containers) never write the same temporary file.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await mkdir(dirname(file), { recursive: true });
  const gzip = createGzip({ level: zlib.Z_BEST_SPEED });
  // pipeline ends or destroys both streams together, and its promise carries any error of either.
  const written = pipeline(gzip, createWriteStream(temporary));
  try {
    const first: SnapshotHeader = { format: FORMAT, version: VERSION, ...header, writtenAt: new Date().toISOString() };
    gzip.write(`${JSON.stringify(first)}\n`);
    let lines: string[] = [];
    for (const { kind, record } of records) {
      lines.push(JSON.stringify([kind, record]));
      if (lines.length < LINES_PER_WRITE) continue;
      if (Date.now() - started > budgetMs) throw new SnapshotTooSlowError(`the snapshot took longer than ${budgetMs} ms`);
      if (!gzip.write(`${lines.join('\n')}\n`)) await once(gzip, 'drain');
      lines = [];
    }
    if (lines.length > 0) gzip.write(`${lines.join('\n')}\n`);
    gzip.end();
    await written;
    await rename(temporary, file);
    return { bytes: (await stat(file)).size, ms: Date.now() - started };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The snapshot's header and its records (read as they are iterated), or null when there is none or it is not one. */
export async function openSnapshot(file: string): Promise<{ header: SnapshotHeader; records: AsyncIterable<CatalogRecord>; close: () => Promise<void> } | null> {
  try {
    await stat(file);
  } catch {
    return null;
  }
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  try {
    const first = await lines.next();
    const header = first.done ? null : (JSON.parse(first.value) as Partial<SnapshotHeader>);
    if (header?.format !== FORMAT || header.version !== VERSION || typeof header.revision !== 'number' || typeof header.revisionAt !== 'string') {
      await lines.return?.();
      return null;
    }
    const records = async function* (): AsyncGenerator<CatalogRecord> {
      for (;;) {
        const next = await lines.next();
        if (next.done) return;
        if (next.value) yield revive(JSON.parse(next.value) as [CatalogRecord['kind'], Record<string, unknown>]);
      }
    };
    return {
      header: header as SnapshotHeader,
      records: records(),
      close: async () => {
        await lines.return?.();
      },
    };
  } catch {
    // Not gzip, not JSON: a file this code did not write. A full load is always correct.
    await lines.return?.();
    return null;
  }
}

/** JSON has no dates: the records' Date fields come back as strings. The file is our own, written by writeSnapshot. */
function revive([kind, record]: [CatalogRecord['kind'], Record<string, unknown>]): CatalogRecord {
  const withDate = (field: string) => ({ ...record, [field]: new Date(record[field] as string) }) as unknown;
  switch (kind) {
    case 'album':
    case 'playlist':
      return { kind, record: withDate('createdAt') } as CatalogRecord;
    case 'entry':
      return { kind, record: withDate('addedAt') } as CatalogRecord;
    case 'like':
      return { kind, record: withDate('likedAt') } as CatalogRecord;
    case 'user':
    case 'song':
    case 'artist':
      return { kind, record: record as unknown } as CatalogRecord;
    default:
      throw new Error(`not a catalog record: ${String(kind)}`);
  }
}
