import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { cookieHeader, storeSetCookies } from '../cookie-jar.js';

/**
 * A logged-in API user for the benchmarks: a cookie jar plus the CSRF header
 * on state-changing calls (the same protocol as services/api's test ApiClient,
 * which lives outside this package's sources).
 */
export class BenchSession {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | null = null;

  constructor(public baseUrl: string) {}

  /** The Cookie header a browser of this user would send. */
  get cookieHeader(): string {
    return cookieHeader(this.cookies);
  }

  async signup(): Promise<{ id: string; username: string }> {
    const username = `bench${randomBytes(4).toString('hex')}`;
    const response = await this.send('POST', '/api/auth/signup', {
      json: { email: `${username}@example.com`, username, password: 'correct-horse-bench' },
    });
    if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; username: string };
  }

  /** POST /api/songs/new with a real cover and mp3, as the create-song page sends it. */
  async uploadSong(name: string, cover: Buffer, mp3: Buffer): Promise<{ id: string; song_file_url: string }> {
    const form = new FormData();
    form.append('song_name', name);
    form.append('song_cover_url', new File([cover], 'cover.png', { type: 'image/png' }));
    form.append('song_file_url', new File([mp3], 'song.mp3', { type: 'audio/mpeg' }));
    const response = await this.send('POST', '/api/songs/new', { form });
    if (response.status !== 201) throw new Error(`upload of ${name} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; song_file_url: string };
  }

  async send(method: string, path: string, options: { json?: unknown; form?: FormData } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    if (method !== 'GET') headers['x-csrf-token'] = await this.csrf();
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    storeSetCookies(this.cookies, response.headers.getSetCookie());
    const issued = response.headers.get('x-csrf-token');
    if (issued) this.csrfToken = issued;
    return response;
  }

  /**
   * GET through node:http, which (unlike fetch) sends no Accept-Encoding,
   * exactly like autocannon: the bytes and headers the load test will see.
   */
  getRaw(path: string, headers: Record<string, string> = { cookie: this.cookieHeader }): Promise<{ status: number; contentType: string; contentEncoding?: string; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = request(this.baseUrl + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            contentEncoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  private async csrf(): Promise<string> {
    if (!this.csrfToken) {
      const response = await this.send('GET', '/api/auth/csrf');
      this.csrfToken = ((await response.json()) as { csrf_token: string }).csrf_token;
    }
    return this.csrfToken;
  }
}
