import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null = null;

/**
 * A full garbage collection, now. Loading the catalog makes garbage of every document it reads, which V8 would let
 * pile up far past the model's own size; the loader collects every stride of documents, so the peak is the model plus
 * one stride (docs/decisions/0011-columnar-song-store-and-memory-limits.md).
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/** Calls collectGarbage() once every `stride` calls of `tick()`. */
export class GarbageStride {
  private count = 0;

  constructor(private readonly stride: number) {}

  tick(): void {
    if (++this.count % this.stride === 0) collectGarbage();
  }
}
