import { useCallback, useEffect, useRef, useState } from 'react';
import { getEventBus } from '@tunafy/event-bus';
import { libraryChanged, notify } from '../../lib/bus';
import { findLike, likeSong, unlikeSong } from '../shared/collection-api';

export const LIKE_FAILED = 'Could not update your Liked Songs. Please try again.';

export interface LikeToggle {
  /** null until the server has answered whether the song is liked. */
  liked: boolean | null;
  toggle: () => void;
}

/**
 * The like heart of a song (SPEC §4): flipped at once, then sent. Requests go
 * one at a time and the last click wins, so fast clicking cannot leave the
 * server and the heart disagreeing; a failure puts the heart back to what the
 * server holds and says so. Likes changed elsewhere on the page refetch it.
 */
export function useLike(userId: string, songId: string): LikeToggle {
  const [liked, setLiked] = useState<boolean | null>(null);
  const desired = useRef<boolean | null>(null);
  const confirmed = useRef<boolean | null>(null);
  const inFlight = useRef(false);
  const publishing = useRef(false);
  const alive = useRef(true);

  const refresh = useCallback(
    (signal?: AbortSignal) => {
      findLike(userId, songId, signal).then(
        (record) => {
          if (signal?.aborted || !alive.current || inFlight.current || desired.current !== confirmed.current) return;
          confirmed.current = desired.current = record !== null;
          setLiked(record !== null);
        },
        () => {
          // Unknown stays unknown (the heart is disabled) rather than guessing "not liked".
        },
      );
    },
    [userId, songId],
  );

  useEffect(() => {
    alive.current = true;
    const controller = new AbortController();
    refresh(controller.signal);
    const subscription = getEventBus()
      .on('library:changed')
      .subscribe((change) => {
        if (change.entity === 'like' && change.id === songId && !publishing.current) refresh();
      });
    return () => {
      alive.current = false;
      controller.abort();
      subscription.unsubscribe();
    };
  }, [refresh, songId]);

  const pump = useCallback(() => {
    if (inFlight.current || desired.current === null || desired.current === confirmed.current) return;
    const target = desired.current;
    inFlight.current = true;
    (target ? likeSong(userId, songId) : unlikeSong(userId, songId)).then(
      () => {
        inFlight.current = false;
        confirmed.current = target;
        publishing.current = true;
        libraryChanged({ entity: 'like', id: songId, action: target ? 'created' : 'deleted' });
        publishing.current = false;
        pump();
      },
      () => {
        inFlight.current = false;
        desired.current = confirmed.current;
        if (alive.current) setLiked(confirmed.current);
        notify(LIKE_FAILED, 'error');
      },
    );
  }, [userId, songId]);

  const toggle = useCallback(() => {
    if (desired.current === null) return;
    desired.current = !desired.current;
    setLiked(desired.current);
    pump();
  }, [pump]);

  return { liked, toggle };
}
