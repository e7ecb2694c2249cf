import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null = null;

/**
 * A full garbage collection, now. Loading the catalog reads every document of
 * every collection through the driver, and V8, with a multi-gigabyte heap
 * limit on a big machine, lets that garbage pile up long before it collects:
 * measured at 100k songs and 500k playlist entries, 580 MB resident at the
 * peak of a load whose result needs 116 MB. The loader collects every few
 * thousand documents, which bounds the peak by the model plus one stride.
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
