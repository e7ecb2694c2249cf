import { describe, expect, it } from 'vitest';
import { RefList } from './ref-list.js';

/** An ObjectId made at `seconds` with a running counter, as the API and the catalog grower make them. */
const idAt = (seconds: number, counter: number) => seconds.toString(16).padStart(8, '0') + 'abcdef1234' + counter.toString(16).padStart(6, '0');

describe('RefList times (milliseconds past the id\'s second, odd ones kept aside)', () => {
  it('gives back every time exactly through adds, keyed moves, removals and compaction', () => {
    const list = new RefList();
    const base = 1_735_689_600; // 2025-01-01, in seconds
    const expected = new Map<string, number>();
    const cases = [
      (n: number) => (base + n) * 1000 + (n % 1000), // made with its id, the usual case
      (n: number) => (base + n) * 1000, // the catalog grower's: the id's own second
      () => Date.UTC(1999, 11, 31, 23, 59, 59, 999), // decades before its id
      (n: number) => (base + n) * 1000 + 40 * 86_400_000, // weeks after (beyond 32 bits of milliseconds)
      () => Number.NaN, // an invalid date, kept as one
    ];
    for (let n = 0; n < 200; n++) {
      const id = idAt(base + n, n);
      const time = cases[n % cases.length]!(n);
      list.put(id, n, new Date(time));
      expected.set(id, time);
    }
    // Moves give keys (the list becomes keyed) and go through a remove and a put of the same reference.
    for (let n = 0; n < 200; n += 7) expect(list.move(n, idAt(base + n, n), `a${String(n).padStart(3, '0')}`)).toBe(true);
    for (let n = 3; n < 200; n += 11) list.removeSlot(n), expected.delete(idAt(base + n, n));
    list.compact();
    const read = (position: number) => [list.idAt(position), list.timeAt(position).getTime()] as const;
    const times = new Map(Array.from({ length: list.length }, (_, position) => read(position)));
    expect(times).toEqual(expected);
    // A removed odd time leaves nothing behind that a later reference with that id would read.
    const gone = idAt(base + 3, 3);
    list.put(gone, 3, new Date((base + 3) * 1000 + 5));
    expect(list.timeAt(list.positionOfId(gone)).getTime()).toBe((base + 3) * 1000 + 5);
  });
});
