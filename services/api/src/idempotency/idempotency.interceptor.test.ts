import { EventEmitter } from 'node:events';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of, throwError, type Observable } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { ApiException } from '../common/api-exception.js';
import { IdempotencyInterceptor, KEY_REUSED_MESSAGE, STILL_RUNNING_MESSAGE } from './idempotency.interceptor.js';
import type { IdempotencyRecord, IdempotencyRepository, RecordedAnswer } from './idempotency.repository.js';

/** The repository's contract in memory: a claim is an insert that fails on an existing `_id`. */
class FakeRecords {
  readonly rows = new Map<string, IdempotencyRecord>();
  readonly log: string[] = [];
  failComplete = false;
  /** How many release calls fail before one succeeds (the database away for a while). */
  failReleases = 0;

  async claim(id: string, fingerprint: string, now: Date): Promise<IdempotencyRecord | null> {
    this.log.push(`claim ${id}`);
    const existing = this.rows.get(id);
    if (existing) return existing;
    this.rows.set(id, { state: 'running', fingerprint, createdAt: now });
    return null;
  }
  async complete(id: string, answer: RecordedAnswer): Promise<void> {
    this.log.push(`complete ${id} ${answer.status}`);
    if (this.failComplete) throw new Error('database gone');
    const row = this.rows.get(id)!;
    this.rows.set(id, { state: 'done', fingerprint: row.fingerprint, createdAt: row.createdAt, ...answer });
  }
  async release(id: string): Promise<void> {
    this.log.push(`release ${id}`);
    if (this.failReleases > 0) {
      this.failReleases -= 1;
      throw new Error('database gone');
    }
    this.rows.delete(id);
  }
}

class FakeResponse extends EventEmitter {
  statusCode = 201;
  headers: Record<string, string> = {};
  sent: unknown[] = [];
  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  json(body: unknown): this {
    this.sent.push(body);
    return this;
  }
}

interface FakeRequest {
  method: string;
  path: string;
  originalUrl: string;
  headers: Record<string, string>;
  body?: unknown;
  user?: { id: string };
}

function request(overrides: Partial<FakeRequest> = {}): FakeRequest {
  return { method: 'POST', path: '/api/playlists/new', originalUrl: '/api/playlists/new', headers: { 'idempotency-key': 'key-1', 'content-type': 'multipart/form-data; boundary=x' }, user: { id: 'a'.repeat(24) }, ...overrides };
}

