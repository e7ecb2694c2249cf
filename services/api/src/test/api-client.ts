import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@tunafy/contracts';
import { cookieHeader, storeSetCookies } from '@tunafy/stack';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  raw: Buffer;
}

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  urlencoded?: Record<string, string>;
  headers?: Record<string, string>;
  /** Leave out the CSRF header, to prove the API refuses such calls. */
  withoutCsrf?: boolean;
}

/**
 * A browser-like HTTP client for the integration tests: keeps cookies, sends
 * the CSRF header on state-changing calls and talks to the real API process.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | null = null;
  user: SessionUser | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: RequestInit['body'];
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.urlencoded) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.urlencoded).toString();
    }
    const stateChanging = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (stateChanging && !options.withoutCsrf) headers['x-csrf-token'] = await this.csrf();
    if (this.cookies.size > 0) headers.cookie = cookieHeader(this.cookies);

    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    storeSetCookies(this.cookies, response.headers.getSetCookie());
    const issued = response.headers.get('x-csrf-token');
    if (issued) this.csrfToken = issued;
    const raw = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('application/json') && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : raw;
    return { status: response.status, headers: response.headers, body: parsed as T, raw };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('POST', path, options);
  }
  put<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('PUT', path, options);
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  async csrf(): Promise<string> {
    if (!this.csrfToken) {
      const response = await this.get<{ csrf_token: string }>('/api/auth/csrf');
      this.csrfToken = response.body.csrf_token;
    }
    return this.csrfToken;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Every cookie as a Cookie header, for a request this client does not send itself. */
  cookieHeader(): string {
    return cookieHeader(this.cookies);
  }

  /** Drops a cookie, as its expiry would (replica tests that must not carry the catalog revision). */
  forgetCookie(name: string): void {
    this.cookies.delete(name);
  }

  /** Sets a cookie as a Set-Cookie would (replica tests that name a catalog revision). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** Carries this client's cookies to another API process (restart and replica tests). */
  withBaseUrl(baseUrl: string): ApiClient {
    const copy = new ApiClient(baseUrl);
    this.cookies.forEach((value, name) => copy.cookies.set(name, value));
    copy.csrfToken = this.csrfToken;
    copy.user = this.user;
    return copy;
  }

}

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

/** Signs up a fresh user and returns a client logged in as them. */
export async function newUser(baseUrl: string, prefix = 'user'): Promise<ApiClient & { user: SessionUser; password: string }> {
  const client = new ApiClient(baseUrl);
  const username = uniqueName(prefix);
  const password = 'correct-horse';
  const response = await client.post<SessionUser>('/api/auth/signup', { json: { email: `${username}@example.com`, username, password } });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  client.user = response.body;
  return Object.assign(client, { user: response.body, password });
}
