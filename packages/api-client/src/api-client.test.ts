import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema } from '@tunafy/contracts';
import { newIdempotencyKey } from './api-client.js';
import { ApiClient, ApiError, sessionEnded, UNREACHABLE_MESSAGE } from './index.js';

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

afterEach(() => vi.unstubAllGlobals());

const sentToken = (init: RequestInit | undefined) => (init?.headers as Record<string, string> | undefined)?.['x-csrf-token'];

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

  it('checks the session with the probe that answers a guest with 200 {user: null}, so a guest logs no error', async () => {
    const user = { id: 'u1', username: 'ann', email: 'ann@example.com' };
    const fetchMock = vi.fn().mockResolvedValueOnce(reply(200, { user: null })).mockResolvedValueOnce(reply(200, { user }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(new ApiClient().session()).resolves.toBeNull();
    await expect(new ApiClient().session()).resolves.toEqual(user);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/session', '/api/auth/session']);
  });

  it('turns a network failure into a 503 ApiError that says so, and tells the API’s answers from a gateway’s', async () => {
    vi.stubGlobal('fetch', vi.fn()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(new Response('<html>502 Bad Gateway</html>', { status: 502 }))
      .mockResolvedValueOnce(reply(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Restarting.' }))
      .mockResolvedValueOnce(reply(502, { statusCode: 502, code: 'SERVICE_UNAVAILABLE', message: 'The Tunafy API cannot be reached right now.' })));
    const client = new ApiClient();
    const cut = await client.get<never>('/api/a').catch((caught: ApiError) => caught);
    expect(cut).toBeInstanceOf(ApiError);
    expect(cut.status).toBe(503);
    expect(cut.origin).toBe('network');
    // A form shows why nothing happened, not "something went wrong".
    expect(cut.fieldErrors).toEqual({ server: UNREACHABLE_MESSAGE });
    const bare = await client.get<never>('/api/b').catch((caught: ApiError) => caught);
    expect([bare.status, bare.origin, bare.fieldErrors]).toEqual([502, 'gateway', { server: 'Something went wrong. Please try again' }]);
    const answered = await client.get<never>('/api/c').catch((caught: ApiError) => caught);
    expect(answered.origin).toBe('api');
    // The gateways' own 502 has the API's shape, but it is not the API's verdict.
    const relayed = await client.get<never>('/api/d').catch((caught: ApiError) => caught);
    expect([relayed.origin, relayed.message]).toEqual(['gateway', 'The Tunafy API cannot be reached right now.']);
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

  it('fetches a fresh token for the next write after a 401 (the session it was bound to is gone), and uses the one a re-login issues', async () => {
    const fetchMock = vi.fn()
      .mockResolvedValueOnce(reply(200, { csrf_token: 'ann' }))
      .mockResolvedValueOnce(reply(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'You need to log in.' }))
      .mockResolvedValueOnce(reply(200, { csrf_token: 'guest' }))
      .mockResolvedValueOnce(reply(200, { id: 'u1' }, { 'x-csrf-token': 'ann-again' }))
      .mockResolvedValueOnce(reply(201, { status: 'imported' }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new ApiClient();
    await expect(client.post('/api/uploads/songs')).rejects.toMatchObject({ status: 401 });
    await client.login({ email: 'ann@example.com', password: 'secret-pass' });
    await client.post('/api/uploads/songs');
    const sent = (call: number) => (fetchMock.mock.calls[call]![1].headers as Record<string, string>)['x-csrf-token'];
    expect(fetchMock.mock.calls[2]![0]).toBe('/api/auth/csrf');
    expect(sent(3)).toBe('guest');
    expect(sent(4)).toBe('ann-again');
  });

  it('asks for a new token after a write whose connection was cut (the cut may hide a CSRF refusal), and when told to forget it', async () => {
    const fetchMock = vi.fn()
      .mockResolvedValueOnce(reply(200, { csrf_token: 't1' }))
      .mockRejectedValueOnce(new TypeError('network error'))
      .mockResolvedValueOnce(reply(200, { csrf_token: 't2' }))
      .mockResolvedValueOnce(reply(201, {}))
      .mockResolvedValueOnce(reply(200, { csrf_token: 't3' }))
      .mockResolvedValueOnce(reply(201, {}));
    vi.stubGlobal('fetch', fetchMock);
    const client = new ApiClient();
    await expect(client.post('/api/uploads/songs')).rejects.toMatchObject({ origin: 'network' });
    await client.post('/api/uploads/songs');
    client.forgetCsrfToken();
    await client.post('/api/uploads/songs');
    const sent = (call: number) => (fetchMock.mock.calls[call]![1].headers as Record<string, string>)['x-csrf-token'];
    expect([sent(1), sent(3), sent(5)]).toEqual(['t1', 't2', 't3']);
  });

  it('shares one token fetch between concurrent writes', async () => {
    // Each token fetch replaces the cookie, so two fetches at once would leave one write's token matching nothing.
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => (url === '/api/auth/csrf' ? reply(200, { csrf_token: 'one' }) : reply(201, {})));
    vi.stubGlobal('fetch', fetchMock);
    const client = new ApiClient();
    await Promise.all([client.post('/api/a'), client.post('/api/b'), client.post('/api/c')]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/csrf')).toHaveLength(1);
    expect(fetchMock.mock.calls.slice(1).map(([, init]) => sentToken(init))).toEqual(['one', 'one', 'one']);
  });

  it('keeps a newer token when a write sent with an older one is refused late', async () => {
    let answerSlow!: (response: Response) => void;
    const tokens = ['old', 'new'];
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/auth/csrf') return reply(200, { csrf_token: tokens.shift() });
      if (url === '/api/slow') return new Promise<Response>((resolve) => (answerSlow = resolve));
      return reply(201, {});
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = new ApiClient();
    const slow = client.post('/api/slow').catch((error: ApiError) => error);
    await vi.waitFor(() => expect(answerSlow).toBeDefined());
    client.forgetCsrfToken();
    await client.post('/api/fast');
    answerSlow(reply(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'You need to log in.' }));
    expect(await slow).toMatchObject({ status: 401 });
    await client.post('/api/fast');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/csrf')).toHaveLength(2);
    expect(sentToken(fetchMock.mock.calls.at(-1)![1])).toBe('new');
  });
});

describe('app passwords', () => {
  it('lists, creates (JSON body, CSRF header) and revokes by an escaped id', async () => {
    const created = { id: 'p1', name: 'Symfonium', created_at: '2026-01-01T00:00:00.000Z', last_used_at: null, last_used_client: null, password: 'secret' };
    const fetchMock = vi.fn()
      .mockResolvedValueOnce(reply(200, { app_passwords: [], username: 'ann' }))
      .mockResolvedValueOnce(reply(200, { csrf_token: 't1' }))
      .mockResolvedValueOnce(reply(201, created))
      .mockResolvedValueOnce(reply(200, { id: 'p/1', deleted: true }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new ApiClient();
    await expect(client.appPasswords()).resolves.toEqual({ app_passwords: [], username: 'ann' });
    await expect(client.createAppPassword({ name: 'Symfonium' })).resolves.toEqual(created);
    await expect(client.revokeAppPassword('p/1')).resolves.toEqual({ id: 'p/1', deleted: true });
    const calls = fetchMock.mock.calls.map(([url, init]) => [init.method, url]);
    expect(calls).toEqual([
      ['GET', '/api/me/app-passwords'],
      ['GET', '/api/auth/csrf'],
      ['POST', '/api/me/app-passwords'],
      ['DELETE', '/api/me/app-passwords/p%2F1'],
    ]);
    expect(fetchMock.mock.calls[2][1].body).toBe('{"name":"Symfonium"}');
    expect(sentToken(fetchMock.mock.calls[2][1])).toBe('t1');
    expect(sentToken(fetchMock.mock.calls[3][1])).toBe('t1');
  });

  it('rejects past the limit with the API’s 409 and its message', async () => {
    vi.stubGlobal('fetch', vi.fn()
      .mockResolvedValueOnce(reply(200, { csrf_token: 't1' }))
      .mockResolvedValueOnce(reply(409, { statusCode: 409, code: 'CONFLICT', message: 'You have 25 app passwords, the most an account may hold.' })));
    const refused = (await new ApiClient().createAppPassword({ name: 'One more' }).catch((caught: unknown) => caught)) as ApiError;
    expect([refused.status, refused.message]).toEqual([409, 'You have 25 app passwords, the most an account may hold.']);
  });
});

describe('sessionEnded', () => {
  const guest = { session: vi.fn(async () => null) };
  const ann = { session: vi.fn(async () => ({ id: 'u1', username: 'ann', email: 'ann@example.com' })) };
  const unreachable = { session: vi.fn(async () => Promise.reject(new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' }, 'network'))) };
  const cut = new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE_MESSAGE }, 'network');

  it('is true for a 401 without asking again', async () => {
    expect(await sessionEnded(new ApiError({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'no' }), ann)).toBe(true);
    expect(ann.session).not.toHaveBeenCalled();
  });

  it('asks who is logged in after a failure without the API’s verdict (a cut connection, a gateway’s 502)', async () => {
    expect(await sessionEnded(cut, guest)).toBe(true);
    expect(await sessionEnded(new ApiError({ statusCode: 502, code: 'INTERNAL', message: 'Bad Gateway' }, 'gateway'), guest)).toBe(true);
    expect(await sessionEnded(cut, ann)).toBe(false);
    expect(await sessionEnded(cut, unreachable)).toBe(false);
  });

  it('takes the API’s other answers (403 CSRF_INVALID, FORBIDDEN, 5xx) as they are', async () => {
    const forbidden = new ApiError({ statusCode: 403, code: 'FORBIDDEN', message: 'Not yours.' });
    const session = vi.fn();
    expect(await sessionEnded(forbidden, { session })).toBe(false);
    expect(await sessionEnded(new ApiError({ statusCode: 500, code: 'INTERNAL', message: 'boom' }), { session })).toBe(false);
    expect(await sessionEnded(new Error('not an API call'), { session })).toBe(false);
    expect(session).not.toHaveBeenCalled();
  });
});
