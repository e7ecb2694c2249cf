/**
 * Tunafy's service worker (docs/offline.md): the app shell and the code of the offline screens from caches when the
 * network is gone, and an account's downloads (audio by song id, API answers, covers) only while that account is the
 * signed-in one. Built on its own by rspack.sw.config.ts to the fixed URL /sw.js.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { createPartialResponse } from 'workbox-range-requests';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  audioKey,
  DOWNLOAD_REQUEST_HEADER,
  fileAliasKey,
  forgetAccount,
  listKey,
  offlineCacheName,
  sliceList,
  type ListRecord,
  type ServiceWorkerMessage,
} from '@tunafy/offline';
import { accountOfAnswer, changeAccount, isUnreachable, offlineAssetsOf, OFFLINE_SCREENS, routeFor, type RemoteManifest, type Route } from './routing';

declare const self: ServiceWorkerGlobalScope;
/** The shell's own hashed files, listed by the build (rspack.sw.config.ts): fetched with a download's warm-up. */
declare const __SHELL_ASSETS__: string[];

/** The app shell and the files whose URL stays across deploys. No account data here. */
const SHELL_CACHE = 'tunafy-shell';
/** Content-hashed code of the shell and the remotes. No account data here. */
const ASSETS_CACHE = 'tunafy-assets';
/** Who is signed in, and the session answer to give offline; deleted with the account's downloads on log out. */
const ACCOUNT_CACHE = 'tunafy-offline-account';
const ACCOUNT_KEY = '/__offline/session';
const APP_SHELL_KEY = '/index.html';

const navigations = new NetworkFirst({
  cacheName: SHELL_CACHE,
  plugins: [
    // Every route of the app is the same index.html: one copy answers them all offline.
    { cacheKeyWillBeUsed: async () => APP_SHELL_KEY },
    { cacheWillUpdate: async ({ response }) => (response.ok && (response.headers.get('content-type') ?? '').includes('text/html') ? response : null) },
  ],
});
const hashedAssets = new CacheFirst({
  cacheName: ASSETS_CACHE,
  // Status 0: a remote's script from another origin loads without CORS (opaque). Old builds' files go at the next warm-up.
  plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true })],
});
const entryFiles = new NetworkFirst({ cacheName: SHELL_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [0, 200] })] });

// ---- The signed-in account --------------------------------------------------------------------------------------

interface KnownAccount {
  id: string;
  /** `GET /api/auth/session`'s answer for it. */
  session: unknown;
}

let account: Promise<KnownAccount | null> | null = null;

function currentAccount(): Promise<KnownAccount | null> {
  account ??= caches
    .open(ACCOUNT_CACHE)
    .then((cache) => cache.match(ACCOUNT_KEY))
    .then(async (stored) => {
      const session: unknown = stored ? await stored.json() : null;
      const known = accountOfAnswer(session);
      return known ? { id: known.id, session } : null;
    })
    .catch(() => null);
  return account;
}

/** Someone signed in (user) or nobody (null): switch, and forget an account that logged out. */
async function signedIn(user: Record<string, unknown> | null): Promise<void> {
  const before = await currentAccount();
  const id = typeof user?.id === 'string' ? user.id : null;
  const change = changeAccount(before?.id ?? null, id);
  const next: KnownAccount | null = change.current && user ? { id: change.current, session: { user } } : null;
  account = Promise.resolve(next);
  if (next) await (await caches.open(ACCOUNT_CACHE)).put(ACCOUNT_KEY, Response.json(next.session));
  else await caches.delete(ACCOUNT_CACHE);
  if (change.forget) await forgetAccount(change.forget, { caches, indexedDB: self.indexedDB });
}

const json = (value: unknown) => Response.json(value, { headers: { 'cache-control': 'no-store' } });

