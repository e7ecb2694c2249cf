import { vi } from 'vitest';
import { ApiError } from '@tunafy/api-client';
import { installApiClient } from '@tunafy/app-kit/test';
import type { PlayerState as SavedPlayerState, SessionUser, Song } from '@tunafy/contracts';

export const ANN: SessionUser = { id: '0123456789abcdef01234567', username: 'ann', email: 'ann@example.com' };
export const BOB: SessionUser = { id: '76543210fedcba9876543210', username: 'bob', email: 'bob@example.com' };

interface FakeServer {
  playerState?: SavedPlayerState | null;
  recentlyPlayed?: Song[];
}

/** Puts a fake where getApiClient() looks (the page-wide slot), answering the listening endpoints. */
export function stubApiClient(server: FakeServer = {}) {
  return installApiClient({
    get: vi.fn(async (path: string) => {
      if (path.startsWith('/api/me/recently-played')) return { songs: server.recentlyPlayed ?? [] };
      if (path === '/api/me/player-state') {
        if (server.playerState) return server.playerState;
        throw new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: 'Player state not found.' });
      }
      throw new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: `No fake for ${path}` });
    }),
    post: vi.fn(async (_path: string, _options?: unknown) => ({ counted: true })),
    put: vi.fn(async (_path: string, _options?: unknown) => ({})),
  });
}
