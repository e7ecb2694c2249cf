/**
 * Files up to this size are hashed whole by crypto.subtle (native, the fastest), which needs the file in memory;
 * bigger ones (a 24-bit WAV is 50–300 MB) are hashed chunk by chunk with hash-wasm, loaded only then, so memory stays
 * at one chunk whatever the file.
 */
export const WHOLE_HASH_BYTES_MAX = 64 * 1024 * 1024;
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The SHA-256 of the whole file, lower-case hex, as POST /api/uploads/check takes it; null when no hashing is available. */
export async function hashFile(file: Blob, { wholeMax = WHOLE_HASH_BYTES_MAX, chunk = CHUNK_BYTES } = {}): Promise<string | null> {
  if (file.size <= wholeMax && globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }
  const { createSHA256 } = await import('hash-wasm');
  const hasher = await createSHA256();
  hasher.init();
  for (let offset = 0; offset < file.size; offset += chunk) hasher.update(new Uint8Array(await file.slice(offset, offset + chunk).arrayBuffer()));
  return hasher.digest('hex');
}
