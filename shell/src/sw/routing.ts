/**
 * What the service worker does with a request, and whose offline copies it may use (docs/offline.md). Pure, so the
 * rules that keep one account's audio from another are tested without a browser (routing.test.ts).
 */

export type Route =
  /** A page load: the network first, the cached app shell (index.html) when it cannot be reached. */
  | { kind: 'navigation' }
  /** A content-hashed JS/CSS file of the shell or a remote (any origin): never changes, cached as loaded. */
  | { kind: 'hashed-asset' }
  /** A file whose URL stays across deploys (remoteEntry.js, mf-manifest.json, /remotes.json, the web manifest). */
  | { kind: 'entry-file' }
  /** `GET /api/auth/session`: tells the worker who is signed in; answered from the last answer offline. */
  | { kind: 'session' }
  /** A log in, sign up or log out: the account changes once it succeeds. */
  | { kind: 'auth-change'; action: 'login' | 'signup' | 'logout' }
  /** A song's stream at any quality: the downloaded copy by song id when there is one. */
  | { kind: 'song-audio'; songId: string }
  /** `/api/files/{id}`: a downloaded song's original file (by its alias) or a cover. */
  | { kind: 'file'; fileId: string }
  /** Any other API read: the network, the account's offline copy when it cannot be reached. */
  | { kind: 'api-read' }
  /** Left to the browser. */
  | { kind: 'none' };

export interface RequestFacts {
  method: string;
  url: string;
  /** `Request.mode` ('navigate' for page loads). */
  mode: string;
  /** A download's own request (`DOWNLOAD_REQUEST_HEADER`): always the network's. */
  download?: boolean;
}

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|css)$/u;
const ENTRY_FILE = /(?:^|\/)(?:remoteEntry\.js|mf-manifest\.json|remotes\.json|manifest\.webmanifest)$/u;
const SONG_STREAM = /^\/api\/songs\/([0-9a-fA-F]{24})\/stream$/u;
const FILE = /^\/api\/files\/([0-9a-fA-F]{24})$/u;
const AUTH_CHANGE = /^\/api\/auth\/(login|signup|logout)$/u;
/** Pages the shell does not render (share pages, the API's own docs): never answered with the app shell. */
const NOT_THE_APP = /^\/(?:api|s|embed)(?:\/|$)/u;

export function routeFor(request: RequestFacts, origin: string): Route {
  const url = new URL(request.url);
  const sameOrigin = url.origin === origin;
  if (request.method === 'POST' && sameOrigin) {
    const auth = AUTH_CHANGE.exec(url.pathname);
    return auth ? { kind: 'auth-change', action: auth[1] as 'login' | 'signup' | 'logout' } : { kind: 'none' };
  }
  if (request.method !== 'GET' || request.download) return { kind: 'none' };
  if (request.mode === 'navigate') return sameOrigin && !NOT_THE_APP.test(url.pathname) ? { kind: 'navigation' } : { kind: 'none' };
  if (sameOrigin && url.pathname === '/sw.js') return { kind: 'none' };
  if (HASHED_ASSET.test(url.pathname)) return { kind: 'hashed-asset' };
  if (ENTRY_FILE.test(url.pathname)) return { kind: 'entry-file' };
  if (!sameOrigin || !url.pathname.startsWith('/api/')) return { kind: 'none' };
  if (url.pathname === '/api/auth/session') return { kind: 'session' };
  const stream = SONG_STREAM.exec(url.pathname);
  if (stream) return { kind: 'song-audio', songId: stream[1]!.toLowerCase() };
  const file = FILE.exec(url.pathname);
  if (file) return { kind: 'file', fileId: file[1]!.toLowerCase() };
  return { kind: 'api-read' };
}

/** The account an auth answer names: `{user}` from the session probe, the user itself from log in and sign up. */
export function accountOfAnswer(body: unknown): { id: string; user: Record<string, unknown> } | null {
  const value = body as { user?: unknown; id?: unknown } | null;
  const user = (value && 'user' in value ? value.user : value) as Record<string, unknown> | null | undefined;
  return user && typeof user.id === 'string' ? { id: user.id, user } : null;
}

export interface AccountChange {
  /** The account whose copies the worker may serve from now on. */
  current: string | null;
  /** An account whose offline copies must be deleted now (it logged out). */
  forget: string | null;
}

/**
 * The worker's account after seeing who is signed in. Nobody signed in (a log out, or the session answering no user)
 * forgets the account that was; another account signing in only switches: the first one's copies stay, unreachable,
 * until it logs out (a shared computer where each logs out loses nothing of the other).
 */
export function changeAccount(current: string | null, signedIn: string | null): AccountChange {
  if (signedIn === null) return { current: null, forget: current };
  return { current: signedIn, forget: null };
}

/** A gateway's answer that means "the API cannot be reached": served from the offline copy like a network failure. */
export function isUnreachable(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** The parts of a remote's mf-manifest.json the worker reads. */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  shared?: { assets?: ManifestAssets }[];
  exposes?: { name: string; assets?: ManifestAssets }[];
}
interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** The screens that work offline, by remote ('*': every exposed module): their code is fetched when a download is made. */
export const OFFLINE_SCREENS: Record<string, readonly string[] | '*'> = {
  mf_library: ['HomePage', 'PlaylistDetailPage', 'AlbumDetailPage', 'LikedSongsPage', 'DownloadsPage', 'YourLibraryPage', 'SidebarLibrary', 'meta'],
  mf_player: '*',
  mf_auth: ['AuthModals', 'meta'],
};

/**
 * Every file a remote's offline screens load, as absolute URLs: the entry, each listed module's sync and async
 * chunks and styles, and the shared packages' chunks (a remote may be the one providing React).
 */
export function offlineAssetsOf(manifest: RemoteManifest, manifestUrl: string, wanted: readonly string[] | '*'): string[] {
  const files = new Set<string>();
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) files.add(`${entry.path ? `${entry.path.replace(/\/$/u, '')}/` : ''}${entry.name}`);
  const add = (assets: ManifestAssets | undefined) => {
    for (const list of [assets?.js?.sync, assets?.js?.async, assets?.css?.sync, assets?.css?.async]) for (const file of list ?? []) files.add(file);
  };
  for (const expose of manifest.exposes ?? []) if (wanted === '*' || wanted.includes(expose.name)) add(expose.assets);
  for (const shared of manifest.shared ?? []) add(shared.assets);
  return [...files].map((file) => new URL(file, manifestUrl).href);
}
