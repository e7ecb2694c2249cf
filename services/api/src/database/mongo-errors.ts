/** Duplicate-key errors (E11000) from MongoDB and FerretDB alike. */
export function isDuplicateKey(error: unknown): boolean {
  const candidate = error as { code?: number; message?: string } | null;
  return candidate?.code === 11000 || /E11000|duplicate key/i.test(candidate?.message ?? '');
}

/** Builds a case-insensitive "contains" regex from user text without letting it act as a pattern. */
export function containsPattern(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}
