import { useCallback, useRef } from 'react';
import { LISTENING_LIMITS, type Song } from '@tunafy/contracts';
import { notify } from '../../lib/bus';
import { playList } from '../../lib/player';
import { shuffled } from '../../lib/shuffled';
import type { PagedRows } from '../../lib/use-paged-rows';

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
