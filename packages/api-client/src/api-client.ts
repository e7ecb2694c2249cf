import {
  IDEMPOTENCY_KEY_HEADER,
  isApiErrorBody,
  MESSAGES,
  SESSION_PROBE_PATH,
  type ApiErrorBody,
  type AppPasswordInput,
  type AppPasswordsResponse,
  type CreatedAppPassword,
  type CsrfTokenResponse,
  type DeletedResponse,
  type LoginInput,
  type SessionProbe,
  type SessionUser,
  type SignupInput,
} from '@tunafy/contracts';

/**
 * Who produced a failure: the API (its JSON error body), something in front of it that answered instead (a gateway's
 * 502 or 504, JSON or not; the API itself never sends those), or nobody (the connection failed or was cut). Only the
 * first is the API's verdict: an API that refuses an upload before reading it can have its answer lost, so the other
 * two may hide a 401 or a 403.
 */
export type ErrorOrigin = 'api' | 'gateway' | 'network';

/** Every failed call rejects with this, carrying the API's error body (or a synthesized one). */
export class ApiError extends Error {
  constructor(
    readonly body: ApiErrorBody,
    readonly origin: ErrorOrigin = 'api',
  ) {
    super(body.message);
  }
  get status(): number {
    return this.body.statusCode;
  }
  /** Field messages for forms; a 5xx becomes the spec's generic message under `server` (no connection says so). */
  get fieldErrors(): Record<string, string> {
    if (this.status >= 500) return { server: this.origin === 'network' ? this.message : MESSAGES.serverError };
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
/** Answers only a gateway gives (it could not get the API's): both gateways send them in the API's JSON shape. */
const GATEWAY_STATUSES = new Set([502, 504]);
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

export const UNREACHABLE_MESSAGE = 'Tunafy cannot be reached. Check your connection and try again.';

function networkError(): ApiError {
  return new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE_MESSAGE }, 'network');
}

export class ApiClient {
  private csrfToken: string | null = null;
  /** The token fetch under way: concurrent writes share it, since each fetch replaces the cookie the others would be checked against. */
  private csrfFetch: Promise<string> | null = null;

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
    const token = SAFE.has(method) ? undefined : await this.csrf();
    if (token) headers['x-csrf-token'] = token;
    const transport = options.onUploadProgress && typeof XMLHttpRequest !== 'undefined' ? xhrTransport : fetchTransport;
    let response;
    try {
      response = await transport(method, this.baseUrl + path, headers, body, options);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      // A cut write may hide a CSRF refusal: the next write asks for a fresh token instead of repeating it.
      if (token) this.dropCsrfToken(token);
      throw networkError();
    }
    const issued = response.headers.get('x-csrf-token');
    if (issued) this.csrfToken = issued;
    const parsed = parseJson(response.text);
    if (response.status >= 200 && response.status < 300) return parsed as T;
    const origin = GATEWAY_STATUSES.has(response.status) || !isApiErrorBody(parsed) ? 'gateway' : 'api';
    const answer = isApiErrorBody(parsed) ? parsed : ({ statusCode: response.status, code: response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', message: response.text.slice(0, 200) || `HTTP ${response.status}` } as const);
    const error = new ApiError(answer, origin);
    // The session the token was bound to is gone (a 401), or the API's answer was lost (it may have been a CSRF
    // refusal): the next write starts with a fresh token.
    if (token && (error.status === 401 || origin === 'gateway')) this.dropCsrfToken(token);
    // A token can go stale (another tab logged in or out): fetch a fresh one and try once more.
    if (error.body.code === 'CSRF_INVALID' && !retried) {
      if (token) this.dropCsrfToken(token);
      return this.send<T>(method, path, options, idempotencyKey, true);
    }
    throw error;
  }

  private csrf(): Promise<string> {
    if (this.csrfToken) return Promise.resolve(this.csrfToken);
    this.csrfFetch ??= this.get<CsrfTokenResponse>('/api/auth/csrf')
      .then(({ csrf_token: fetched }) => (this.csrfToken = fetched))
      .finally(() => (this.csrfFetch = null));
    return this.csrfFetch;
  }

  /** Forgets `token` unless a newer one replaced it meanwhile (a late refusal must not throw away a fresh token). */
  private dropCsrfToken(token: string): void {
    if (this.csrfToken === token) this.csrfToken = null;
  }

  /**
   * Forgets the CSRF token, so the next write fetches one for the session as it is now. For callers about to send a
   * large body after checking the session: another tab may have logged out and in since, which replaced the cookie
   * the token must match, and a refusal of a large upload can arrive as a cut connection the client cannot retry.
   */
  forgetCsrfToken(): void {
    this.csrfToken = null;
  }

  /** The session user, or null for a guest: a 200 either way, so a guest's page logs no error. */
  async session(options: RequestOptions = {}): Promise<SessionUser | null> {
    return (await this.get<SessionProbe>(SESSION_PROBE_PATH, options)).user;
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

  // App passwords for Subsonic apps (docs/subsonic.md): account credentials, so they sit beside login and signup.

  /** The account's app passwords, newest first, and the username an app signs in with. */
  appPasswords(options: RequestOptions = {}): Promise<AppPasswordsResponse> {
    return this.get<AppPasswordsResponse>('/api/me/app-passwords', options);
  }

  /** A new app password; the answer's `password` is the only time the secret is ever sent (409 past the limit). */
  createAppPassword(input: AppPasswordInput): Promise<CreatedAppPassword> {
    return this.post<CreatedAppPassword>('/api/me/app-passwords', { json: input });
  }

  /** Revokes one: every app signed in with it is refused from then on (404 when it is not the user's). */
  revokeAppPassword(id: string): Promise<DeletedResponse> {
    return this.delete<DeletedResponse>(`/api/me/app-passwords/${encodeURIComponent(id)}`);
  }
}

/**
 * Whether a failed call failed because nobody is logged in any more: a 401, or a failure without the API's verdict (a
 * cut connection, a gateway's bare 5xx) after which GET /api/auth/ finds nobody. An API that refuses an upload before
 * reading its body can have that 401 lost on the way, so the session is asked again rather than guessed.
 */
export async function sessionEnded(error: unknown, client: Pick<ApiClient, 'session'> = getApiClient()): Promise<boolean> {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 401) return true;
  if (error.origin === 'api') return false;
  try {
    return (await client.session()) === null;
  } catch {
    // The API cannot be reached either: nothing says the session ended, and the failure keeps its own message.
    return false;
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
