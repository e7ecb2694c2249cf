import { createContext, useCallback, useContext, useRef } from 'react';
import type { View } from './use-list-view';

/** Where a list's skeleton was last seen: its top, and the bottom of what shows of the page, in viewport px. */
interface Seen {
  top: number;
  visibleBottom: number;
}

export interface ListSlot {
  seen: Seen | null;
}

export const ListSlotContext = createContext<ListSlot | null>(null);

/**
 * The place a list's skeleton held, for the list that replaces it (decision 0033): its first render can then commit
 * only the rows in view. Read by an IntersectionObserver on the skeleton (`probe`, a ref), so nothing lays the page
 * out for it; `slot` goes to ListSlotContext's provider around the list.
 */
export function useSlotProbe(): { slot: ListSlot; probe: (element: HTMLElement | null) => (() => void) | undefined } {
  const slot = useRef<ListSlot>({ seen: null }).current;
  const probe = useCallback(
    (element: HTMLElement | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return undefined;
      const observer = new IntersectionObserver(([entry]) => {
        if (!entry?.rootBounds) return;
        const { boundingClientRect: box, intersectionRect: shown } = entry;
        // Cut off by the scroller (or the window): that edge is what shows; otherwise the window's bottom, at least it.
        const clipped = entry.isIntersecting && shown.bottom < box.bottom - 0.5;
        slot.seen = { top: box.top, visibleBottom: clipped ? shown.bottom : entry.rootBounds.bottom };
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [slot],
  );
  return { slot, probe };
}

/**
 * Where the list's rows start against the page, as a first guess (`headSpace`: the list's own head above its rows), or
 * null when no skeleton was seen. The list's first measure corrects it, in the same task.
 */
export function useSlotView(headSpace: number): View | null {
  const seen = useContext(ListSlotContext)?.seen;
  // The scroller's top is taken as the window's (the shell's main column starts there).
  return seen ? { scrolled: -(seen.top + headSpace), viewport: seen.visibleBottom } : null;
}
