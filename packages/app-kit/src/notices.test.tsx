import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { useNotices } from './notices';
import { Toaster } from './toaster';

function Notices() {
  return (
    <ul>
      {useNotices({ visibleMs: 1000, max: 2 }).map((notice) => (
        <li key={notice.id}>{`${notice.kind}: ${notice.message}`}</li>
      ))}
    </ul>
  );
}

const notify = (message: string) => act(() => getEventBus().publish('ui:notify', { kind: 'info', message }));
const shown = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useNotices', () => {
  it('shows each notice for its time, oldest first, and at most `max` at once', () => {
    render(<Notices />);
    notify('one');
    act(() => vi.advanceTimersByTime(400));
    notify('two');
    notify('three');
    expect(shown()).toEqual(['info: two', 'info: three']);
    act(() => vi.advanceTimersByTime(600));
    expect(shown()).toEqual(['info: two', 'info: three']);
    act(() => vi.advanceTimersByTime(400));
    expect(shown()).toEqual([]);
  });

  it('stops listening and drops its timers when unmounted', () => {
    const { unmount } = render(<Notices />);
    notify('one');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('Toaster', () => {
  const classNames = { region: 'region', toast: 'toast', error: 'error' };

  it('keeps its live region mounted and marks error notices with the error class', () => {
    render(<Toaster visibleMs={1000} max={3} classNames={classNames} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    act(() => getEventBus().publish('ui:notify', { kind: 'error', message: 'Could not save.' }));
    notify('Saved.');
    expect(screen.getByText('Could not save.')).toHaveClass('toast', 'error');
    expect(screen.getByText('Saved.')).toHaveClass('toast');
    expect(screen.getByText('Saved.')).not.toHaveClass('error');
    act(() => vi.advanceTimersByTime(1000));
    expect(region).toBeEmptyDOMElement();
  });
});
