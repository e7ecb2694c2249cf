import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { ServerStatusBanner } from '../layout/server-status-banner';
import { restoreSession, SESSION_RETRY_MS, SESSION_TIMEOUT_MS } from './session';

const session = vi.fn();
// The real client over a stubbed transport: `session` answers each GET (GET /api/auth/session: `{ user }`, null for a guest).
vi.mock('@tunafy/api-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@tunafy/api-client')>();
  const client = new real.ApiClient();
  client.get = ((path: string, options: { signal: AbortSignal }) => session(path, options)) as typeof client.get;
  return { ...real, getApiClient: () => client };
});

const unreachable = Object.assign(new Error('Tunafy cannot be reached.'), { status: 503 });
const user = { id: 'u1', username: 'ann', email: 'ann@example.com' };

describe('restoreSession while the API is down', () => {
  afterEach(() => {
    vi.useRealTimers();
    session.mockReset();
  });

  it('shows the banner, keeps retrying, and restores the user once the API answers', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    session.mockRejectedValueOnce(unreachable).mockRejectedValueOnce(unreachable).mockResolvedValueOnce({ user });
    render(<ServerStatusBanner />);

    await act(() => restoreSession());
    expect(getEventBus().last('auth:session')?.user).toBeNull();
    expect(screen.getByText('Tunafy can’t reach the server. Retrying…')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(SESSION_RETRY_MS));
    expect(screen.getByText('Tunafy can’t reach the server. Retrying…')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(SESSION_RETRY_MS));
    expect(screen.queryByText(/can’t reach the server/)).not.toBeInTheDocument();
    expect(getEventBus().last('auth:session')?.user).toEqual(user);
    expect(session).toHaveBeenCalledTimes(3);
  });

  it('treats a null user as a guest, without the banner, asking the probe that answers a guest with 200', async () => {
    session.mockResolvedValueOnce({ user: null });
    render(<ServerStatusBanner />);
    await act(() => restoreSession());
    expect(screen.queryByText(/can’t reach the server/)).not.toBeInTheDocument();
    expect(getEventBus().last('auth:session')?.user).toBeNull();
    expect(session.mock.calls[0]![0]).toBe('/api/auth/session');
  });

  it('gives up on a hung session check after a few seconds and shows the banner', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    session.mockImplementationOnce(
      (_path: string, { signal }: { signal: AbortSignal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
    );
    session.mockResolvedValueOnce({ user });
    render(<ServerStatusBanner />);
    const restored = restoreSession();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_TIMEOUT_MS));
    expect(await restored).toBeNull();
    expect(screen.getByText('Tunafy can’t reach the server. Retrying…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_RETRY_MS));
    expect(screen.queryByText(/can’t reach the server/)).not.toBeInTheDocument();
    expect(getEventBus().last('auth:session')?.user).toEqual(user);
  });
});
