/**
 * Downloading a playlist, an album or the Liked Songs for offline listening, and keeping the download in step with
 * the server (docs/offline.md). A download is "make the stored copy match what the API answers now": the first run
 * fetches everything, later runs (app start, visiting the item) fetch only new songs and delete the audio of songs
 * no download holds any more.
 */
import { coverSizeUrl, LIMITS, type Song } from '@tunafy/contracts';
import { audioKey, fileAliasKey, listKey, offlineCacheName } from './offline-caches.js';
import { readWholeList } from './list-record.js';
import { loadPlaybackSettings } from './playback-settings.js';
import { DOWNLOAD_REQUEST_HEADER } from './sw-messages.js';
import { DownloadRegistry, downloadKey, type DownloadRecord, type DownloadTarget, type StoredSong } from './registry.js';
import { browserEnvironment, streamUrlFor, type BrowserEnvironment } from './stream-url.js';

/** Songs fetched at once: enough to keep the link busy while one answer starts, few enough to leave room for the page. */
export const DOWNLOAD_CONCURRENCY = 4;
/** The cover sizes stored: the header's (232 px shown) and a row's. Offline, a cover asked at another size gets one of these. */
const ITEM_COVER_SIZE = 300;
const ROW_COVER_SIZE = 64;
/** Row covers fetched at once, after the songs: small files, but the API may resize each on its first ask. */
const COVER_CONCURRENCY = 2;

export interface DownloadProgress {
  /** Songs stored (or found stored) so far. */
  done: number;
  total: number;
}

export interface DownloadEnvironment {
  fetch: typeof fetch;
  caches: CacheStorage;
  /** Where the player keeps its settings (the Streaming quality). */
  settings: Storage | null;
  browser: BrowserEnvironment;
}

export function pageEnvironment(): DownloadEnvironment {
  return {
    fetch: (input, init) => fetch(input, init),
    caches,
    settings: typeof localStorage === 'undefined' ? null : localStorage,
    browser: browserEnvironment(),
  };
}

interface ListSource {
  /** The item's own answer, for its page's header (none for Liked Songs: the session names its owner). */
  itemPath: string | null;
  listPath: string;
  itemsKey: string;
  songOf(entry: unknown): Song;
}

export function listSource(target: DownloadTarget): ListSource {
  const id = encodeURIComponent(target.id);
  switch (target.kind) {
    case 'playlist':
      return { itemPath: `/api/playlists/${id}`, listPath: `/api/playlists/${id}/songs`, itemsKey: 'playlist_songs', songOf: (entry) => (entry as { song: Song }).song };
    case 'album':
      return { itemPath: `/api/albums/${id}`, listPath: `/api/albums/${id}/songs`, itemsKey: 'songs', songOf: (entry) => entry as Song };
    case 'liked':
      return { itemPath: null, listPath: `/api/collection/${id}/tracks`, itemsKey: 'tracks', songOf: (entry) => (entry as { song: Song }).song };
  }
}

export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

async function fetchOk(env: DownloadEnvironment, url: string, signal: AbortSignal | undefined, init: { accept?: string; cache?: RequestCache } = {}): Promise<Response> {
  const headers: Record<string, string> = { [DOWNLOAD_REQUEST_HEADER]: '1' };
  if (init.accept) headers.accept = init.accept;
  const response = await env.fetch(url, { signal, credentials: 'same-origin', headers, cache: init.cache });
  if (!response.ok) throw new DownloadError(`GET ${url} answered ${response.status}`, response.status);
  return response;
}

const jsonResponse = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
/** A cache key's path and query, as the downloader names what it stores. */
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://cache.key');
  return parsed.pathname + parsed.search;
};
const FILE_URL = /^\/api\/files\/([0-9a-fA-F]{24})$/u;

/** A step of a download on the page's timeline (`tunafy-download:<step>`, `detail` e.g. a song id), which the offline bench reports. */
export function markDownload(step: string, detail?: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(`tunafy-download:${step}`, detail === undefined ? undefined : { detail });
}

/**
 * Runs `work` over `items`, `limit` at a time; the first failure stops the rest from starting and rejects once the
 * ones running have ended (so nothing still writes when a cancelled download is removed).
 */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * The small writes that come with each song (its file alias, the registry): started without holding up the next
 * song's fetch, and awaited (the first failure thrown) before the download counts as done.
 */
class SideWork {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;

  add(work: Promise<unknown>): void {
    const tracked = work.then(
      () => undefined,
      (error: unknown) => {
        this.failure ??= { error };
      },
    );
    this.running.add(tracked);
    void tracked.then(() => this.running.delete(tracked));
  }

  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
    if (this.failure) throw this.failure.error;
  }
}

/** Registry writes of stored songs, batched: one IndexedDB transaction for whatever completed since the last one. */
class SongWriter {
  private pending: StoredSong[] = [];
  private flushing = false;

  constructor(
    private readonly registry: DownloadRegistry,
    private readonly side: SideWork,
  ) {}

