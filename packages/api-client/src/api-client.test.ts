import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema } from '@tunafy/contracts';
import { newIdempotencyKey } from './api-client.js';
import { ApiClient, ApiError } from './index.js';

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiClient', () => {
  it('fetches a CSRF token once and sends it on writes', async () => {
    const fetchMock = vi.fn()
      .mockResolvedValueOnce(reply(200, { csrf_token: 't1' }))
      .mockResolvedValueOnce(reply(200, { ok: 1 }))
      .mockResolvedValueOnce(reply(200, { ok: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new ApiClient();
    await client.post('/api/x', { json: {} });
    await client.put('/api/y');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[1][1].headers['x-csrf-token']).toBe('t1');
    expect(fetchMock.mock.calls[2][1].headers['x-csrf-token']).toBe('t1');
  });

  it('retries once with a fresh token when the API says the token is stale', async () => {
    const fetchMock = vi.fn()
      .mockResolvedValueOnce(reply(200, { csrf_token: 'old' }))
      .mockResolvedValueOnce(reply(403, { statusCode: 403, code: 'CSRF_INVALID', message: 'stale' }))
      .mockResolvedValueOnce(reply(200, { csrf_token: 'new' }))
      .mockResolvedValueOnce(reply(201, { id: 'a' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(new ApiClient().post('/api/x')).resolves.toEqual({ id: 'a' });
    expect(fetchMock.mock.calls[3][1].headers['x-csrf-token']).toBe('new');
  });

  it('rejects with field errors, and the generic message for 5xx', async () => {
    vi.stubGlobal('fetch', vi.fn()
      .mockResolvedValueOnce(reply(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'no', errors: { password: 'Email or password is incorrect.' } }))
      .mockResolvedValueOnce(reply(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' })));
    const client = new ApiClient();
    const first = await client.get<never>('/api/a').catch((error: ApiError) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect(first.fieldErrors).toEqual({ password: 'Email or password is incorrect.' });
    const second = await client.get<never>('/api/b').catch((error: ApiError) => error);
    expect(second.fieldErrors).toEqual({ server: 'Something went wrong. Please try again' });
  });

  it('treats a 401 session check as a guest', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(reply(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'no' })));
    await expect(new ApiClient().session()).resolves.toBeNull();
  });

  it('turns a network failure into a 503 ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('fetch failed')));
    const error = await new ApiClient().get<never>('/api/a').catch((caught: ApiError) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
  });

  it('sends a fresh Idempotency-Key with every write, the same one on its CSRF retry, none on reads and session calls', async () => {
    const fetchMock = vi.fn()
      .mockResolvedValueOnce(reply(200, { csrf_token: 'old' }))
      .mockResolvedValueOnce(reply(201, { id: 'a' }))
      .mockResolvedValueOnce(reply(200, { id: 'a' }))
      .mockResolvedValueOnce(reply(403, { statusCode: 403, code: 'CSRF_INVALID', message: 'stale' }))
      .mockResolvedValueOnce(reply(200, { csrf_token: 'new' }))
      .mockResolvedValueOnce(reply(200, { deleted: true }))
      .mockResolvedValueOnce(reply(200, { id: 'u' }))
      .mockResolvedValueOnce(reply(200, { id: 'a' }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new ApiClient();
    await client.post('/api/playlists/new', { json: { playlist_name: 'A' } });
    await client.put('/api/playlists/a/add', { json: { song_id: 's' } });
    await client.delete('/api/playlists/a');
    await client.login({ email: 'a@example.com', password: 'secret-pass' });
    await client.get('/api/playlists/a');
    const key = (call: number) => (fetchMock.mock.calls[call]![1].headers as Record<string, string>)['Idempotency-Key'];
    const keys = [key(1), key(2), key(3)];
    for (const sent of keys) expect(idempotencyKeySchema.safeParse(sent).success, String(sent)).toBe(true);
    expect(new Set(keys).size).toBe(3);
    // The DELETE refused for its stale token went again (call 5) with the same key.
    expect(key(5)).toBe(key(3));
    expect([key(0), key(6), key(7)]).toEqual([undefined, undefined, undefined]);
  });

  it('makes keys without crypto.randomUUID too (a page served over plain HTTP is not a secure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const keys = [newIdempotencyKey(), newIdempotencyKey()];
    vi.unstubAllGlobals();
    for (const key of keys) expect(idempotencyKeySchema.safeParse(key).success, key).toBe(true);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
