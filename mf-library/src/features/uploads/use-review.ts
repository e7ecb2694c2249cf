import { useCallback, useEffect, useRef, useState } from 'react';
import { checkDuplicates } from './api';
import { hashFile } from './hash-file';
import { readAudio } from '../../lib/read-audio';
import { markDuplicate, pendingRow, readRow, sortPicked, type EditField, type PickedFile, type ReviewRow } from './review';

/** Files read at once: parsing is mostly waiting on the disk, a few in parallel keep it busy without flooding memory. */
const READ_CONCURRENCY = 4;
/** Hashes sent per duplicate check (the API takes up to 1000). */
const CHECK_BATCH = 100;
/** Finished reads are applied together at most this often, so thousands of files cost a few hundred renders, not one each. */
const FLUSH_MS = 150;

export interface Review {
  rows: readonly ReviewRow[];
  /** Files whose tags are still being read. */
  reading: number;
  add: (picked: PickedFile[]) => void;
  edit: (id: string, field: EditField, value: string) => void;
  clear: () => void;
}

/** The review table's rows: added as picked, then filled in as each file is read, hashed and checked. */
export function useReview(read = readAudio): Review {
  const [rows, setRows] = useState<ReviewRow[]>([]);
  const [reading, setReading] = useState(0);
  const generation = useRef(0);
  const pending = useRef(new Map<string, (row: ReviewRow) => ReviewRow>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Counted here and shown at each flush, like the rows: a render per finished file would make a big folder O(n²).
  const unread = useRef(0);

  const flush = useCallback(() => {
    timer.current = null;
    setReading(unread.current);
    const changes = pending.current;
    if (changes.size === 0) return;
    pending.current = new Map();
    setRows((current) => current.map((row) => changes.get(row.id)?.(row) ?? row));
  }, []);

  const change = useCallback(
    (id: string, apply: (row: ReviewRow) => ReviewRow) => {
      const before = pending.current.get(id);
      pending.current.set(id, before ? (row) => apply(before(row)) : apply);
      timer.current ??= setTimeout(flush, FLUSH_MS);
    },
    [flush],
  );

  useEffect(() => () => {
    generation.current++;
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const add = useCallback(
    (picked: PickedFile[]) => {
      const { audio, covers } = sortPicked(picked);
      const added = audio.map((entry) => pendingRow(entry, covers.get(entry.path.slice(0, entry.path.lastIndexOf('/') + 1))));
      if (added.length === 0) return;
      setRows((current) => [...current, ...added]);
      unread.current += added.length;
      setReading(unread.current);
      const mine = generation.current;
      const hashes: { id: string; sha256: string }[] = [];
      const check = async () => {
        const batch = hashes.splice(0);
        if (batch.length === 0) return;
        try {
          const { duplicates } = await checkDuplicates(batch.map((entry) => entry.sha256));
          if (generation.current !== mine) return;
          for (const entry of batch) {
            const songId = duplicates[entry.sha256];
            if (songId) change(entry.id, (row) => markDuplicate(row, songId));
          }
        } catch {
          // The pre-check only saves a transfer: without it, the upload itself answers "duplicate".
        }
      };
      let next = 0;
      const worker = async () => {
        while (next < added.length && generation.current === mine) {
          const row = added[next++]!;
          const reading = await read(row.file).catch(() => ({ format: null, duration: null, tags: {}, picture: null }));
          if (generation.current !== mine) return;
          unread.current--;
          change(row.id, (current) => readRow(current, reading));
          if (reading.format) {
            const sha256 = await hashFile(row.file).catch(() => null);
            if (sha256) hashes.push({ id: row.id, sha256 });
            if (hashes.length >= CHECK_BATCH) await check();
          }
        }
      };
      void Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, added.length) }, worker)).then(check).then(() => {
        if (generation.current === mine) flush();
      });
    },
    [change, flush],
  );

  const edit = useCallback((id: string, field: EditField, value: string) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, values: { ...row.values, [field]: value } } : row)));
  }, []);

  const clear = useCallback(() => {
    generation.current++;
    pending.current = new Map();
    unread.current = 0;
    setRows([]);
    setReading(0);
  }, []);

  return { rows, reading, add, edit, clear };
}
