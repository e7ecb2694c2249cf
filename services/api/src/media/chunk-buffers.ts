/** Reused read buffers for the media paths that move whole files (streaming to listeners, storing uploads). */

/**
 * Bytes read per chunk. Node's default (64 KiB) made per-chunk work (buffer
 * allocation, stream events, socket writes) the largest cost of streaming a
 * song; 256 KiB quartered it for a quarter MiB of memory per open stream
 * (measured in docs/benchmarks.md).
 */
export const STREAM_CHUNK_BYTES = 256 * 1024;

/**
 * Chunk buffers a stream borrows and gives back once the socket (or the GridFS writer) has let go of them. A read stream allocates a new
 * 256 KiB buffer per chunk, memory outside V8's heap that only a garbage collection frees, and V8 collects the whole
 * heap when enough of it piles up: the bench's 20 concurrent Range streams spent as much CPU in the collector as in
 * reading the file (1.4 ms per 2.5 MiB stream, ~25 % of the API's time there; more with a bigger catalog in the heap);
 * an upload's spool read into GridFS was one of the five copies of its bytes that made the API collect twice per
 * 4-minute track (docs/import.md).
 * Kept up to SPARE_CHUNKS_MAX (8 MiB); a stream beyond that allocates and lets go as before.
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
