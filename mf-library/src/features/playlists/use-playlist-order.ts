import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LIMITS, type Song } from '@tunafy/contracts';
import { asApiError } from '../../lib/use-api';
import type { PagedRows } from '../../lib/use-paged-rows';
import { moveSongInPlaylist } from '../shared/playlists-api';
import { moveTarget, sourceIndex, type PendingMove } from './pending-moves';

/** A confirmed move stops being drawn by hand once the list has re-read its rows, or after this long anyway. */
const SETTLE_MS = 3000;

interface TrackedMove extends PendingMove {
  confirmed: boolean;
}

export interface PlaylistOrder {
  /** The playlist's rows with the moves not yet read back from the server applied (what the list shows). */
  rows: PagedRows<Song>;
  /** Moves the song shown at `from` to display index `to`: shown at once, sent, undone with a message on failure. */
  move: (from: number, to: number) => void;
  /** Why the last move failed (the list was put back and re-read), until the next move or dismiss. */
  failure: string | null;
  dismissFailure: () => void;
}

function failureMessage(song: Song, error: unknown): string {
  const status = asApiError(error).status;
  if (status === 409 || status === 404) return `Couldn't move “${song.song_name}”: the playlist was changed elsewhere. Its order has been reloaded; try again.`;
  return `Couldn't move “${song.song_name}”. It is back in its place; try again.`;
}

/**
 * Reordering a playlist (its creator only): a move shows at once (the rows are re-mapped, see pending-moves),
 * is sent as one `PUT …/songs/order` naming the song's new neighbour, and once confirmed the list re-reads its
 * rows from the server; the re-mapping is dropped when those rows have the song in its new place. A failed
 * move puts every pending move back, re-reads the list and says why.
 */
export function usePlaylistOrder(playlistId: string, base: PagedRows<Song>): PlaylistOrder {
  const [{ moves, version }, setState] = useState<{ moves: readonly TrackedMove[]; version: number }>({ moves: [], version: 0 });
  const setMoves = useCallback(
    (next: (current: readonly TrackedMove[]) => readonly TrackedMove[]) =>
      setState((state) => {
        const changed = next(state.moves);
        return changed === state.moves ? state : { moves: changed, version: state.version + 1 };
      }),
    [],
  );
  const [failure, setFailure] = useState<string | null>(null);
  /** Bumped by a failure: moves queued behind the failed one were made on an order that is gone, and are dropped. */
  const generation = useRef(0);
  const movesRef = useRef(moves);
  movesRef.current = moves;
  const baseRef = useRef(base);
  baseRef.current = base;
  /** Moves start after every earlier one was answered, so each names neighbours in the order the server has. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const rowAt = useCallback((index: number) => base.rowAt(sourceIndex(index, moves)), [base, moves]);

  const rowsIn = useCallback(
    async (start: number, end: number) => {
      if (moves.length === 0) return base.rowsIn(start, end);
      const sources = Array.from({ length: end - start }, (_, offset) => sourceIndex(start + offset, moves));
      const low = Math.min(...sources);
      const high = Math.max(...sources) + 1;
      // A move across more than one request's worth of rows: the order read back is close enough for a moment.
      if (high - low > LIMITS.pageSizeMax) return base.rowsIn(start, end);
      const read = await base.rowsIn(low, high);
      return sources.map((source) => read[source - low]).filter((song): song is Song => song !== undefined);
    },
    [base, moves],
  );

  const move = useCallback(
    (from: number, to: number) => {
      const song = rowAt(from);
      const target = rowAt(to);
      if (!song || !target || from === to) return;
      setFailure(null);
      const pending: TrackedMove = { songId: song.id, from, to, confirmed: false };
      setMoves((current) => [...current, pending]);
      const body = { song_id: song.id, ...moveTarget(from, to, target.id) };
      const made = generation.current;
      queue.current = queue.current.then(() => {
        if (made !== generation.current) return;
        return moveSongInPlaylist(playlistId, body).then(
          () => {
            setMoves((current) => current.map((each) => (each === pending ? { ...each, confirmed: true } : each)));
            baseRef.current.reload();
          },
          (error: unknown) => {
            generation.current++;
            setMoves(() => []);
            setFailure(failureMessage(song, error));
            baseRef.current.reload();
          },
        );
      });
    },
    [playlistId, rowAt, setMoves],
  );

  // Drop confirmed moves once the re-read rows show them: the confirmed moves at the front of the list, judged by
  // the last of them being in place (later moves were made on the order after it, so they stay drawn).
  const confirmed = moves.findIndex((each) => !each.confirmed);
  const settledCount = confirmed < 0 ? moves.length : confirmed;
  useEffect(() => {
    if (settledCount === 0) return;
    const last = movesRef.current[settledCount - 1]!;
    const drop = (current: readonly TrackedMove[]) => (current[settledCount - 1] === last ? current.slice(settledCount) : current);
    if (base.rowAt(last.to)?.id === last.songId && base.rowAt(last.from)?.id !== last.songId) {
      setMoves(drop);
      return;
    }
    // The rows did not come back as expected (another tab changed the playlist meanwhile): the server's order wins.
    const timer = setTimeout(() => setMoves(drop), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settledCount, base, setMoves]);

  const rows = useMemo<PagedRows<Song>>(
    () => ({ ...base, rowAt, rowsIn, version: base.version + version }),
    [base, rowAt, rowsIn, version],
  );
  const dismissFailure = useCallback(() => setFailure(null), []);
  return { rows, move, failure, dismissFailure };
}
