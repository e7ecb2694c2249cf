import { IDEMPOTENCY_KEY_HEADER, isApiErrorBody, MESSAGES, type ApiErrorBody, type CsrfTokenResponse, type LoginInput, type SessionUser, type SignupInput } from '@tunafy/contracts';

/** Every failed call rejects with this, carrying the API's error body (or a synthesized one). */
export class ApiError extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.message);
  }
  get status(): number {
    return this.body.statusCode;
  }
  /** Field messages for forms; a 5xx becomes the spec's generic message under `server`. */
  get fieldErrors(): Record<string, string> {
    if (this.status >= 500) return { server: MESSAGES.serverError };
    return this.body.errors ?? {};
  }
}

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Let the request outlive the page (saving the player's state on pagehide). */
  keepalive?: boolean;
  /** Upload progress from 0 to 1 (uses XMLHttpRequest, which reports it; fetch does not). */
  onUploadProgress?: (fraction: number) => void;
}

type Transport = (method: string, url: string, headers: Record<string, string>, body: XMLHttpRequestBodyInit | undefined, options: RequestOptions) => Promise<{ status: number; headers: Headers; text: string }>;

const SAFE = new Set(['GET', 'HEAD']);
/**
 * Writes that set or end the session: the API does not record them (a replay could not give the cookie back) and each
 * is safe to send again, so they carry no key.
 */
const SESSION_ROUTES = /^\/api\/auth(\/|$)/;

const fetchTransport: Transport = async (method, url, headers, body, options) => {
  const response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal, keepalive: options.keepalive });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

const xhrTransport: Transport = (method, url, headers, body, options) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    Object.entries(headers).forEach(([name, value]) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => event.lengthComputable && options.onUploadProgress?.(event.loaded / event.total);
    xhr.onload = () => {
      const parsed = new Headers();
      xhr.getAllResponseHeaders().trim().split(/[\r\n]+/).filter(Boolean).forEach((line) => {
        const at = line.indexOf(':');
        parsed.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      });
      resolve({ status: xhr.status, headers: parsed, text: xhr.responseText });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body ?? null);
  });

/**
 * A random key: crypto.randomUUID() exists only in secure contexts (HTTPS, localhost), and a self-hosted instance may be
 * served over plain HTTP on a home network; getRandomValues exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function networkError(): ApiError {
  return new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Tunafy cannot be reached. Check your connection and try again.' });
}

export class ApiClient {
  private csrfToken: string | null = null;

  constructor(private readonly baseUrl = '') {}

  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('GET', path, options);
  }
  post<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('POST', path, options);
  }
  put<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('PUT', path, options);
  }
  delete<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  /** Like get(), but a 404 resolves to null (the "liked?" check treats absence as an answer). */
  async find<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
    try {
      return await this.get<T>(path, options);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  /**
   * Every write carries a fresh Idempotency-Key (docs/api.md, "Retrying writes"): the API runs it at most once, so
   * the gateway may resend it to another replica when a connection fails, and it is never applied twice. The retry
   * after a stale CSRF token sends the same key (the API refused the first attempt before recording anything).
   */
  request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const key = SAFE.has(method) || SESSION_ROUTES.test(path) ? undefined : newIdempotencyKey();
    return this.send<T>(method, path, options, key, false);
  }

  private async send<T>(method: string, path: string, options: RequestOptions, idempotencyKey: string | undefined, retried: boolean): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    let body: XMLHttpRequestBodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    if (!SAFE.has(method)) headers['x-csrf-token'] = await this.csrf();
    const transport = options.onUploadProgress && typeof XMLHttpRequest !== 'undefined' ? xhrTransport : fetchTransport;
    let response;
    try {
      response = await transport(method, this.baseUrl + path, headers, body, options);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw networkError();
    }
    const issued = response.headers.get('x-csrf-token');
    if (issued) this.csrfToken = issued;
    const parsed = parseJson(response.text);
    if (response.status >= 200 && response.status < 300) return parsed as T;
    const error = new ApiError(isApiErrorBody(parsed) ? parsed : { statusCode: response.status, code: response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', message: response.text.slice(0, 200) || `HTTP ${response.status}` });
    // A token can go stale (another tab logged in or out): fetch a fresh one and try once more.
    if (error.body.code === 'CSRF_INVALID' && !retried) {
      this.csrfToken = null;
      return this.send<T>(method, path, options, idempotencyKey, true);
    }
    throw error;
  }

  private async csrf(): Promise<string> {
    if (!this.csrfToken) this.csrfToken = (await this.get<CsrfTokenResponse>('/api/auth/csrf')).csrf_token;
    return this.csrfToken;
  }

  /** The session user, or null for a guest (the API answers 401 then). */
  async session(options: RequestOptions = {}): Promise<SessionUser | null> {
    try {
      return await this.get<SessionUser>('/api/auth/', options);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  }

  login(input: LoginInput): Promise<SessionUser> {
    return this.post<SessionUser>('/api/auth/login', { json: input });
  }

  signup(input: SignupInput): Promise<SessionUser> {
    return this.post<SessionUser>('/api/auth/signup', { json: input });
  }

  async logout(): Promise<void> {
    await this.post('/api/auth/logout');
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One client per page, shared by the shell and the remotes (the CSRF token lives here). */
export function getApiClient(): ApiClient {
  const slot = globalThis as unknown as Record<symbol, ApiClient | undefined>;
  const key = Symbol.for('tunafy.api-client');
  return (slot[key] ??= new ApiClient());
}
