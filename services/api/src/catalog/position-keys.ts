/**
 * A playlist entry's position (a fractional-indexing key: base-62 ASCII, compared as strings) packed into two
 * 32-bit words, so a list holds 8 bytes per entry instead of a string (24+ bytes of heap and a pointer each).
 *
 * The words compare as the strings do: bytes 0-6 are the first seven characters (0 past the end, below every
 * digit), byte 7 is the eighth character doubled plus one bit that says the key goes on past it. Doubling keeps
 * that bit below the next character's step, so a longer key still sorts by its eighth character first and after
 * the eight-character key it extends. Keys this long take some thirty moves into the same gap; two that agree
 * in their first eight characters are told apart by their full text, which the list keeps aside.
 * The empty key ('', an entry written before positions existed) packs to 0, below every real key.
 */
export const PACKED_CHARS = 8;

export interface PackedKey {
  high: number;
  low: number;
  /** The whole key when it is longer than PACKED_CHARS (the words then hold only its start). */
  long: string | null;
}

export function packKey(key: string): PackedKey {
  const byte = (index: number) => (index < key.length ? key.charCodeAt(index) & 0x7f : 0);
  const long = key.length > PACKED_CHARS;
  const high = ((byte(0) << 24) | (byte(1) << 16) | (byte(2) << 8) | byte(3)) >>> 0;
  const low = ((byte(4) << 24) | (byte(5) << 16) | (byte(6) << 8) | ((byte(7) << 1) | (long ? 1 : 0))) >>> 0;
  return { high, low, long: long ? key : null };
}

/** The key the words hold; for a long key (`isLong`) only its first PACKED_CHARS characters. */
export function unpackKey(high: number, low: number): string {
  const codes = [high >>> 24, (high >>> 16) & 0xff, (high >>> 8) & 0xff, high & 0xff, low >>> 24, (low >>> 16) & 0xff, (low >>> 8) & 0xff, (low & 0xff) >>> 1];
  const end = codes.indexOf(0);
  return String.fromCharCode(...(end < 0 ? codes : codes.slice(0, end)));
}

export function isLong(low: number): boolean {
  return (low & 1) === 1;
}

/** Orders two packed keys as their strings; `longOf` answers the full text of a long one (equal words, both long). */
export function comparePacked(aHigh: number, aLow: number, bHigh: number, bLow: number, longs: () => [string, string]): number {
  if (aHigh !== bHigh) return aHigh < bHigh ? -1 : 1;
  if (aLow !== bLow) return aLow < bLow ? -1 : 1;
  if (!isLong(aLow)) return 0;
  const [a, b] = longs();
  return a < b ? -1 : a > b ? 1 : 0;
}

const BASE_62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The order key an entry without one stands at (written before playlists had an order, or by the seed): "Zz",
 * the integer just below the first appended key "a0", then the entry's 12-byte id in 17 base-62 digits and a "V"
 * (a key may not end in 0). So such entries keep id order, all come before appended ones, and a move can land
 * between any two of them by writing only the moved entry: a valid fractional-indexing key, never stored.
 */
export function implicitKey(id: Uint8Array, offset = 0): string {
  let value = 0n;
  for (let byte = 0; byte < 12; byte++) value = (value << 8n) | BigInt(id[offset + byte]!);
  let digits = '';
  for (let digit = 0; digit < 17; digit++) {
    digits = BASE_62[Number(value % 62n)] + digits;
    value /= 62n;
  }
  return `Zz${digits}V`;
}
