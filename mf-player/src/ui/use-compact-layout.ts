import { useCallback, useSyncExternalStore } from 'react';

/** The shell's phone layout starts below 768 px (shell/src/layout/use-media-query.ts); the player follows it. */
export const COMPACT_QUERY = '(max-width: 767px)';

/**
 * Whether the player should be the phone's compact bar (with a full-screen view) instead of the desktop bar.
 * Follows rotation and resizing; without matchMedia (jsdom) it is the desktop bar.
 */
export function useCompactLayout(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    if (typeof window.matchMedia !== 'function') return () => undefined;
    const list = window.matchMedia(COMPACT_QUERY);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  const matches = () => typeof window.matchMedia === 'function' && window.matchMedia(COMPACT_QUERY).matches;
  return useSyncExternalStore(subscribe, matches, () => false);
}
