import { vi } from 'vitest';
import { ApiError } from '@tunafy/api-client';
import type { ErrorCode, SessionUser } from '@tunafy/contracts';

export const ANN: SessionUser = { id: '0123456789abcdef01234567', username: 'ann', email: 'ann@example.com' };

/** Puts a fake where getApiClient() looks (the page-wide slot); only the auth calls are stubbed. */
export function stubApiClient() {
  const fake = {
    login: vi.fn<(input: { email: string; password: string }) => Promise<SessionUser>>(),
    signup: vi.fn<(input: { email: string; username: string; password: string }) => Promise<SessionUser>>(),
  };
  (globalThis as Record<symbol, unknown>)[Symbol.for('tunafy.api-client')] = fake;
  return fake;
}

const CODES: Record<number, ErrorCode> = { 400: 'VALIDATION_FAILED', 401: 'UNAUTHENTICATED', 409: 'CONFLICT', 429: 'RATE_LIMITED' };

export function apiError(statusCode: number, errors?: Record<string, string>, message = 'Refused.'): ApiError {
  const code = CODES[statusCode] ?? (statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  return new ApiError({ statusCode, code, message, errors });
}

/** A promise the test settles by hand, to look at the form while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
