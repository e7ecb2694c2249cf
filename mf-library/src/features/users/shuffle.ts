import { useCallback, useRef } from 'react';
import { LISTENING_LIMITS, type Song } from '@tunafy/contracts';
import { notify } from '../../lib/bus';
import { playList } from '../../lib/player';
import type { PagedRows } from '../../lib/use-paged-rows';

/** A new array in a uniformly random order (Fisher–Yates); `random` is injectable so tests can fix the order. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = items.slice();
  for (let last = result.length - 1; last > 0; last--) {
    const pick = Math.floor(random() * (last + 1));
    [result[last], result[pick]] = [result[pick]!, result[last]!];
  }
  return result;
}

/**
 * Shuffle: queues the list's first songs (at most the player's queue limit, so the most played of a long
 * list) in a random order and plays from the first, with the same play-list command as Play; the list's
 * `source` stays the same, so its rows still show which song is playing. Only the last click plays.
 */
export function useShufflePlay(source: string, rows: Pick<PagedRows<Song>, 'total' | 'rowsIn'>, random: () => number = Math.random): () => void {
  const latest = useRef(0);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  return useCallback(() => {
    const { total, rowsIn } = rowsRef.current;
    if (!total) return;
    const ticket = ++latest.current;
    rowsIn(0, Math.min(total, LISTENING_LIMITS.queueMax)).then(
      (songs) => ticket === latest.current && playList(shuffled(songs, random), 0, source),
      () => ticket === latest.current && notify("Couldn't load the songs to shuffle. Try again.", 'error'),
    );
  }, [source, random]);
}
