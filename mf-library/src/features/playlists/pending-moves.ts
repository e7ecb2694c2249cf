/**
 * Moves of a playlist's songs shown before the server's order has them (optimistic): display index `to` shows
 * the song that was at `from`, and the rows between shift by one. Chained moves apply in order.
 */
export interface PendingMove {
  songId: string;
  from: number;
  to: number;
}

/** The index in the list underneath (the server's order as last read) that display index `index` shows. */
export function sourceIndex(index: number, moves: readonly PendingMove[]): number {
  let at = index;
  for (let step = moves.length - 1; step >= 0; step--) {
    const { from, to } = moves[step]!;
    if (at === to) at = from;
    else if (from < to && at >= from && at < to) at += 1;
    else if (from > to && at > to && at <= from) at -= 1;
  }
  return at;
}

/**
 * What the server is told for a move from `from` to `to` (display indexes): after the song now at `to` when
 * moving down, before it when moving up, so the song lands exactly where it was dropped.
 */
export function moveTarget(from: number, to: number, songAtTarget: string): { after_song_id: string } | { before_song_id: string } {
  return to > from ? { after_song_id: songAtTarget } : { before_song_id: songAtTarget };
}
