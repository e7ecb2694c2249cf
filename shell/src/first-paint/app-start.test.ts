import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appStartScript, startApp } from './app-start';

const ENTRY = ['/main.0123456789.js'];
const entryScripts = () => Array.from(document.head.querySelectorAll('script[src]')).map((script) => script.getAttribute('src'));
const splash = () => document.querySelector('.tf-splash')!;

/** A picture the first paint drew that has not loaded yet; `load()` finishes it. */
function pendingPicture(): { load(): void } {
  const image = document.createElement('img');
  let complete = false;
  Object.defineProperty(image, 'complete', { get: () => complete });
  splash().appendChild(image);
  return {
    load() {
      complete = true;
      image.dispatchEvent(new Event('load'));
    },
  };
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><div class="tf-splash" role="status" aria-label="Loading Tunafy">Tunafy</div></div>';
});

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('startApp', () => {
  it('starts the entry at once when no first paint is drawn (another path, a wide screen, a guest on a detail page)', async () => {
    startApp([Promise.resolve(false), Promise.resolve(false)], { scripts: ENTRY, holdMs: 60_000 });
    await expect.poll(entryScripts).toEqual(ENTRY);
    expect((document.head.querySelector('script[src]') as HTMLScriptElement).async).toBe(false);
  });

  it("holds the entry until the painted pictures have loaded and been drawn, then starts it once", async () => {
    let painted!: (value: boolean) => void;
    const painting = new Promise<boolean>((resolve) => (painted = resolve));
    startApp([painting, Promise.resolve(false)], { scripts: ENTRY, holdMs: 60_000 });
    const picture = pendingPicture();
    painted(true);
    // Several turns of the event loop: still waiting for the picture.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entryScripts()).toEqual([]);
    picture.load();
    await expect.poll(entryScripts).toEqual(ENTRY);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entryScripts()).toEqual(ENTRY);
  });

  it('starts the entry after holdMs when the first paint is slow (an answer or a picture that does not come)', async () => {
    startApp([new Promise<boolean>(() => undefined)], { scripts: ENTRY, holdMs: 30 });
    await expect.poll(entryScripts).toEqual(ENTRY);
  });
});

describe('appStartScript', () => {
  it('preloads the entry and, run as an inline script on its own, starts it', async () => {
    const html = appStartScript(['Promise.resolve(false)'], ['/main.a.js', '/other.b.js'], 60_000);
    expect(html).toContain('<link rel="preload" as="script" href="/main.a.js" fetchpriority="low" />');
    expect(html).toContain('<link rel="preload" as="script" href="/other.b.js" fetchpriority="low" />');
    const source = /<script>([\s\S]*)<\/script>$/.exec(html)![1]!;
    new Function(source)();
    await expect.poll(entryScripts).toEqual(['/main.a.js', '/other.b.js']);
  });
});
