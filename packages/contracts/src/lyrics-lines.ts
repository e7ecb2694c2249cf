// No zod here: the player's Lyrics view runs this on its first screen (see audio-formats.ts).

/**
 * The line whose time has come at `positionMs`: the last one starting at or before it (binary search over lines
 * sorted by start), -1 before the first. The player runs it every animation frame, so it must stay O(log n).
 */
export function activeLineIndex(lines: readonly { start_ms: number }[], positionMs: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lines[middle]!.start_ms <= positionMs) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}
