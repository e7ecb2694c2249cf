import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSlotContext, useSlotProbe, useSlotView } from './list-slot';

/** An IntersectionObserver whose one entry the test hands over. */
function fakeObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return (entry: { top: number; bottom: number; shownBottom: number; rootBottom: number }) =>
    callbacks.at(-1)!(
      [
        {
          boundingClientRect: { top: entry.top, bottom: entry.bottom },
          intersectionRect: { bottom: entry.shownBottom },
          rootBounds: { bottom: entry.rootBottom },
          isIntersecting: entry.shownBottom > entry.top,
        } as unknown as IntersectionObserverEntry,
      ],
      {} as IntersectionObserver,
    );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function Page({ loaded, seen }: { loaded: boolean; seen: (view: unknown) => void }) {
  const { slot, probe } = useSlotProbe();
  if (!loaded) return <div ref={probe}>skeleton</div>;
  return (
    <ListSlotContext.Provider value={slot}>
      <List seen={seen} />
    </ListSlotContext.Provider>
  );
}

function List({ seen }: { seen: (view: unknown) => void }) {
  seen(useSlotView(44));
  return null;
}

describe('the list slot', () => {
  it('places the list where its skeleton was, to the edge the scroller cut it at', () => {
    const report = fakeObserver();
    const seen = vi.fn();
    const { rerender } = render(<Page loaded={false} seen={seen} />);
    report({ top: 578, bottom: 802, shownBottom: 705, rootBottom: 823 });
    rerender(<Page loaded seen={seen} />);
    expect(seen).toHaveBeenLastCalledWith({ scrolled: -622, viewport: 705 });
  });

  it('takes the window’s bottom when the whole skeleton shows, and nothing when no skeleton was seen', () => {
    const report = fakeObserver();
    const seen = vi.fn();
    const { rerender } = render(<Page loaded={false} seen={seen} />);
    report({ top: 300, bottom: 524, shownBottom: 524, rootBottom: 823 });
    rerender(<Page loaded seen={seen} />);
    expect(seen).toHaveBeenLastCalledWith({ scrolled: -344, viewport: 823 });

    render(<Page loaded seen={seen} />);
    expect(seen).toHaveBeenLastCalledWith(null);
  });
});
