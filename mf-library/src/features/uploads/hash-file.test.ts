// @vitest-environment node
// Node's Blob has arrayBuffer() and slice(), as browsers do (jsdom's has neither).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashFile } from './hash-file';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('hashFile', () => {
  it('hashes a file whole, or chunk by chunk past the size limit, to the same SHA-256 the server computes', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 17).map((_, index) => (index * 131) % 251);
    const file = new Blob([bytes]);
    expect(await hashFile(file)).toBe(sha256(bytes));
    // Chunks that do not divide the size, and a last short one.
    expect(await hashFile(file, { wholeMax: 1024, chunk: 1024 * 1024 })).toBe(sha256(bytes));
    expect(await hashFile(new Blob([]), { wholeMax: -1 })).toBe(sha256(new Uint8Array(0)));
  });
});
