import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_CREDENTIALS, type Song, type SongsResponse } from '@tunafy/contracts';
import { frontendApps, growCatalog, startApi, startDatabase, startGateway, throwawayApiEnv, type GrownCatalog, type RunningDatabase } from '@tunafy/stack';
import { seedMedia } from './seed-media.js';
import type { TestStack } from './stack.js';

export interface GrownStack extends TestStack {
  catalog: GrownCatalog;
  /** The engine holding the grown catalog, e.g. for the production topology to serve it too (songs-perf --production). */
  database: RunningDatabase;
}

async function csrf(request: APIRequestContext, baseUrl: string): Promise<string> {
  return ((await (await request.get(`${baseUrl}/api/auth/csrf`)).json()) as { csrf_token: string }).csrf_token;
}

/** Logs `request` (a page's or a standalone context) in as the demo user on the stack at `baseUrl`. */
export async function logInAsDemoAt(request: APIRequestContext, baseUrl: string): Promise<void> {
  const login = await request.post(`${baseUrl}/api/auth/login`, { headers: { 'x-csrf-token': await csrf(request, baseUrl) }, data: DEMO_CREDENTIALS });
  if (!login.ok()) throw new Error(`login answered ${login.status()}: ${await login.text()}`);
}

async function check<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A stack of its own (fresh database, API, gateway, demo account; never the shared one, whose lists other
 * specs expect short) holding `songs` songs: one real upload by the demo user, whose mp3 and cover every
 * other song points at, then direct inserts (growCatalog) while no API runs, so the API started after them
 * loads the whole catalog before it listens (a running one would reload it in the background, slowly on a
 * busy machine).
 */
export async function startGrownStack(songs: number, log: (line: string) => void = () => undefined): Promise<GrownStack> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    while (stops.length > 0) await stops.pop()!().catch((error: Error) => log(`cleanup: ${error.message}`));
  };
  const request = await playwrightRequest.newContext();
  try {
    const database = await startDatabase({ mode: 'test', log });
    stops.push(() => database.stop());
    const cacheDir = mkdtempSync(join(tmpdir(), 'tunafy-grown-media-'));
    stops.push(async () => rmSync(cacheDir, { recursive: true, force: true }));
    const env = throwawayApiEnv(cacheDir, { TRUST_PROXY: '1' });

    const uploader = await startApi({ mongodbUri: database.uri, env });
    let template: Song;
    let me: { id: string };
    try {
      const signup = await request.post(`${uploader.url}/api/auth/signup`, { headers: { 'x-csrf-token': await csrf(request, uploader.url) }, data: DEMO_CREDENTIALS });
      if (!signup.ok()) throw new Error(`signup answered ${signup.status()}: ${await signup.text()}`);
      me = await check<{ id: string }>(await request.get(`${uploader.url}/api/auth/`), 'GET /api/auth/');
      template = await uploadTemplate(request, uploader.url);
    } finally {
      await uploader.stop();
    }

    const grownAt = Date.now();
    const fileId = (url: string) => url.slice(url.lastIndexOf('/') + 1);
    const catalog = await growCatalog(database.uri, { songs, mainUserId: me.id, template: { coverFileId: fileId(template.song_cover_url), audioFileId: fileId(template.song_file_url) } });
    log(`grew the catalog to ${songs.toLocaleString('en-US')} songs in ${((Date.now() - grownAt) / 1000).toFixed(1)} s`);

    const loadingAt = Date.now();
    const api = await startApi({ mongodbUri: database.uri, env, timeoutMs: Math.max(120_000, songs * 2) });
    stops.push(() => api.stop());
    log(`the API loaded it and listens after ${((Date.now() - loadingAt) / 1000).toFixed(1)} s`);
    const gateway = await startGateway({ apiUrl: api.url, apps: frontendApps(), env: {}, log });
    stops.push(() => gateway.stop());
    const total = (await check<SongsResponse>(await request.get(`${gateway.url}/api/songs?limit=1`), 'GET /api/songs')).total;
    if (total !== songs) throw new Error(`the API shows ${total} songs, not ${songs}`);
    return { baseUrl: gateway.url, apiUrl: api.url, mongodbUri: database.uri, database, stop, catalog };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await request.dispose();
  }
}

/** One real upload: an mp3 and a cover made by the seed's generators. */
async function uploadTemplate(request: APIRequestContext, apiUrl: string): Promise<Song> {
  const { synthesizeSong, renderCover } = await seedMedia();
  const upload = await request.post(`${apiUrl}/api/songs/new`, {
    headers: { 'x-csrf-token': await csrf(request, apiUrl) },
    multipart: {
      song_name: 'Template',
      song_cover_url: { name: 'cover.png', mimeType: 'image/png', buffer: renderCover({ seed: 1, title: 'Template', size: 64 }) },
      song_file_url: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: synthesizeSong({ seed: 1, seconds: 20 }) },
    },
  });
  if (upload.status() !== 201) throw new Error(`upload answered ${upload.status()}: ${await upload.text()}`);
  return (await upload.json()) as Song;
}
