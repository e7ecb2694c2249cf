import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { ModalHost } from './modal-host';

// The auth remote's region is a stub that names itself: this file is about when the host mounts it.
vi.mock('../federation/remote-region', () => ({
  RemoteRegion: ({ label }: { label: string }) => <p>remote: {label}</p>,
}));

const ANN = { id: '1', username: 'ann', email: 'ann@example.com' };
const modals = () => screen.queryByText('remote: Log-in');

/** Past the host's idle delay after the first screen (3 s, then an idle callback of at most 2 s). */
async function waitIdle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(6000);
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ModalHost', () => {
  it("loads the log-in modals ahead for a guest, a few idle seconds after the first screen", async () => {
    getEventBus().publish('auth:session', { user: null });
    render(<ModalHost />);
    expect(modals()).toBeNull();
    await waitIdle();
    expect(modals()).toBeInTheDocument();
  });

  it('loads nothing ahead for a user, but a modal asked for loads at once, and a user who logs out gets the prefetch', async () => {
    getEventBus().publish('auth:session', { user: ANN });
    const { unmount } = render(<ModalHost />);
    await waitIdle();
    expect(modals()).toBeNull();
    act(() => getEventBus().publish('ui:open-modal', { modal: 'please-log-in' }));
    expect(modals()).toBeInTheDocument();
    unmount();

    render(<ModalHost />);
    await waitIdle();
    expect(modals()).toBeNull();
    act(() => getEventBus().publish('auth:session', { user: null }));
    await waitIdle();
    expect(modals()).toBeInTheDocument();
  });
});
