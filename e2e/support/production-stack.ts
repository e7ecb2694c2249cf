import { randomBytes } from 'node:crypto';
import { DEMO_CREDENTIALS, type Playlist, type SessionUser, type Song } from '@tunafy/contracts';
import { cookieHeader, startProductionTopology, storeSetCookies, type ProductionTopology, type ProductionTopologyOptions } from '@tunafy/stack';
import { seedMedia } from './seed-media.js';

/**
 * The production topology (packages/stack/src/production-topology.ts: nginx gateway, four nginx static
 * servers, two API replicas, one database engine) with what the journeys and drills need in it: the demo
 * account, a few real songs uploaded through the gateway, and a playlist.
 */
export interface ProductionStack {
  topology: ProductionTopology;
  url: string;
  demo: ApiSession;
  user: SessionUser;
  songs: Song[];
  playlist: Playlist;
  stop(): Promise<void>;
}

/** One API client with its own cookie jar and CSRF token, talking to the gateway as a browser would. */
export class ApiSession {
  private readonly jar = new Map<string, string>();
  private csrfToken = '';

  constructor(readonly baseUrl: string) {}

  async fetch(method: string, path: string, init: { body?: BodyInit; json?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.jar.size > 0) headers.cookie = cookieHeader(this.jar);
    if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = this.csrfToken;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, signal: AbortSignal.timeout(init.timeoutMs ?? 20_000) });
    storeSetCookies(this.jar, response.headers.getSetCookie());
    return response;
  }

  /** The session's cookies as a Cookie header, for a request this session does not send itself. */
  cookieHeader(): string {
    return cookieHeader(this.jar);
  }

  async refreshCsrf(): Promise<void> {
    const response = await this.fetch('GET', '/api/auth/csrf');
    if (!response.ok) throw new Error(`GET /api/auth/csrf answered ${response.status}`);
    this.csrfToken = ((await response.json()) as { csrf_token: string }).csrf_token;
  }

  /** Logs in (signing up first when the account does not exist) and answers the session's user. */
  async logIn(account: { email: string; username: string; password: string }): Promise<SessionUser> {
    await this.refreshCsrf();
    let login = await this.fetch('POST', '/api/auth/login', { json: { email: account.email, password: account.password } });
    if (login.status === 401) {
      const signup = await this.fetch('POST', '/api/auth/signup', { json: account });
      if (!signup.ok) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
      await this.refreshCsrf();
      login = await this.fetch('POST', '/api/auth/login', { json: { email: account.email, password: account.password } });
    }
    if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    await this.refreshCsrf();
    const me = await this.fetch('GET', '/api/auth/');
    if (!me.ok) throw new Error(`GET /api/auth/ answered ${me.status}`);
    return (await me.json()) as SessionUser;
  }

  async json<T>(method: string, path: string, init: Parameters<ApiSession['fetch']>[2] = {}): Promise<T> {
    const response = await this.fetch(method, path, init);
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }
}


export async function startProductionStack(log: (line: string) => void = () => undefined, options: ProductionTopologyOptions = {}): Promise<ProductionStack> {
  const topology = await startProductionTopology({ log, ...options });
  try {
    const demo = new ApiSession(topology.url);
    const user = await demo.logIn(DEMO_CREDENTIALS);
    // Real mp3s (the seed's generator), uploaded through the gateway as a user's would be.
    const { synthesizeSong, renderCover } = await seedMedia();
    const tag = randomBytes(3).toString('hex');
    const songs: Song[] = [];
    for (const [index, name] of ['Gateway Alpha', 'Gateway Bravo', 'Gateway Charlie'].entries()) {
      const form = new FormData();
      form.set('song_name', `${name} ${tag}`);
      form.set('song_cover_url', new Blob([new Uint8Array(renderCover({ seed: 500 + index, title: name, size: 64 }))], { type: 'image/png' }), 'cover.png');
      form.set('song_file_url', new Blob([new Uint8Array(synthesizeSong({ seed: 500 + index, seconds: 20 }))], { type: 'audio/mpeg' }), 'song.mp3');
      songs.push(await demo.json<Song>('POST', '/api/songs/new', { body: form }));
    }
    const playlistForm = new FormData();
    playlistForm.set('playlist_name', `Gateway Mix ${tag}`);
    playlistForm.set('description', 'Made through nginx');
    const playlist = await demo.json<Playlist>('POST', '/api/playlists/new', { body: playlistForm });
    return { topology, url: topology.url, demo, user, songs, playlist, stop: () => topology.stop() };
  } catch (error) {
    await topology.stop();
    throw error;
  }
}
