import { ApiError } from '@tunafy/api-client';
import type { ErrorCode } from '@tunafy/contracts';

/** Puts `fake` where getApiClient() looks (the page-wide slot); each app's suite stubs only the calls it makes. */
export function installApiClient<T extends object>(fake: T): T {
  (globalThis as Record<symbol, unknown>)[Symbol.for('tunafy.api-client')] = fake;
  return fake;
}

const CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** The error the API client throws for a refused call, with the code the API sends for that status. */
export function apiError(statusCode: number, errors?: Record<string, string>, message = 'Refused.'): ApiError {
  const code = CODES[statusCode] ?? (statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  return new ApiError({ statusCode, code, message, errors });
}

/** A promise the test settles by hand, to look at the screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
