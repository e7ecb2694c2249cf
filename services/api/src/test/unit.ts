import type { SessionUser } from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';

/**
 * What the services' unit tests share: ids and users that need no database, and a reader for the ApiException
 * a call is expected to throw. Each test file gets its own copy of this module, so ids count up per file.
 */

let counter = 0;
/** A fresh 24-hex id, as a record read from the database would carry. */
export const newId = () => (++counter).toString(16).padStart(24, '0');

export const ann: SessionUser = { id: newId(), username: 'ann', email: 'ann@example.com' };
export const bob: SessionUser = { id: newId(), username: 'bob', email: 'bob@example.com' };

export interface Failure {
  status: number;
  code: string;
  errors?: Record<string, string>;
}

/** The status, code and (when it has any) field errors of the ApiException `promise` rejects with. */
export async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiException) {
      const body = error.getResponse() as { code: string; errors?: Record<string, string> };
      return { status: error.getStatus(), code: body.code, ...(body.errors ? { errors: body.errors } : {}) };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Only the status and code of the expected failure, for tests that leave the field errors to others. */
export async function failureCode(promise: Promise<unknown>): Promise<Omit<Failure, 'errors'>> {
  const { status, code } = await failure(promise);
  return { status, code };
}
