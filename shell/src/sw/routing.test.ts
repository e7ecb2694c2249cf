import { describe, expect, it } from 'vitest';
import { accountOfAnswer, changeAccount, isUnreachable, offlineAssetsOf, routeFor, type RemoteManifest } from './routing';

const ORIGIN = 'https://music.example';
const get = (path: string, mode = 'cors') => routeFor({ method: 'GET', url: new URL(path, ORIGIN).href, mode }, ORIGIN);
const SONG = '0123456789abcdef01234567';

describe('routeFor', () => {
  it('answers the app\'s page loads with the app shell, but not the API\'s or the share pages\'', () => {
    expect(get('/playlists/123', 'navigate')).toEqual({ kind: 'navigation' });
    expect(get('/', 'navigate')).toEqual({ kind: 'navigation' });
    expect(get('/api/docs', 'navigate')).toEqual({ kind: 'none' });
    expect(get('/s/abc', 'navigate')).toEqual({ kind: 'none' });
    expect(get('/embed/abc', 'navigate')).toEqual({ kind: 'none' });
    expect(routeFor({ method: 'GET', url: 'https://other.example/', mode: 'navigate' }, ORIGIN)).toEqual({ kind: 'none' });
  });

  it('caches hashed code from any origin, and revalidates the files whose URL stays', () => {
    expect(get('/main.1c79a28068.js')).toEqual({ kind: 'hashed-asset' });
    expect(routeFor({ method: 'GET', url: 'https://cdn.example/mf-library/__federation_expose_HomePage.07552ffb.js', mode: 'no-cors' }, ORIGIN)).toEqual({ kind: 'hashed-asset' });
    expect(get('/mf-library/remoteEntry.js')).toEqual({ kind: 'entry-file' });
    expect(routeFor({ method: 'GET', url: 'https://cdn.example/mf-player/mf-manifest.json', mode: 'cors' }, ORIGIN)).toEqual({ kind: 'entry-file' });
    expect(get('/remotes.json')).toEqual({ kind: 'entry-file' });
    // The worker itself is always the browser's business.
    expect(get('/sw.js')).toEqual({ kind: 'none' });
  });

  it('finds a song by id whatever quality its stream URL asks for', () => {
    expect(get(`/api/songs/${SONG}/stream?maxBitRate=160`)).toEqual({ kind: 'song-audio', songId: SONG });
    expect(get(`/api/songs/${SONG.toUpperCase()}/stream?format=mp3&maxBitRate=320`)).toEqual({ kind: 'song-audio', songId: SONG });
    expect(get(`/api/files/${SONG}`)).toEqual({ kind: 'file', fileId: SONG });
    expect(get(`/api/files/${SONG}?size=64`)).toEqual({ kind: 'file', fileId: SONG });
  });

  it("leaves a download's own requests to the network: it fetches only what is not stored", () => {
    const download = (path: string) => routeFor({ method: 'GET', url: new URL(path, ORIGIN).href, mode: 'cors', download: true }, ORIGIN);
    expect(download(`/api/songs/${SONG}/stream?maxBitRate=160`)).toEqual({ kind: 'none' });
    expect(download(`/api/files/${SONG}?size=64`)).toEqual({ kind: 'none' });
    expect(download('/api/playlists/1/songs?limit=500&offset=0')).toEqual({ kind: 'none' });
  });

  it('watches the session and the requests that change it; other writes are left alone', () => {
    expect(get('/api/auth/session')).toEqual({ kind: 'session' });
    expect(routeFor({ method: 'POST', url: `${ORIGIN}/api/auth/logout`, mode: 'cors' }, ORIGIN)).toEqual({ kind: 'auth-change', action: 'logout' });
    expect(routeFor({ method: 'POST', url: `${ORIGIN}/api/auth/login`, mode: 'cors' }, ORIGIN)).toEqual({ kind: 'auth-change', action: 'login' });
    expect(routeFor({ method: 'POST', url: `${ORIGIN}/api/plays`, mode: 'cors' }, ORIGIN)).toEqual({ kind: 'none' });
    expect(routeFor({ method: 'DELETE', url: `${ORIGIN}/api/playlists/1`, mode: 'cors' }, ORIGIN)).toEqual({ kind: 'none' });
    expect(get('/api/playlists/abc/songs?limit=100&offset=0')).toEqual({ kind: 'api-read' });
    // Another origin's API is not ours to answer.
    expect(routeFor({ method: 'GET', url: 'https://other.example/api/auth/session', mode: 'cors' }, ORIGIN)).toEqual({ kind: 'none' });
  });
});

describe('the signed-in account', () => {
  it('reads the account from the session probe and from a log in answer', () => {
    expect(accountOfAnswer({ user: { id: 'a', username: 'ann' } })?.id).toBe('a');
    expect(accountOfAnswer({ user: null })).toBeNull();
    expect(accountOfAnswer({ id: 'b', username: 'bo', email: 'b@x' })?.user).toEqual({ id: 'b', username: 'bo', email: 'b@x' });
    expect(accountOfAnswer(null)).toBeNull();
    expect(accountOfAnswer({ errors: { email: 'x' } })).toBeNull();
  });

  it('forgets an account when nobody is signed in after it, and only switches for another account', () => {
    expect(changeAccount(null, 'a')).toEqual({ current: 'a', forget: null });
    expect(changeAccount('a', 'a')).toEqual({ current: 'a', forget: null });
    // Log out, or the session answering no user: a's copies are deleted.
    expect(changeAccount('a', null)).toEqual({ current: null, forget: 'a' });
    // b signs in: a's copies stay but are never served, since only b's caches are read now.
    expect(changeAccount('a', 'b')).toEqual({ current: 'b', forget: null });
    expect(changeAccount(null, null)).toEqual({ current: null, forget: null });
  });

  it('treats a gateway that cannot reach the API like no network', () => {
    expect([502, 503, 504].every(isUnreachable)).toBe(true);
    expect([200, 401, 404, 500].some(isUnreachable)).toBe(false);
  });
});

describe('offlineAssetsOf', () => {
  const manifest: RemoteManifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { name: 'PlaylistDetailPage', assets: { js: { sync: ['1.aaaaaaaa.js'], async: ['2.bbbbbbbb.js'] }, css: { sync: ['p.cccccccc.css'], async: [] } } },
      { name: 'UploadPage', assets: { js: { sync: ['9.dddddddd.js'], async: [] } } },
    ],
    shared: [{ assets: { js: { sync: ['react.eeeeeeee.js'], async: [] } } }],
  };

  it('lists the entry, the wanted screens\' files and the shared packages, next to the manifest', () => {
    expect(offlineAssetsOf(manifest, 'https://cdn.example/mf-library/mf-manifest.json', ['PlaylistDetailPage'])).toEqual([
      'https://cdn.example/mf-library/remoteEntry.js',
      'https://cdn.example/mf-library/1.aaaaaaaa.js',
      'https://cdn.example/mf-library/2.bbbbbbbb.js',
      'https://cdn.example/mf-library/p.cccccccc.css',
      'https://cdn.example/mf-library/react.eeeeeeee.js',
    ]);
    expect(offlineAssetsOf(manifest, 'https://cdn.example/mf-library/mf-manifest.json', '*')).toContain('https://cdn.example/mf-library/9.dddddddd.js');
  });
});
