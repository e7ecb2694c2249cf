import { NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { MongoNetworkError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { AllExceptionsFilter, isDatabaseDown } from './all-exceptions.filter.js';

/** The answer the filter gives for `error`, from a response stub that records status, headers and body. */
function answer(error: unknown): { status: number; body: unknown; headers: Record<string, string> } {
  const sent = { status: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const response = {
    headersSent: false,
    setHeader: (name: string, value: string) => (sent.headers[name.toLowerCase()] = value),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: unknown) => (sent.body = body),
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new AllExceptionsFilter().catch(error, host);
  return sent;
}

/** What Node throws from a write to a socket the other side closed (net.js writeAfterFIN). */
function writeAfterFin(): Error {
  return Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' });
}

describe('AllExceptionsFilter', () => {
  it('answers 503 with Retry-After for every way the database can be gone', () => {
    for (const error of [
      new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'),
      new MongoServerSelectionError('Server selection timed out after 5000 ms', { type: 'Unknown', servers: new Map() } as never),
      writeAfterFin(),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Operation `songs.findOne()` buffering timed out after 10000ms'),
      // A MongoDB server shutting down, and FerretDB cancelling a running command as it stops (a drill saw it as a 500).
      new MongoServerError({ ok: 0, code: 91, codeName: 'ShutdownInProgress', errmsg: 'The server is in quiesce mode and will shut down' }),
      new MongoServerError({ ok: 0, code: 1, codeName: 'InternalError', errmsg: '[msg_insert.go:157 handler.(*Handler).MsgInsert] context canceled' }),
    ]) {
      expect(isDatabaseDown(error), error.message).toBe(true);
      const sent = answer(error);
      expect([sent.status, (sent.body as { code: string }).code, sent.headers['retry-after']], error.message).toEqual([503, 'SERVICE_UNAVAILABLE', '5']);
    }
  });

  it('answers 500 without internals for an unknown error, and keeps an HttpException’s status', () => {
    expect(isDatabaseDown(new TypeError('x is undefined'))).toBe(false);
    // An engine's own failure that is not about going away stays a 500 (and is logged with its stack).
    expect(isDatabaseDown(new MongoServerError({ ok: 0, code: 1, codeName: 'InternalError', errmsg: 'unexpected type' }))).toBe(false);
    expect(isDatabaseDown(new MongoServerError({ ok: 0, code: 11000, errmsg: 'E11000 duplicate key error' }))).toBe(false);
    expect(answer(new TypeError('x is undefined'))).toEqual({ status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong. Please try again' }, headers: {} });
    expect(answer(new NotFoundException('Song not found'))).toMatchObject({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Song not found' } });
  });
});