  save(song: StoredSong): void {
    this.pending.push(song);
    if (!this.flushing) this.side.add(this.flush());
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) await this.registry.saveSongs(this.pending.splice(0));
    } finally {
      this.flushing = false;
    }
  }
}

/** Serializes an account's downloads across this page's bundles and other tabs (Web Locks where there are any). */
export function withAccountLock<T>(accountId: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(`tunafy-offline:${accountId}`, work) as Promise<T>) : work();
}

export interface SyncOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  env?: DownloadEnvironment;
  concurrency?: number;
  /**
   * Called once the audio, the item's page and the record are stored, before the songs' row covers are fetched:
   * the download counts as done then (a row without its cover offline shows the placeholder until they land).
   */
  onStored?: (record: DownloadRecord) => void;
}

/**
 * Downloads `target` for `accountId`, or brings its download up to date: the item's answer and its whole list go to
 * the account's data cache, each song's audio (at the Streaming quality, by `streamUrlFor`) to its audio cache,
 * streamed by the browser straight into the cache (no body passes through script). Aborting leaves what was stored;
 * `removeDownload` clears it.
 */
export async function syncDownload(accountId: string, target: DownloadTarget, options: SyncOptions = {}): Promise<DownloadRecord> {
  const { signal, onProgress, onStored, env = pageEnvironment(), concurrency = DOWNLOAD_CONCURRENCY } = options;
  const key = downloadKey(target);
  const registry = new DownloadRegistry(accountId);
  const source = listSource(target);
  const side = new SideWork();
  try {
    markDownload('start');
    // The item's answer, its list and what is stored already, all at once: none waits for another, so the first
    // song's fetch starts one API round trip after the click.
    const storedKeys = (cache: Cache) => cache.keys().then((requests) => new Set(requests.map((request) => pathOf(request.url))));
    const opened = Promise.all([env.caches.open(offlineCacheName(accountId, 'data')), env.caches.open(offlineCacheName(accountId, 'audio'))]);
    const stored = opened.then(([data, audio]) => Promise.all([registry.download(key), registry.songs(), storedKeys(audio), storedKeys(data)]));
    const itemAnswer = source.itemPath ? fetchOk(env, source.itemPath, signal, { accept: 'application/json' }) : null;
    const item = itemAnswer?.then((answer) => answer.clone().json() as Promise<{ playlist_name?: string; album_name?: string; playlist_cover_url?: string; album_cover_url?: string }>);
    const wholeList = readWholeList(source.itemsKey, LIMITS.pageSizeMax, async (offset, limit) => {
      const answer = await fetchOk(env, `${source.listPath}?limit=${limit}&offset=${offset}`, signal, { accept: 'application/json' });
      return (await answer.json()) as Record<string, unknown>;
    });
    const [[data, audio], [previous, storedList, cachedAudio, cachedData], answer, itemJson, list] = await Promise.all([opened, stored, itemAnswer, item, wholeList]);
    markDownload('list');

    const name = itemJson?.playlist_name ?? itemJson?.album_name ?? 'Liked Songs';
    const coverUrl = itemJson?.playlist_cover_url ?? itemJson?.album_cover_url ?? null;
    if (source.itemPath && answer) side.add(data.put(source.itemPath, answer));
    side.add(data.put(listKey(source.listPath), jsonResponse(list)));

    const songs = [...new Map(list.items.map((entry) => source.songOf(entry)).filter(Boolean).map((song) => [song.id.toLowerCase(), song])).values()];
    const quality = loadPlaybackSettings(env.settings).quality;
    const progress: DownloadProgress = { done: 0, total: songs.length };
    let bytes = 0;

    const writer = new SongWriter(registry, side);
    const storedSongs = new Map(storedList.map((song) => [song.song_id, song]));
    const missing: Song[] = [];
    for (const song of songs) {
      const stored = storedSongs.get(song.id.toLowerCase());
      if (stored && cachedAudio.has(audioKey(song.id))) {
        if (!stored.holders.includes(key)) writer.save({ ...stored, holders: [...stored.holders, key] });
        bytes += stored.bytes;
        progress.done += 1;
      } else {
        missing.push(song);
      }
    }
    onProgress?.({ ...progress });

    // The item's cover is part of its page: fetched beside the songs. The rows' covers wait until the audio is
    // stored: each one the API resizes on first ask took CPU from the songs' answers (docs/benchmarks.md, "Offline download").
    const coverOf = (song: Song) => (song.song_cover_url ? coverSizeUrl(song.song_cover_url, ROW_COVER_SIZE) : null);
    const notStored = (url: string | null): url is string => url !== null && !cachedData.has(pathOf(url));
    const itemCover = coverUrl ? coverSizeUrl(coverUrl, ITEM_COVER_SIZE) : null;
    if (notStored(itemCover)) side.add(storeCover(env, data, itemCover, signal));
    const rowCovers = [...new Set(missing.map(coverOf))].filter((url): url is string => url !== itemCover && notStored(url));

    await inPool(missing, concurrency, async (song) => {
      // no-store: the copy kept is the Cache Storage one; the HTTP cache would write every song to disk a second time.
      const response = await fetchOk(env, streamUrlFor(song, quality, env.browser), signal, { cache: 'no-store' });
      if (progress.done === 0) markDownload('first-audio-answer');
      const length = Number(response.headers.get('content-length'));
      // The browser pipes the body into the cache: the page's script never holds the audio.
      await audio.put(audioKey(song.id), response);
      markDownload('song-stored', song.id.toLowerCase());
      const size = Number.isFinite(length) && length > 0 ? length : ((await (await audio.match(audioKey(song.id)))?.blob())?.size ?? 0);
      const fileId = FILE_URL.exec(song.song_file_url)?.[1] ?? null;
      // In the data cache: the audio cache writes its puts one at a time, and 50 small ones there queued among the songs'.
      if (fileId) side.add(data.put(fileAliasKey(fileId), new Response(song.id.toLowerCase())));
      const stored = storedSongs.get(song.id.toLowerCase());
      writer.save({ song_id: song.id.toLowerCase(), bytes: size, file_id: fileId, cover_key: coverOf(song), holders: [...new Set([...(stored?.holders ?? []), key])] });
      bytes += size;
      progress.done += 1;
      onProgress?.({ ...progress });
    });
    markDownload('audio-done');
    await side.settle();
    markDownload('side-settled');

    // Songs the item no longer has: released, and deleted when no other download holds them.
    const kept = new Set(songs.map((song) => song.id.toLowerCase()));
    for (const songId of previous?.song_ids ?? []) {
      if (!kept.has(songId.toLowerCase())) await releaseSong(registry, audio, data, songId, key);
    }

    const record: DownloadRecord = { ...target, key, name, cover_url: coverUrl, song_ids: [...kept], bytes, quality, updated_at: new Date().toISOString() };
    await registry.saveDownload(record);
    markDownload('saved');
    onStored?.(record);

    // A row's cover is a nicety offline: one that fails is left out. Still inside the caller's lock, so a removal
    // waits for (or, cancelling, stops) these writes and leaves no cover behind.
    await inPool(rowCovers, COVER_CONCURRENCY, (url) =>
      storeCover(env, data, url, signal).catch((error: unknown) => {
        if (signal?.aborted) throw error;
      }),
    );
    markDownload('covers-stored');
    return record;
  } catch (error) {
    // Every write started has ended before the caller may remove the download (a cancelled first one).
    await side.settle().catch(() => undefined);
    throw error;
  }
}

