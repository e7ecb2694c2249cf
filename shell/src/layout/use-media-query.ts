import { useCallback, useSyncExternalStore } from 'react';

/**
 * Phones (360–430 px) and small tablets in portrait get the bottom navigation and the compact player; from
 * 768 px (a tablet in portrait) the sidebar has room. The player remote (mf-player) uses the same width.
 */
export const PHONE_QUERY = '(max-width: 767px)';

/**
 * Whether a media query matches, following changes (rotating a tablet, resizing a window). CSS alone could
 * hide the sidebar, but it would still mount: its library region would fetch lists no one sees on a phone.
 * Without matchMedia (jsdom) nothing matches: the desktop layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, matches, () => false);
}

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
