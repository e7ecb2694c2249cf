import type { SessionUser } from '@tunafy/contracts';
import { describe, expect, it } from 'vitest';
import type { AppCredentials, AppPasswordsService } from '../app-passwords/app-passwords.service.js';
import type { AppConfig } from '../config/app-config.js';
import { SubsonicParams } from './protocol/subsonic-params.js';
import { credentialsOf, SubsonicAuth } from './subsonic-auth.js';

const ann: SessionUser = { id: 'a'.repeat(24), username: 'ann', email: 'ann@example.com' };
const params = (query: string) => SubsonicParams.from(query, null);

/** Accepts only ann's app password "right", by plain password or API key. */
function auth(limit: number): SubsonicAuth {
  const appPasswords = {
    verify: async (credentials: AppCredentials) =>
      (credentials.kind === 'apiKey' && credentials.apiKey === 'right') || (credentials.kind === 'password' && credentials.username === 'ann' && credentials.password === 'right') ? { user: ann, appPasswordId: 'x' } : null,
  } as unknown as AppPasswordsService;
  return new SubsonicAuth(appPasswords, { authRateLimit: limit } as AppConfig);
}

describe('credentialsOf', () => {
  it('reads each scheme, decodes enc: passwords, and refuses mixed or missing ones with the spec’s codes', () => {
    expect(credentialsOf(params('u=ann&t=abc&s=salt'))).toEqual({ kind: 'token', username: 'ann', token: 'abc', salt: 'salt' });
    expect(credentialsOf(params('u=ann&p=enc:6869'))).toEqual({ kind: 'password', username: 'ann', password: 'hi' });
    expect(credentialsOf(params('apiKey=k'))).toEqual({ kind: 'apiKey', apiKey: 'k' });
    expect(() => credentialsOf(params('apiKey=k&p=x'))).toThrow(expect.objectContaining({ code: 43 }));
    expect(() => credentialsOf(params('p=x'))).toThrow(expect.objectContaining({ code: 10 }));
    expect(() => credentialsOf(params('u=ann&t=abc'))).toThrow(expect.objectContaining({ code: 10 }));
    expect(() => credentialsOf(params('u=ann&p=enc:zz'))).toThrow(expect.objectContaining({ code: 40 }));
  });
});

describe('SubsonicAuth', () => {
  it('refuses an address after `limit` failures in a minute, even with the right password then', async () => {
    const signer = auth(3);
    for (let attempt = 0; attempt < 3; attempt++) await expect(signer.signIn(params('u=ann&p=wrong'), '10.0.0.1')).rejects.toMatchObject({ code: 40 });
    await expect(signer.signIn(params('u=ann&p=right'), '10.0.0.1')).rejects.toMatchObject({ code: 0, message: expect.stringMatching(/Too many failed sign-ins/) });
    // The user is limited too, from another address; an API key (no user named) from a fresh address is not.
    await expect(signer.signIn(params('u=ann&p=right'), '10.0.0.2')).rejects.toMatchObject({ code: 0 });
    await expect(signer.signIn(params('apiKey=right'), '10.0.0.3')).resolves.toMatchObject({ user: ann });
  });

  it('lets successes through without counting them', async () => {
    const signer = auth(2);
    for (let call = 0; call < 10; call++) await expect(signer.signIn(params('u=ann&p=right'), '10.0.0.9')).resolves.toMatchObject({ user: ann });
  });
});
