import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { AppPasswordsService, type AppCredentials, type VerifiedApp } from '../app-passwords/app-passwords.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SUBSONIC_ERRORS, SubsonicError } from './protocol/subsonic-error.js';
import type { SubsonicParams } from './protocol/subsonic-params.js';

/** Which scheme a call signs in with; a call naming two is refused (OpenSubsonic's error 43). */
export function credentialsOf(params: SubsonicParams): AppCredentials {
  const apiKey = params.string('apiKey');
  const username = params.string('u');
  if (apiKey !== undefined) {
    if (['u', 'p', 't', 's'].some((name) => params.has(name))) throw new SubsonicError(SUBSONIC_ERRORS.conflictingAuth, 'Multiple conflicting authentication mechanisms provided');
    return { kind: 'apiKey', apiKey };
  }
  if (!username) throw SubsonicError.missing('u');
  if (params.has('t') || params.has('s')) return { kind: 'token', username, token: params.required('t'), salt: params.required('s') };
  const password = params.required('p');
  return { kind: 'password', username, password: password.startsWith('enc:') ? decodeHex(password.slice(4)) : password };
}

function decodeHex(hex: string): string {
  if (!/^(?:[0-9a-f]{2})*$/iu.test(hex)) throw new SubsonicError(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password');
  return Buffer.from(hex, 'hex').toString('utf8');
}

/**
 * Signs Subsonic calls in with app passwords, and slows guessing: failed attempts are counted per address and per
 * username as the web login counts them (AUTH_RATE_LIMIT a minute); past either, calls are refused for the minute.
 */
@Injectable()
export class SubsonicAuth {
  private readonly failures: RateLimiterMemory;

  constructor(
    private readonly appPasswords: AppPasswordsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.failures = new RateLimiterMemory({ points: config.authRateLimit, duration: 60 });
  }

  async signIn(params: SubsonicParams, address: string): Promise<VerifiedApp> {
    const credentials = credentialsOf(params);
    const keys = [`address:${address}`, ...(credentials.kind === 'apiKey' ? [] : [`user:${credentials.username.toLowerCase()}`])];
    for (const key of keys) {
      const seen = await this.failures.get(key);
      if (seen && seen.consumedPoints >= this.config.authRateLimit) {
        throw new SubsonicError(SUBSONIC_ERRORS.generic, `Too many failed sign-ins. Please wait ${Math.ceil(seen.msBeforeNext / 1000)} s and try again.`);
      }
    }
    const verified = await this.appPasswords.verify(credentials, params.string('c') ?? null);
    if (verified) return verified;
    await Promise.all(keys.map((key) => this.failures.penalty(key, 1)));
    if (credentials.kind === 'apiKey') throw new SubsonicError(SUBSONIC_ERRORS.invalidApiKey, 'Invalid API key');
    throw new SubsonicError(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password. Use an app password from Connected apps, not your web password.');
  }
}