async function sessionAnswer(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (isUnreachable(response.status)) throw new Error(`the API answered ${response.status}`);
    if (response.ok) {
      const known = accountOfAnswer(await response.clone().json());
      await signedIn(known ? known.user : null);
    }
    return response;
  } catch (error) {
    // Offline: the last answer for the account still signed in, so the app opens as it was.
    const known = await currentAccount();
    if (known) return json(known.session);
    throw error;
  }
}

async function authChange(request: Request, action: 'login' | 'signup' | 'logout'): Promise<Response> {
  const response = await fetch(request);
  if (response.ok) {
    if (action === 'logout') await signedIn(null);
    else {
      const known = accountOfAnswer(await response.clone().json().catch(() => null));
      if (known) await signedIn(known.user);
    }
  }
  return response;
}

// ---- An account's offline copies --------------------------------------------------------------------------------

async function accountCache(kind: 'audio' | 'data'): Promise<Cache | null> {
  const known = await currentAccount();
  if (!known) return null;
  // The one rule: the only offline caches read are those named after the signed-in account.
  const name = offlineCacheName(known.id, kind);
  return (await caches.has(name)) ? caches.open(name) : null;
}

/** The downloaded audio of a song, answering a Range request with its part (how <audio> asks). */
async function downloadedAudio(request: Request, songId: string): Promise<Response | null> {
  const cache = await accountCache('audio');
  const stored = await cache?.match(audioKey(songId));
  if (!stored) return null;
  return request.headers.has('range') ? createPartialResponse(request, stored) : stored;
}

async function songAudio(request: Request, songId: string): Promise<Response> {
  return (await downloadedAudio(request, songId)) ?? fetch(request);
}

async function file(request: Request, fileId: string): Promise<Response> {
  const [data, audio] = await Promise.all([accountCache('data'), accountCache('audio')]);
  // The data cache holds the aliases; the audio cache those of downloads made before 2026-11-29.
  const alias = (await data?.match(fileAliasKey(fileId))) ?? (await audio?.match(fileAliasKey(fileId)));
  if (alias) {
    const answer = await downloadedAudio(request, await alias.text());
    if (answer) return answer;
  }
  return withOfflineCopy(request);
}

/** What the account's downloads hold for an API read: its exact answer, a page of a whole list, a cover at any size. */
async function offlineCopy(request: Request): Promise<Response | null> {
  const data = await accountCache('data');
  if (!data) return null;
  const url = new URL(request.url);
  const exact = await data.match(url.pathname + url.search, { ignoreVary: true });
  if (exact) return exact;
  const list = await data.match(listKey(url.pathname), { ignoreVary: true });
  if (list) return json(sliceList((await list.json()) as ListRecord, url.searchParams));
  if (url.pathname.startsWith('/api/files/')) return (await data.match(url.pathname, { ignoreSearch: true, ignoreVary: true })) ?? null;
  return null;
}

async function withOfflineCopy(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (!isUnreachable(response.status)) return response;
    return (await offlineCopy(request)) ?? response;
  } catch (error) {
    const copy = await offlineCopy(request);
    if (copy) return copy;
    throw error;
  }
}

// ---- Warming the offline screens' code --------------------------------------------------------------------------

async function cacheMissing(cache: Cache, urls: string[]): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      const crossOrigin = new URL(url).origin !== self.location.origin;
      const response = await fetch(url, crossOrigin ? { mode: 'no-cors' } : {}).catch(() => null);
      if (response && (response.ok || response.type === 'opaque')) await cache.put(url, response);
    }),
  );
}

/** The shell, the remote list and every file of the offline screens (docs/offline.md, The app offline). */
async function warm(): Promise<void> {
  // On the worker's timeline for the offline bench, which reads where the warm-up falls against a download.
  performance.mark('tunafy-sw:warm-start');
  try {
    await warmFiles();
  } finally {
    performance.mark('tunafy-sw:warm-end');
  }
}

