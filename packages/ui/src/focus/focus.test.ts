import { afterEach, describe, expect, it } from 'vitest';
import { focusInside, focusableIn } from './focus';

function container(html: string): HTMLElement {
  const element = document.createElement('div');
  element.tabIndex = -1;
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusableIn', () => {
  it('lists what Tab reaches, in document order, skipping disabled, hidden and tabindex -1', () => {
    const box = container(`
      <a href="/a">link</a><a>no href</a>
      <button>ok</button><button disabled>off</button>
      <input type="hidden" /><input aria-label="text" />
      <div tabindex="0">tabbable</div><div tabindex="-1">programmatic</div>
      <textarea disabled></textarea><select><option>1</option></select>`);
    expect(focusableIn(box).map((element) => element.textContent || element.tagName)).toEqual(['link', 'ok', 'INPUT', 'tabbable', '1']);
  });
});

describe('focusInside', () => {
  it('focuses the first or the last control', () => {
    const box = container('<button>first</button><button>last</button>');
    focusInside(box);
    expect(document.activeElement?.textContent).toBe('first');
    focusInside(box, 'last');
    expect(document.activeElement?.textContent).toBe('last');
  });

  it('falls back to the given element when nothing inside can take focus', () => {
    const panel = container('<div id="body"><p>Nothing to press</p></div>');
    focusInside(panel.querySelector('#body') as HTMLElement, 'first', panel);
    expect(document.activeElement).toBe(panel);
  });
});
