import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A window whose matchMedia answers `query` as told (every other query: no match), for layouts that follow a
 * media query (the shell's phone layout, the player's compact bar). `resize` flips the answer and tells the
 * listeners, as rotating a tablet does. Undo with vi.unstubAllGlobals().
 */
export function fakeMediaQuery(query: string, matches: boolean) {
  let current = matches;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((asked: string) => ({
      get matches() {
        return asked === query && current;
      },
      media: asked,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    resize(toMatching: boolean) {
      current = toMatching;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}
