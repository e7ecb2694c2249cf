import { vi } from 'vitest';
import { apiError, installApiClient } from '@tunafy/app-kit/test';

export { apiError, deferred } from '@tunafy/app-kit/test';

type Handler = (path: string, options?: { form?: FormData; signal?: AbortSignal; onUploadProgress?: (fraction: number) => void }) => Promise<unknown>;

/** The ApiClient methods the library calls, as mocks, put where getApiClient() looks (the page-wide slot). */
export function stubApiClient() {
  return installApiClient({
    get: vi.fn<Handler>(),
    post: vi.fn<Handler>(),
    put: vi.fn<Handler>(),
    delete: vi.fn<Handler>(),
    find: vi.fn<Handler>(),
  });
}

export type FakeApi = ReturnType<typeof stubApiClient>;

/**
 * Answers GETs by path: an exact match first, then the longest matching
 * prefix ('/api/songs?' matches any page). Unknown paths answer 404.
 */
export function serveGets(api: FakeApi, routes: Record<string, unknown | ((path: string) => unknown)>) {
  api.get.mockImplementation(async (path) => {
    const key = path in routes ? path : Object.keys(routes).filter((prefix) => path.startsWith(prefix)).sort((a, b) => b.length - a.length)[0];
    if (key === undefined) throw apiError(404, undefined, `No fake for ${path}`);
    const answer = routes[key];
    const value = typeof answer === 'function' ? (answer as (path: string) => unknown)(path) : answer;
    if (value instanceof Error) throw value;
    return structuredClone(value);
  });
}

/**
 * A paged list endpoint over `rows()` (read at each call, so a test can change the list): answers
 * `?limit=&offset=` with that slice, wrapped as the endpoint names it (`(page) => ({ songs: page })`), plus
 * `next_cursor` and `total` as the API does (docs/api.md, "Lists and paging").
 */
export function pagedAnswer<T>(rows: () => readonly T[], wrap: (page: T[]) => object): (path: string) => unknown {
  return (path) => {
    const query = new URL(path, 'http://test').searchParams;
    const all = rows();
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? all.length);
    return { ...wrap(all.slice(offset, offset + limit)), next_cursor: offset + limit < all.length ? `after-${offset + limit}` : null, total: all.length };
  };
}

/** The text fields of a multipart body, and the names of its files. */
export function formFields(form: FormData | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  form?.forEach((value, key) => {
    fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  });
  return fields;
}
