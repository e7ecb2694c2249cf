import { join } from 'node:path';
import { repoRoot, runNodeScript, startApi, startDatabase } from '@tunafy/stack';
import { DEMO_CREDENTIALS } from '@tunafy/contracts';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../test/api-client.js';

const apiEnv = inject('apiEnv');

async function counts(client: ApiClient) {
  const [songs, albums, playlists, users, liked] = await Promise.all([
    client.get('/api/songs'),
    client.get('/api/albums'),
    client.get('/api/playlists'),
    client.get('/api/users'),
    client.get(`/api/collection/${client.user!.id}/tracks`),
  ]);
  return {
    songs: songs.body.songs.length,
    albums: albums.body.albums.length,
    playlists: playlists.body.playlists.length,
    users: users.body.users.length,
    liked: liked.body.length,
  };
}

describe('demo catalog', () => {
  it('loads on first start with real media, and reloading creates nothing new', { timeout: 600_000 }, async () => {
    // Its own empty database: the shared test database is not empty.
    const database = await startDatabase({ mode: 'test' });
    try {
      const api = await startApi({ mongodbUri: database.uri, env: { ...apiEnv, SEED_ON_EMPTY: 'true' }, timeoutMs: 540_000 });
      let client: ApiClient;
      let before: Awaited<ReturnType<typeof counts>>;
      try {
        client = new ApiClient(api.url);
        const login = await client.post('/api/auth/login', { json: { email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password } });
        expect(login.status).toBe(200);
        client.user = login.body;
        before = await counts(client);
        expect(before.songs).toBeGreaterThanOrEqual(30);
        expect(before.albums).toBeGreaterThanOrEqual(7);
        expect(before.users).toBeGreaterThanOrEqual(5);
        expect(before.liked).toBeGreaterThan(0);

        const { body } = await client.get('/api/songs');
        const song = body.songs[0];
        expect(song.duration).toBeGreaterThanOrEqual(20);
        const audio = await client.get(song.song_file_url, { headers: { range: 'bytes=0-3' } });
        expect(audio.status).toBe(206);
        expect(audio.headers.get('content-type')).toBe('audio/mpeg');
        const cover = await new ApiClient(api.url).get(song.song_cover_url);
        expect(cover.status).toBe(200);
        expect(cover.raw.subarray(1, 4).toString('latin1')).toBe('PNG');

        // Some private playlists: another user sees fewer playlists than exist in total.
        const guest = await new ApiClient(api.url).get('/api/playlists');
        expect(guest.body.playlists.length).toBeLessThan(9 + before.playlists);
        expect(guest.body.playlists.some((playlist: { description: string | null }) => playlist.description === null)).toBe(true);
      } finally {
        await api.stop();
      }

      const code = await runNodeScript(join(repoRoot(), 'services/api/dist/seed-cli.js'), { ...apiEnv, MONGODB_URI: database.uri, LOG_LEVEL: 'error' });
      expect(code).toBe(0);
      const again = await startApi({ mongodbUri: database.uri, env: apiEnv });
      try {
        const reloaded = client!.withBaseUrl(again.url);
        expect(await counts(reloaded)).toEqual(before!);
      } finally {
        await again.stop();
      }
    } finally {
      await database.stop();
    }
  });
});