async function storeCover(env: DownloadEnvironment, data: Cache, url: string, signal: AbortSignal | undefined): Promise<void> {
  await data.put(url, await fetchOk(env, url, signal));
}

/** Drops `key`'s hold on a song; the last holder deletes its audio, its file alias and its cover. */
async function releaseSong(registry: DownloadRegistry, audio: Cache, data: Cache, songId: string, key: string): Promise<void> {
  const stored = await registry.song(songId);
  if (!stored) return;
  const holders = stored.holders.filter((holder) => holder !== key);
  if (holders.length > 0) {
    await registry.saveSong({ ...stored, holders });
    return;
  }
  await audio.delete(audioKey(songId));
  // The audio cache held the aliases of downloads made before 2026-11-29.
  if (stored.file_id) await Promise.all([data.delete(fileAliasKey(stored.file_id)), audio.delete(fileAliasKey(stored.file_id))]);
  if (stored.cover_key) await data.delete(stored.cover_key);
  await registry.deleteSong(songId);
}

/** Removes one download: its answers and list, and the songs (and covers) no other download holds. */
export async function removeDownload(accountId: string, key: string, env: Pick<DownloadEnvironment, 'caches'> = { caches }): Promise<void> {
  const registry = new DownloadRegistry(accountId);
  const [data, audio] = await Promise.all([env.caches.open(offlineCacheName(accountId, 'data')), env.caches.open(offlineCacheName(accountId, 'audio'))]);
  // Every song it holds, including those of a first download cancelled before its record was written.
  for (const song of await registry.songs()) {
    if (song.holders.includes(key)) await releaseSong(registry, audio, data, song.song_id, key);
  }
  const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)] as [DownloadTarget['kind'], string];
  const source = listSource({ kind, id });
  if (source.itemPath) await data.delete(source.itemPath);
  await data.delete(listKey(source.listPath));
  const record = await registry.download(key);
  if (record?.cover_url) await data.delete(coverSizeUrl(record.cover_url, ITEM_COVER_SIZE));
  await registry.deleteDownload(key);
}

/** Removes every download of the account (its caches and registry); its unsent plays stay. */
export async function removeAllDownloads(accountId: string, env: Pick<DownloadEnvironment, 'caches'> = { caches }): Promise<void> {
  await Promise.all([env.caches.delete(offlineCacheName(accountId, 'data')), env.caches.delete(offlineCacheName(accountId, 'audio'))]);
  await new DownloadRegistry(accountId).clear();
}

/** Whether `songs` are all stored for the account (e.g. to mark a row); false for a song not downloaded. */
export async function storedSongs(accountId: string): Promise<StoredSong[]> {
  return new DownloadRegistry(accountId).songs();
}
