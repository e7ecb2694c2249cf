import { describe, expect, it } from 'vitest';
import { HOME_ALBUMS_PATH, HOME_PLAYLISTS_PATH, LIST_PAGE_ROWS, SESSION_PROBE_PATH, songRowsPath } from '@tunafy/contracts';
import { preloadFirstScreenData } from './first-screen-data';

/** The preloads for a path after the session probe, which every path has first. */
function preloadsFor(pathname: string): HTMLLinkElement[] {
  const head = document.createElement('head');
  preloadFirstScreenData(pathname, head);
  const [session, ...links] = head.querySelectorAll('link');
  expect(new URL(session!.href).pathname).toBe(SESSION_PROBE_PATH);
  expect([session!.rel, session!.as, session!.crossOrigin]).toEqual(['preload', 'fetch', 'anonymous']);
  return links;
}

describe('preloadFirstScreenData', () => {
  it("has the browser ask for /songs' first page, in the mode the page's own fetch takes it from", () => {
    const [link, ...others] = preloadsFor('/songs');
    expect(others).toEqual([]);
    expect(link!.rel).toBe('preload');
    expect(link!.as).toBe('fetch');
    expect(link!.crossOrigin).toBe('anonymous');
    expect(new URL(link!.href).pathname + new URL(link!.href).search).toBe(songRowsPath(0, LIST_PAGE_ROWS));
    expect(preloadsFor('/songs/')).toHaveLength(1);
  });

  it("has the browser ask for the home page's two shelves", () => {
    const links = preloadsFor('/');
    expect(links.map((link) => new URL(link.href).pathname + new URL(link.href).search)).toEqual([HOME_PLAYLISTS_PATH, HOME_ALBUMS_PATH]);
    expect(links.every((link) => link.as === 'fetch' && link.crossOrigin === 'anonymous')).toBe(true);
  });

  it('asks for nothing on other paths', () => {
    for (const pathname of ['/home', '/songs/6b083d36a9da1a1c8b071edd', '/albums', '/songsx', '/search']) expect(preloadsFor(pathname)).toEqual([]);
  });
});
