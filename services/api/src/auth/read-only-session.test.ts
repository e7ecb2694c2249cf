import { sign } from 'cookie-signature';
import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { readOnlySession, sessionIdOf } from './read-only-session.js';

const NAME = 'tunafy.sid';
const SECRET = 'current-secret';
const signed = (sid: string, secret = SECRET) => `s:${sign(sid, secret)}`;
const header = (value: string) => `theme=dark; ${NAME}=${encodeURIComponent(value)}; other=1`;

describe('sessionIdOf', () => {
  const options = { name: NAME, secrets: [SECRET, 'previous-secret'] };

  it('reads the id from a cookie signed with any of the secrets', () => {
    expect(sessionIdOf(header(signed('abc')), options)).toBe('abc');
    expect(sessionIdOf(header(signed('abc', 'previous-secret')), options)).toBe('abc');
  });

  it('treats a forged, unsigned, empty or absent cookie as no session', () => {
    expect(sessionIdOf(header(signed('abc', 'someone-elses-secret')), options)).toBeNull();
    expect(sessionIdOf(header(`${signed('abc').slice(0, -2)}xx`), options)).toBeNull();
    expect(sessionIdOf(header('abc'), options)).toBeNull();
    expect(sessionIdOf(header(''), options)).toBeNull();
    expect(sessionIdOf('theme=dark', options)).toBeNull();
    expect(sessionIdOf(undefined, options)).toBeNull();
  });
});

describe('readOnlySession', () => {
  const run = async (cookie: string | undefined, sessions: Record<string, unknown>) => {
    const asked: string[] = [];
    const middleware = readOnlySession({
      name: NAME,
      secrets: [SECRET],
      store: {
        peek: async (sid: string) => {
          asked.push(sid);
          return (sessions[sid] ?? null) as never;
        },
      },
    });
    const req = { headers: { cookie } } as Request;
    const error = await new Promise<unknown>((resolve) => middleware(req, {} as Response, resolve as NextFunction));
    return { user: req.user, error, asked };
  };

  it('sets the user of a stored session and nothing for a guest', async () => {
    const user = { id: 'u1', username: 'ana', email: 'ana@example.com' };
    expect(await run(header(signed('s1')), { s1: { passport: { user } } })).toEqual({ user, error: undefined, asked: ['s1'] });
    expect(await run(undefined, {})).toEqual({ user: undefined, error: undefined, asked: [] });
  });

  it('sets no user for a session that is gone, has no user or names one badly', async () => {
    const sessions = { empty: { cookie: {} }, bad: { passport: { user: { id: 42 } } } };
    for (const sid of ['gone', 'empty', 'bad']) {
      expect((await run(header(signed(sid)), sessions)).user).toBeUndefined();
    }
  });

  it('never asks the store about a cookie it cannot verify', async () => {
    expect((await run(header(signed('s1', 'forged')), { s1: { passport: { user: { id: 'u1' } } } })).asked).toEqual([]);
  });

  it('passes a store failure on as the request error', async () => {
    const failure = new Error('database down');
    const middleware = readOnlySession({ name: NAME, secrets: [SECRET], store: { peek: () => Promise.reject(failure) } });
    const req = { headers: { cookie: header(signed('s1')) } } as Request;
    await expect(new Promise((resolve) => middleware(req, {} as Response, resolve as NextFunction))).resolves.toBe(failure);
  });
});
