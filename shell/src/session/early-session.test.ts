import { afterEach, describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { requestSessionEarly, SESSION_TIMEOUT_MS } from './early-session';
import { restoreSession } from './session';

const user = { id: 'u1', username: 'ann', email: 'ann@example.com' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The real API client over a stubbed fetch: what the browser sends, and when.
describe('the session check sent before the shell has loaded', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is answered once, to the first check, which sends nothing more', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(json(200, user));
    vi.stubGlobal('fetch', fetch);
    requestSessionEarly();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin', headers: { accept: 'application/json' } });

    await expect(restoreSession()).resolves.toEqual(user);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(getEventBus().last('auth:session')?.user).toEqual(user);

    // A later check (a retry, another restore) asks the API again.
    fetch.mockResolvedValueOnce(json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Log in first.' }));
    await expect(restoreSession()).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up on a hung early check after the same timeout as any other', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi.fn(
      (_url: string, { signal }: RequestInit) => new Promise<Response>((_, reject) => signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
    );
    vi.stubGlobal('fetch', fetch);
    requestSessionEarly();
    const restored = restoreSession();
    await vi.advanceTimersByTimeAsync(SESSION_TIMEOUT_MS);
    await expect(restored).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('session check failed'), expect.objectContaining({ status: 504 }));
  });
});
