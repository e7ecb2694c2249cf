import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRemoteList } from './remotes';

vi.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: vi.fn() }));

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));
}

describe('fetchRemoteList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes entries absolute and drops malformed ones', async () => {
    answer(200, { remotes: [{ name: 'mf_auth', entry: '/mf-auth/mf-manifest.json' }, { name: 'broken' }] });
    expect(await fetchRemoteList()).toEqual([{ name: 'mf_auth', entry: new URL('/mf-auth/mf-manifest.json', document.baseURI).href }]);
  });

  it('treats a missing list as "no remotes" so the shell still renders', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(404, {});
    expect(await fetchRemoteList()).toEqual([]);
  });
});
