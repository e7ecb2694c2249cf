import { describe, expect, it, vi } from 'vitest';
import type { DownloadEnvironment } from './download.js';

// The registry's IndexedDB, in memory: idb-keyval's calls over one Map per store.
vi.mock('idb-keyval', () => {
  const stores = new Map<string, Map<string, unknown>>();
  const store = (name: string) => stores.get(name) ?? stores.set(name, new Map()).get(name)!;
  return {
    createStore: (db: string) => db,
    get: async (key: string, db: string) => store(db).get(key),
    set: async (key: string, value: unknown, db: string) => void store(db).set(key, value),
    setMany: async (pairs: [string, unknown][], db: string) => pairs.forEach(([key, value]) => store(db).set(key, value)),
    del: async (key: string, db: string) => void store(db).delete(key),
    entries: async (db: string) => [...store(db).entries()],
    clear: async (db: string) => store(db).clear(),
  };
});
const { removeAllDownloads, removeDownload, syncDownload } = await import('./download.js');
const { mayHaveDownloads, offlineCacheName } = await import('./offline-caches.js');

/** Cache Storage in memory, keyed by path; `log` records each put in order. */
function memoryCaches(log: string[]): CacheStorage {
  const caches = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const entries = caches.get(name) ?? caches.set(name, new Map()).get(name)!;
    const path = (request: RequestInfo | URL) => {
      const url = new URL(request instanceof Request ? request.url : String(request), 'http://app');
      return url.pathname + url.search;
    };
    return {
      put: async (request: RequestInfo | URL, response: Response) => {
        await response.arrayBuffer();
        log.push(`put ${path(request)}`);
        entries.set(path(request), response);
      },
      match: async (request: RequestInfo | URL) => entries.get(path(request)),
      keys: async () => [...entries.keys()].map((key) => new Request(`http://app${key}`)),
      delete: async (request: RequestInfo | URL) => entries.delete(path(request)),
    } as unknown as Cache;
  };
  return { open, delete: async (name: string) => caches.delete(name), keys: async () => [...caches.keys()], has: async (name: string) => caches.has(name) } as unknown as CacheStorage;
}

const songId = (index: number) => `65a0000000000000000000${String(index).padStart(2, '0')}`;
const coverId = (index: number) => `65b0000000000000000000${String(index).padStart(2, '0')}`;
const songs = [1, 2, 3].map((index) => ({ id: songId(index), song_file_url: `/api/files/${songId(index)}`, song_cover_url: `/api/files/${coverId(index)}`, audio_format: 'mp3' }));

function environment(log: string[]): DownloadEnvironment {
  const answer = (body: unknown) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { headers: { 'content-length': '5' } });
  return {
    caches: memoryCaches(log),
    settings: null,
    browser: { canPlay: () => true, connection: () => null },
    fetch: async (input, init) => {
      const url = String(input);
      if (init?.signal?.aborted) throw new DOMException('The download was cancelled', 'AbortError');
      log.push(`fetch ${url}`);
      if (url === '/api/playlists/p1') return answer({ playlist_name: 'Train', playlist_cover_url: `/api/files/${coverId(9)}` });
      if (url.startsWith('/api/playlists/p1/songs')) return answer({ playlist_songs: songs.map((song) => ({ song })), total: songs.length, next_cursor: null });
      return answer('bytes');
    },
  };
}

describe('syncDownload', () => {
  it('stores every song, the item page and the record before any row cover is asked, then the row covers', async () => {
    const log: string[] = [];
    const env = environment(log);
    const record = await syncDownload('acc1', { kind: 'playlist', id: 'p1' }, { env, onStored: () => log.push('stored') });

    const stored = log.indexOf('stored');
    const rowCovers = log.filter((entry) => entry.startsWith('fetch /api/files/65b') && !entry.includes(coverId(9)));
    expect(rowCovers).toHaveLength(3);
    for (const cover of rowCovers) expect(log.indexOf(cover)).toBeGreaterThan(stored);
    for (const song of songs) expect(log.indexOf(`put /__offline/audio/${song.id}`)).toBeLessThan(stored);
    // The item's cover is part of its page offline: stored with the songs.
    expect(log.indexOf(`put /api/files/${coverId(9)}?size=300`)).toBeLessThan(stored);
    expect(log.filter((entry) => entry.startsWith('put /api/files/65b') && entry.endsWith('?size=64'))).toHaveLength(3);
    expect(record.song_ids).toEqual(songs.map((song) => song.id));
    // The audio cache holds the songs only: its puts run one at a time, so the file aliases go to the data cache.
    const keys = async (kind: 'audio' | 'data') => (await (await env.caches.open(offlineCacheName('acc1', kind))).keys()).map((request) => new URL(request.url).pathname);
    expect(await keys('audio')).toEqual(songs.map((song) => `/__offline/audio/${song.id}`));
    expect(await keys('data')).toEqual(expect.arrayContaining(songs.map((song) => `/__offline/file/${song.id}`)));
  });

  it('stops fetching row covers when cancelled after the songs are stored, and rejects', async () => {
    const log: string[] = [];
    const controller = new AbortController();
    const sync = syncDownload('acc2', { kind: 'playlist', id: 'p1' }, { env: environment(log), signal: controller.signal, onStored: () => controller.abort() });
    await expect(sync).rejects.toThrow();
    expect(log.filter((entry) => entry.startsWith('put /api/files/65b') && entry.endsWith('?size=64'))).toHaveLength(0);
  });
});

describe('mayHaveDownloads', () => {
  it('is false for an account that never downloaded, true once one is made, and false again after removing them all', async () => {
    const env = environment([]);
    expect(await mayHaveDownloads('acc3', env.caches)).toBe(false);
    await syncDownload('acc3', { kind: 'playlist', id: 'p1' }, { env });
    expect(await mayHaveDownloads('acc3', env.caches)).toBe(true);
    // Another account's downloads are not this one's.
    expect(await mayHaveDownloads('acc4', env.caches)).toBe(false);
    await removeAllDownloads('acc3', env);
    expect(await mayHaveDownloads('acc3', env.caches)).toBe(false);
  });

  it('stays true after the last download is removed one by one: the start-up sync then finds nothing, as before', async () => {
    const env = environment([]);
    await syncDownload('acc5', { kind: 'playlist', id: 'p1' }, { env });
    await removeDownload('acc5', 'playlist:p1', env);
    expect(await mayHaveDownloads('acc5', env.caches)).toBe(true);
  });
});
