/** An ObjectId's size: the catalog keeps ids as these bytes, not as 24-character strings (40 bytes of heap each). */
export const ID_BYTES = 12;

const HEX_ID = /^[0-9a-f]{24}$/i;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Writes the id's bytes at `offset`; false (nothing written) when it is not 24 hex digits. */
export function writeId(target: Uint8Array, offset: number, id: string): boolean {
  if (!HEX_ID.test(id)) return false;
  for (let byte = 0; byte < ID_BYTES; byte++) target[offset + byte] = parseInt(id.substr(byte * 2, 2), 16);
  return true;
}

/** The id's bytes, or null when it is not an id (a lookup of it finds nothing). */
export function idBytes(id: string): Uint8Array | null {
  const bytes = new Uint8Array(ID_BYTES);
  return writeId(bytes, 0, id) ? bytes : null;
}

/** The lower-case hex id stored at `offset`. */
export function readId(source: Uint8Array, offset: number): string {
  let hex = '';
  for (let byte = 0; byte < ID_BYTES; byte++) hex += HEX[source[offset + byte]!];
  return hex;
}

/** Compares the ids at two offsets (of one array or two), as their hex strings would compare. */
export function compareIds(a: Uint8Array, aOffset: number, b: Uint8Array, bOffset: number): number {
  for (let byte = 0; byte < ID_BYTES; byte++) {
    const difference = a[aOffset + byte]! - b[bOffset + byte]!;
    if (difference !== 0) return difference;
  }
  return 0;
}
