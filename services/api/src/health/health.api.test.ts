import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../test/api-client.js';

const apiUrl = inject('apiUrl');

describe('operations endpoints', () => {
  it('reports the database status', async () => {
    const response = await new ApiClient(apiUrl).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({ status: 'ok', database: 'up', uptime_seconds: expect.any(Number) });
  });

  it('serves OpenAPI docs describing every spec route', async () => {
    const client = new ApiClient(apiUrl);
    expect((await client.get('/api/docs')).status).toBe(200);
    const { body } = await client.get('/api/docs/openapi.json');
    const paths = Object.keys(body.paths);
    for (const path of [
      '/api/auth',
      '/api/auth/login',
      '/api/auth/signup',
      '/api/auth/logout',
      '/api/playlists',
      '/api/playlists/{id}',
      '/api/playlists/{id}/manage',
      '/api/playlists/{id}/songs',
      '/api/playlists/new',
      '/api/playlists/{id}/add',
      '/api/playlists/{id}/remove',
      '/api/songs',
      '/api/songs/{id}',
      '/api/songs/new',
      '/api/songs/{id}/update',
      '/api/albums',
      '/api/albums/{id}',
      '/api/albums/current/{userId}',
      '/api/albums/{id}/songs',
      '/api/albums/new',
      '/api/albums/{id}/update',
      '/api/albums/{id}/add',
      '/api/albums/{id}/remove',
      '/api/users',
      '/api/collection/{userId}/tracks',
      '/api/collection/{userId}/new',
      '/api/collection/{userId}/delete',
      '/api/collection/{userId}/liked/{songId}',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('answers unknown routes with the error shape', async () => {
    const response = await new ApiClient(apiUrl).get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('answers a malformed JSON body with a 400 in the error shape, not a 500', async () => {
    const broken = await fetch(`${apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ statusCode: 400, code: expect.any(String), message: expect.any(String) });
  });
});
