import { useCallback, useEffect, useRef } from 'react';

/** Marks the history entry the full-screen player adds (kept beside the router's own fields in history.state). */
const MARK = 'tunafyFullPlayer';

/** Open full players (0 or 1; StrictMode mounts one twice in development). */
let open = 0;

function markerIsCurrent(): boolean {
  return Boolean((window.history.state as Record<string, unknown> | null)?.[MARK]);
}

/**
 * The phone's Back (gesture or button) closes the full-screen player instead of leaving the page, as in native
 * music apps: opening it adds a history entry for the same URL (the router's state copied, so the router sees no
 * navigation), Back pops it and `onBack` runs. Closing it otherwise takes the entry off again.
 *
 * Answers `leaveThen(action)`: for a link inside the player, take the entry off first and then follow the link,
 * so the entry never stays behind as a Back press that does nothing.
 */
export function useCloseOnBack(onBack: () => void): (action: () => void) => boolean {
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;
  const afterLeaving = useRef<(() => void) | null>(null);

  useEffect(() => {
    open += 1;
    if (!markerIsCurrent()) window.history.pushState({ ...((window.history.state as object | null) ?? {}), [MARK]: true }, '');
    const onPopState = () => {
      if (markerIsCurrent()) return;
      const action = afterLeaving.current;
      afterLeaving.current = null;
      action?.();
      onBackRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      open -= 1;
      window.removeEventListener('popstate', onPopState);
      // Later, not now: a StrictMode remount (development) is back by then and keeps the entry.
      setTimeout(() => {
        if (open === 0 && markerIsCurrent()) window.history.back();
      }, 0);
    };
  }, []);

  return useCallback((action: () => void) => {
    if (!markerIsCurrent()) return false;
    afterLeaving.current = action;
    window.history.back();
    return true;
  }, []);
}
