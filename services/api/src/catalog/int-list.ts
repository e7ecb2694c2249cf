/** Lists up to this many values live in shared slabs (see allocate); longer ones get an ArrayBuffer of their own. */
const POOLED_MAX = 256;
const SLAB_VALUES = 16_384;
let slab: Int32Array = new Int32Array(0);
let slabUsed = 0;
/** What an empty list holds: nothing is ever written to it (a write reserves room first). */
const EMPTY: Int32Array = new Int32Array(0);

/**
 * Room for `capacity` values. A short list's array is a view into a shared 64 KB slab, as Node pools small
 * Buffers: an ArrayBuffer of its own costs ~250 bytes beside its values (the object, V8's backing store record and
 * malloc's), more than an album's dozen songs. Room a list grew out of stays unused until its slab's last view goes
 * (compact() moves every list into fresh room).
 */
function allocate(capacity: number): Int32Array {
  if (capacity === 0) return EMPTY;
  if (capacity > POOLED_MAX) return new Int32Array(capacity);
  if (slabUsed + capacity > slab.length) {
    slab = new Int32Array(SLAB_VALUES);
    slabUsed = 0;
  }
  const view = slab.subarray(slabUsed, slabUsed + capacity);
  slabUsed += capacity;
  return view;
}

/**
 * A growable list of 32-bit integers (song slots) in one typed array: an album's songs in album order cost
 * 4 bytes each instead of an 8-byte pointer to a record object.
 */
export class IntList {
  private data: Int32Array = EMPTY;
  private count = 0;

  get length(): number {
    return this.count;
  }

  at(position: number): number {
    return this.data[position]!;
  }

  push(value: number): void {
    this.reserve(this.count + 1);
    this.data[this.count++] = value;
  }

  insert(position: number, value: number): void {
    this.reserve(this.count + 1);
    this.data.copyWithin(position + 1, position, this.count);
    this.data[position] = value;
    this.count++;
  }

  removeAt(position: number): void {
    this.data.copyWithin(position, position + 1, this.count);
    this.count--;
  }

  indexOf(value: number): number {
    return this.view().indexOf(value);
  }

  /** The live values (a view: valid until the next change). */
  view(): Int32Array {
    return this.data.subarray(0, this.count);
  }

  /** Drops spare room; a pooled list moves even when it has none, so the slabs the load filled can all go. */
  compact(): void {
    if (this.data.length === this.count && this.count > POOLED_MAX) return;
    const data = allocate(this.count);
    data.set(this.view());
    this.data = data;
  }

  private reserve(count: number): void {
    if (count <= this.data.length) return;
    const data = allocate(Math.max(4, count, Math.ceil(this.data.length * 1.5)));
    data.set(this.view());
    this.data = data;
  }
}
