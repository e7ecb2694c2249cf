import { ApiException } from './api-exception.js';
import { isId } from './ids.js';

/**
 * Cursors are opaque to clients; inside they are the last id of the previous
 * page, so pages stay stable while rows are added.
 */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isId(id)) throw ApiException.validation({ cursor: 'Invalid cursor.' });
  return id;
}

export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

/** A cursor only when the page came back full; null means there is nothing after it. */
export function nextCursor(rows: { id: string }[], limit: number | undefined): string | null {
  if (!limit || rows.length < limit) return null;
  return encodeCursor(rows[rows.length - 1]!.id);
}
