import { vi } from 'vitest';
import type { SessionUser } from '@tunafy/contracts';
import { installApiClient } from '@tunafy/app-kit/test';

export { apiError, deferred } from '@tunafy/app-kit/test';

export const ANN: SessionUser = { id: '0123456789abcdef01234567', username: 'ann', email: 'ann@example.com' };

/** Puts a fake where getApiClient() looks (the page-wide slot); only the auth calls are stubbed. */
export function stubApiClient() {
  return installApiClient({
    login: vi.fn<(input: { email: string; password: string }) => Promise<SessionUser>>(),
    signup: vi.fn<(input: { email: string; username: string; password: string }) => Promise<SessionUser>>(),
  });
}
