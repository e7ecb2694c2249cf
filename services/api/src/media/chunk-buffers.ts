/** Reused read buffers for the media paths that move whole files (streaming to listeners, storing uploads). */

/**
 * Bytes read per chunk: with Node's default 64 KiB, per-chunk work (allocation, stream events, socket writes) was the
 * largest cost of streaming a song (docs/decisions/0012-local-media-copy-per-process.md).
 */
export const STREAM_CHUNK_BYTES = 256 * 1024;

/**
 * Chunk buffers a stream borrows and gives back once the socket (or the GridFS writer) has let go of them: a new
 * buffer per chunk is memory outside V8's heap that only a full collection of the whole heap frees, and streams and
 * uploads made V8 collect that often (docs/benchmarks.md, "Audio", session 9). Kept up to SPARE_CHUNKS_MAX (8 MiB); a
 * stream beyond that allocates and lets go.
 */
const spareChunks: Buffer[] = [];
const SPARE_CHUNKS_MAX = 32;

export function borrowChunk(): Buffer {
  return spareChunks.pop() ?? Buffer.allocUnsafeSlow(STREAM_CHUNK_BYTES);
}

export function giveBack(chunk: Buffer): void {
  if (spareChunks.length < SPARE_CHUNKS_MAX) spareChunks.push(chunk);
}

/** Spare chunk buffers now (tests). */
export function spareChunkCount(): number {
  return spareChunks.length;
}
