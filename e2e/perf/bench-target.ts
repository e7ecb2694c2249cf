import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from '@playwright/test';

/** What `lighthouse-bench.ts` seeded: the pages' items. */
export interface Seeded {
  albumId: string;
  artistId: string;
  playlistId: string;
  coverBytes: number[];
}

/** The file `lighthouse-bench.ts --serve` writes, read by the perf tools that visit the same pages. */
export interface BenchTarget {
  baseUrl: string;
  /** The API behind the gateway (a stack the bench started), for `--builds`' second gateway. */
  apiUrl?: string;
  /** The demo user's session, as a `Cookie` header of name=value pairs. */
  cookie: string;
  seeded: Seeded;
}

export interface BenchPage {
  name: 'home' | 'songs' | 'album' | 'artist' | 'playlist';
  path: string;
  /** The guest home is a guest's; the others are the demo user's. */
  signedIn: boolean;
}

/** A command-line option's value (`--name value`). */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** The A/B tools' common options: the `--serve` files to alternate, the pages, and how many runs of each. */
export function abOptions(defaultPage: string): { targetFiles: string[]; pageNames: string[]; runs: number } {
  return {
    targetFiles: (option('targets') ?? '/tmp/lh.json').split(','),
    pageNames: (option('pages') ?? defaultPage).split(','),
    runs: Number(option('runs') ?? 3),
  };
}

export async function readBenchTarget(file: string): Promise<BenchTarget> {
  return JSON.parse(await readFile(file, 'utf8')) as BenchTarget;
}

/** The five pages issue 31 measures, in the bench's order. */
export function benchPages({ seeded }: BenchTarget): BenchPage[] {
  return [
    { name: 'home', path: '/', signedIn: false },
    { name: 'songs', path: '/songs', signedIn: true },
    { name: 'album', path: `/albums/${seeded.albumId}`, signedIn: true },
    { name: 'artist', path: `/artists/${seeded.artistId}`, signedIn: true },
    { name: 'playlist', path: `/playlists/${seeded.playlistId}`, signedIn: true },
  ];
}

export function benchPage(target: BenchTarget, name: string): BenchPage {
  const page = benchPages(target).find((candidate) => candidate.name === name);
  if (!page) throw new Error(`a page is one of ${benchPages(target).map((candidate) => candidate.name).join(', ')}`);
  return page;
}

/** A phone-sized context (Lighthouse's mobile screen), with the user's session for a signed-in page. */
export async function phoneContext(browser: Browser, target: BenchTarget, page: BenchPage, baseUrl = target.baseUrl): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  if (page.signedIn) {
    const cookies = target.cookie.split(';').map((pair) => pair.trim().split('='));
    await context.addCookies(cookies.map(([name, ...value]) => ({ name: name!, value: value.join('='), url: baseUrl })));
  }
  return context;
}
