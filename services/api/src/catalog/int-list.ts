/**
 * A growable list of 32-bit integers (song slots) in one typed array: an album's songs in album order cost
 * 4 bytes each instead of an 8-byte pointer to a record object.
 */
export class IntList {
  private data = new Int32Array(0);
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

  compact(): void {
    if (this.data.length !== this.count) this.data = this.data.slice(0, this.count);
  }

  private reserve(count: number): void {
    if (count <= this.data.length) return;
    const data = new Int32Array(Math.max(4, count, Math.ceil(this.data.length * 1.5)));
    data.set(this.view());
    this.data = data;
  }
}
