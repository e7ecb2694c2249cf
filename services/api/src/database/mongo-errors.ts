/** Duplicate-key errors (E11000) from MongoDB and FerretDB alike. */
export function isDuplicateKey(error: unknown): boolean {
  const candidate = error as { code?: number; message?: string } | null;
  return candidate?.code === 11000 || /E11000|duplicate key/i.test(candidate?.message ?? '');
}

/**
 * Runs an insert and answers whether it went in: false when its key was taken (a duplicate-key error); any other
 * error is thrown. The primary key (or a unique index) decides who came first atomically on every engine, also on
 * FerretDB 1.x, whose updates and deletes are a read, then a write (docs/import.md, "Claims on FerretDB").
 */
export async function insertedFirst(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Builds a case-insensitive "contains" regex from user text without letting it act as a pattern. */
export function containsPattern(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}