function contextOf(req: FakeRequest, res: FakeResponse): ExecutionContext {
  return { getType: () => 'http', switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as unknown as ExecutionContext;
}

function setup() {
  const records = new FakeRecords();
  const interceptor = new IdempotencyInterceptor(records as unknown as IdempotencyRepository);
  const handlerCalls = vi.fn();
  /** Runs one request through the interceptor with `handler` as the route; answers what Nest would send. */
  const send = async (req: FakeRequest, handler: () => Observable<unknown> = () => of({ id: 'p1' }), res = new FakeResponse()) => {
    const next: CallHandler = {
      handle: () => {
        handlerCalls();
        return handler();
      },
    };
    const body = await lastValueFrom(interceptor.intercept(contextOf(req, res), next));
    return { body, res };
  };
  return { records, interceptor, handlerCalls, send };
}

/** What the global exception filter does with a failed request: `status(...).json(body)` on the response. */
async function sendFailing(interceptor: IdempotencyInterceptor, req: FakeRequest, status: number, body: object): Promise<FakeResponse> {
  const res = new FakeResponse();
  const next: CallHandler = { handle: () => throwError(() => new Error('handler failed')) };
  await expect(lastValueFrom(interceptor.intercept(contextOf(req, res), next))).rejects.toThrow('handler failed');
  res.status(status).json(body);
  await vi.waitFor(() => expect(res.sent).toEqual([body]));
  return res;
}

describe('IdempotencyInterceptor', () => {
  it('leaves requests without a key, and reads, alone', async () => {
    const { records, send, handlerCalls } = setup();
    await send(request({ headers: {} }));
    await send(request({ method: 'GET' }));
    expect(handlerCalls).toHaveBeenCalledTimes(2);
    expect(records.log).toEqual([]);
  });

  it('refuses a malformed key with a 400 in the error shape', async () => {
    const { interceptor } = setup();
    for (const key of ['', 'x'.repeat(101), 'has space', 'a,b', 'ünï']) {
      const call = () => interceptor.intercept(contextOf(request({ headers: { 'idempotency-key': key } }), new FakeResponse()), { handle: () => of(null) });
      expect(call, JSON.stringify(key)).toThrow(ApiException);
      try {
        call();
      } catch (error) {
        expect((error as ApiException).getResponse()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: expect.stringContaining('Idempotency-Key') });
      }
    }
    // The longest and the widest accepted.
    expect(() => interceptor.intercept(contextOf(request({ headers: { 'idempotency-key': `${'A'.repeat(95)}_-:.9` } }), new FakeResponse()), { handle: () => of(null) })).not.toThrow();
  });

  it('records the answer before it is sent, and replays it to a repeat without running the handler again', async () => {
    const { records, send, handlerCalls } = setup();
    const first = await send(request());
    expect(first.body).toEqual({ id: 'p1' });
    const id = `${'a'.repeat(24)}:key-1`;
    expect(records.log).toEqual([`claim ${id}`, `complete ${id} 201`]);

    const repeat = await send(request(), () => of({ id: 'p2' }));
    expect(handlerCalls).toHaveBeenCalledTimes(1);
    expect(repeat.body).toEqual({ id: 'p1' });
    expect(repeat.res.statusCode).toBe(201);
    expect(repeat.res.headers['idempotent-replayed']).toBe('true');
  });

  it('replays an empty answer as empty, with its status', async () => {
    const { send } = setup();
    const res = new FakeResponse();
    res.statusCode = 204;
    await send(request({ method: 'DELETE' }), () => of(undefined), res);
    const repeat = await send(request({ method: 'DELETE' }));
    expect([repeat.body, repeat.res.statusCode]).toEqual([undefined, 204]);
  });

  it('answers 409 to a repeat while the first is still running', async () => {
    const { records, interceptor } = setup();
    records.rows.set(`${'a'.repeat(24)}:key-1`, { state: 'running', fingerprint: 'POST /api/playlists/new', createdAt: new Date() });
    const answer = lastValueFrom(interceptor.intercept(contextOf(request(), new FakeResponse()), { handle: () => of('must not run') }));
    await expect(answer).rejects.toMatchObject({ response: { statusCode: 409, code: 'CONFLICT', message: STILL_RUNNING_MESSAGE } });
  });

  it('answers 409 when the key was used for another request (path or JSON body)', async () => {
    const { send, interceptor } = setup();
    const json = (body: unknown) => request({ headers: { 'idempotency-key': 'key-1', 'content-type': 'application/json' }, body, method: 'PUT', path: '/api/playlists/p/add', originalUrl: '/api/playlists/p/add' });
    await send(json({ song_id: 's1' }));
    expect((await send(json({ song_id: 's1' }))).res.headers['idempotent-replayed']).toBe('true');
    for (const other of [json({ song_id: 's2' }), { ...json({ song_id: 's1' }), originalUrl: '/api/playlists/q/add' }]) {
      const answer = lastValueFrom(interceptor.intercept(contextOf(other, new FakeResponse()), { handle: () => of('must not run') }));
      await expect(answer).rejects.toMatchObject({ response: { statusCode: 409, code: 'CONFLICT', message: KEY_REUSED_MESSAGE } });
    }
  });

  it('keeps a 4xx answer (the same request would get it again) and forgets a 5xx or 429, so a retry runs', async () => {
    const { records, interceptor, send, handlerCalls } = setup();
    const notFound = { statusCode: 404, code: 'NOT_FOUND', message: 'Playlist not found.' };
    await sendFailing(interceptor, request({ headers: { 'idempotency-key': 'gone' } }), 404, notFound);
    const replayed = await send(request({ headers: { 'idempotency-key': 'gone' } }));
    expect([replayed.res.statusCode, replayed.body]).toEqual([404, notFound]);
    expect(handlerCalls).not.toHaveBeenCalled();

    for (const [key, status] of [['busy', 503], ['slow-down', 429]] as const) {
      await sendFailing(interceptor, request({ headers: { 'idempotency-key': key } }), status, { statusCode: status, code: 'SERVICE_UNAVAILABLE', message: 'later' });
      expect(records.rows.has(`${'a'.repeat(24)}:${key}`)).toBe(false);
      expect((await send(request({ headers: { 'idempotency-key': key } }))).body).toEqual({ id: 'p1' });
    }
    expect(handlerCalls).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed request whose response closed without the filter answering', async () => {
    const { records, interceptor } = setup();
    const res = new FakeResponse();
    await expect(lastValueFrom(interceptor.intercept(contextOf(request(), res), { handle: () => throwError(() => new Error('cut')) }))).rejects.toThrow('cut');
    res.emit('close');
    await vi.waitFor(() => expect(records.rows.size).toBe(0));
  });

  it('scopes keys by caller, and leaves the session routes unrecorded', async () => {
    const { records, send, handlerCalls } = setup();
    await send(request());
    await send(request({ user: { id: 'b'.repeat(24) } }));
    expect(handlerCalls).toHaveBeenCalledTimes(2);
    await send(request({ path: '/api/auth/login', originalUrl: '/api/auth/login', user: undefined }));
    await send(request({ path: '/api/auth/login', originalUrl: '/api/auth/login', user: undefined }));
    expect(handlerCalls).toHaveBeenCalledTimes(4);
    expect([...records.rows.keys()]).toEqual([`${'a'.repeat(24)}:key-1`, `${'b'.repeat(24)}:key-1`]);
  });

  it('still sends the answer when recording it fails (a repeat then gets the 409 until the janitor removes the record)', async () => {
    const { records, send } = setup();
    records.failComplete = true;
    expect((await send(request())).body).toEqual({ id: 'p1' });
    expect([...records.rows.values()].map((row) => row.state)).toEqual(['running']);
  });

  it('keeps trying to forget a failed request while the database is away, so a retry after its return runs', async () => {
    const { records, interceptor } = setup();
    interceptor.releaseRetryMs = [10, 10, 10];
    records.failReleases = 2;
    await sendFailing(interceptor, request(), 503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'later' });
    await vi.waitFor(() => expect(records.rows.size).toBe(0));
    expect(records.log.filter((line) => line.startsWith('release'))).toHaveLength(3);
  });
});
