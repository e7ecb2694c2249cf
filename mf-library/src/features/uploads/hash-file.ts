/**
 * Files up to this size are hashed for the duplicate pre-check. crypto.subtle
 * digests a whole buffer at once, so a file is held in memory while hashed;
 * larger ones go without a pre-check and the upload answers "duplicate".
 */
export const HASH_BYTES_MAX = 64 * 1024 * 1024;

/** The SHA-256 of the whole file, lower-case hex, as POST /api/uploads/check takes it; null when too big or unavailable. */
export async function hashFile(file: Blob): Promise<string | null> {
  if (file.size > HASH_BYTES_MAX || !globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