async function warmFiles(): Promise<void> {
  const shell = await caches.open(SHELL_CACHE);
  const index = await fetch('/', { cache: 'no-cache' }).catch(() => null);
  if (index?.ok) await shell.put(APP_SHELL_KEY, index);
  const list = await fetch('/remotes.json', { cache: 'no-cache' }).catch(() => null);
  if (!list?.ok) return;
  await shell.put('/remotes.json', list.clone());
  const assets = await caches.open(ASSETS_CACHE);
  const shellFiles = __SHELL_ASSETS__.map((file) => new URL(file, self.location.origin).href);
  await cacheMissing(assets, shellFiles);
  // Every file of the builds deployed now; once each remote's manifest was read, older builds' files are dropped.
  const current = new Set(shellFiles);
  let complete = true;
  const { remotes = [] } = (await list.json()) as { remotes?: { name: string; entry: string }[] };
  for (const remote of remotes) {
    const entry = new URL(remote.entry, self.location.origin).href;
    const manifest = entry.endsWith('.json') ? await fetch(entry, { cache: 'no-cache' }).catch(() => null) : null;
    if (!manifest?.ok) {
      complete = false;
      continue;
    }
    const parsed = (await manifest.clone().json()) as RemoteManifest;
    for (const url of offlineAssetsOf(parsed, entry, '*')) current.add(url);
    const wanted = OFFLINE_SCREENS[remote.name];
    if (!wanted) continue;
    await shell.put(entry, manifest);
    const files = offlineAssetsOf(parsed, entry, wanted);
    const hashed = files.filter((url) => routeFor({ method: 'GET', url, mode: 'no-cors' }, self.location.origin).kind === 'hashed-asset');
    await cacheMissing(assets, hashed);
    await cacheMissing(shell, files.filter((url) => !hashed.includes(url)));
  }
  if (complete) for (const request of await assets.keys()) if (!current.has(request.url)) await assets.delete(request);
}

// ---- Wiring -----------------------------------------------------------------------------------------------------

function handle(event: FetchEvent, route: Route): Promise<Response> | null {
  const { request } = event;
  switch (route.kind) {
    case 'navigation':
      return navigations.handle({ event, request });
    case 'hashed-asset':
      return hashedAssets.handle({ event, request });
    case 'entry-file':
      return entryFiles.handle({ event, request });
    case 'session':
      return sessionAnswer(request);
    case 'auth-change':
      return authChange(request, route.action);
    case 'song-audio':
      return songAudio(request, route.songId);
    case 'file':
      return file(request, route.fileId);
    case 'api-read':
      return withOfflineCopy(request);
    case 'none':
      return null;
  }
}

/**
 * The downloader's audio fetches (a script's fetch of a stream URL: the player's <audio> asks with destination 'audio')
 * go to the network without waking this worker at all (the static routing API, where the browser has it): the
 * header-marked pass-through below still costs each song a hop through the worker, which a busy machine makes long.
 */
function downloadRoutes(): unknown[] | null {
  const Pattern = (globalThis as { URLPattern?: new (init: { pathname: string }) => unknown }).URLPattern;
  return Pattern ? [{ condition: { urlPattern: new Pattern({ pathname: '/api/songs/*/stream' }), requestMethod: 'GET', requestDestination: '' }, source: 'network' }] : null;
}

self.addEventListener('install', (event) => {
  void self.skipWaiting();
  const install = event as ExtendableEvent & { addRoutes?: (rules: unknown[]) => Promise<void> };
  const rules = downloadRoutes();
  // Without it (or if the browser refuses a rule) every request still comes here and the pass-through applies.
  if (install.addRoutes && rules) event.waitUntil(install.addRoutes(rules).catch(() => undefined));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const answer = handle(event, routeFor({ method: request.method, url: request.url, mode: request.mode, download: request.headers.has(DOWNLOAD_REQUEST_HEADER) }, self.location.origin));
  if (answer) event.respondWith(answer);
});

self.addEventListener('message', (event) => {
  const message = event.data as ServiceWorkerMessage | null;
  if (message?.type === 'account') event.waitUntil(signedIn(message.user as unknown as Record<string, unknown> | null));
  else if (message?.type === 'warm') event.waitUntil(warm());
});
