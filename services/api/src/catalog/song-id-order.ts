import { compareIds, ID_BYTES } from './object-ids.js';

/**
 * The song table's live slots ascending by song id, searched by binary search over the table's id column (passed in,
 * since the table reallocates it as it grows): one Int32 per song instead of a sorted array of records or strings.
 */
export class SongIdOrder {
  private slots = new Int32Array(0);
  private count = 0;
  /** Set while slots are appended unordered (loading); `sort()` ends it. */
  private unordered = false;

  get size(): number {
    return this.count;
  }

  /** Room the order holds, live or not. */
  get capacity(): number {
    return this.slots.length;
  }

  /** The slot at a position of the id order. */
  at(position: number): number {
    return this.slots[position]!;
  }

  /** First position whose id is not below `target` (12 bytes at 0). */
  positionNotBelow(ids: Uint8Array, target: Uint8Array): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareIds(ids, this.slots[middle]! * ID_BYTES, target, 0) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** First position whose id sorts after `target` (12 bytes at 0). */
  positionAbove(ids: Uint8Array, target: Uint8Array): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareIds(ids, this.slots[middle]! * ID_BYTES, target, 0) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Places a slot whose id is already in `ids`; the caller has reserved room for one more. */
  insert(ids: Uint8Array, slot: number): void {
    if (this.unordered || this.count === 0 || compareIds(ids, this.slots[this.count - 1]! * ID_BYTES, ids, slot * ID_BYTES) < 0) {
      this.slots[this.count++] = slot;
      return;
    }
    const position = this.positionNotBelow(ids, ids.subarray(slot * ID_BYTES, (slot + 1) * ID_BYTES));
    this.slots.copyWithin(position + 1, position, this.count);
    this.slots[position] = slot;
    this.count++;
  }

  delete(ids: Uint8Array, slot: number): void {
    const position = this.positionNotBelow(ids, ids.subarray(slot * ID_BYTES, (slot + 1) * ID_BYTES));
    if (this.slots[position] !== slot) throw new Error(`slot ${slot} is not live`);
    this.slots.copyWithin(position, position + 1, this.count);
    this.count--;
  }

  /** Appends without keeping the order, for a load of many songs; call sort() after the last one. */
  beginUnordered(): void {
    this.unordered = true;
  }

  /** Sorts the order once (a load's songs come in any order). */
  sort(ids: Uint8Array): void {
    this.unordered = false;
    this.slots.subarray(0, this.count).sort((a, b) => compareIds(ids, a * ID_BYTES, ids, b * ID_BYTES));
  }

  /** Reallocates to room for `live` slots, keeping the live ones. */
  resize(live: number): void {
    if (live === this.slots.length) return;
    const slots = new Int32Array(live);
    slots.set(this.slots.subarray(0, this.count));
    this.slots = slots;
  }
}
