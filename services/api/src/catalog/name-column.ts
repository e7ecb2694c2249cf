/**
 * Names as UTF-8 bytes outside V8's heap, each at its slot's start and length: 100,000 names as strings held ~4.7 MB
 * of heap, which the old generation's growth under load multiplies by ~1.5 (docs/benchmarks.md, "Where the memory
 * is"); a record decodes its name when it is made. A rename appends; the bytes left behind are dropped by compaction.
 */
export class NameColumn {
  private bytes = Buffer.allocUnsafeSlow(0);
  private starts: Int32Array = new Int32Array(0);
  private lengths: Int32Array = new Int32Array(0);
  private end = 0;
  private garbage = 0;

  get(slot: number): string {
    const start = this.starts[slot]!;
    return this.bytes.toString('utf8', start, start + this.lengths[slot]!);
  }

  /** Slots below `used` are the ones compaction keeps (the table's slots ever handed out). */
  set(slot: number, name: string, used: number): void {
    this.garbage += this.lengths[slot]!;
    this.lengths[slot] = 0;
    const length = Buffer.byteLength(name);
    if (this.end + length > this.bytes.length) {
      // Bytes left by renames and deletes are dropped first once they are a quarter of the buffer.
      if (this.garbage > this.bytes.length / 4) this.compact(used, length);
      if (this.end + length > this.bytes.length) this.move(Math.max(this.end + length, Math.ceil(this.bytes.length * 1.5), 1024));
    }
    this.bytes.write(name, this.end, 'utf8');
    this.starts[slot] = this.end;
    this.lengths[slot] = length;
    this.end += length;
  }

  /** Rewrites the live names of slots below `used` into a buffer of their size (plus `spare` bytes), in slot order. */
  compact(used: number, spare = 0): void {
    const next = Buffer.allocUnsafeSlow(this.end - this.garbage + spare);
    let end = 0;
    for (let slot = 0; slot < used; slot++) {
      const start = this.starts[slot]!;
      const length = this.lengths[slot]!;
      this.bytes.copy(next, end, start, start + length);
      this.starts[slot] = end;
      end += length;
    }
    this.bytes = next;
    this.end = end;
    this.garbage = 0;
  }

  /** Room for `slots` slots; names of slots past it are gone (the table only shrinks to its used slots). */
  resize(slots: number): void {
    const grow = (column: Int32Array): Int32Array => {
      const next = new Int32Array(slots);
      next.set(column.subarray(0, Math.min(column.length, slots)));
      return next;
    };
    this.starts = grow(this.starts);
    this.lengths = grow(this.lengths);
  }

  private move(size: number): void {
    const next = Buffer.allocUnsafeSlow(size);
    this.bytes.copy(next, 0, 0, this.end);
    this.bytes = next;
  }
}
