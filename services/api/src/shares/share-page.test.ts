import type { SharedItem } from '@tunafy/contracts';
import { describe, expect, it } from 'vitest';
import { describe as describeItem, escapeHtml, jsonForScript, pagePolicy, renderSharePage, sourceHash } from './share-page.js';
import { tokenOfUrl } from './share-pages.js';
import { lookupOf, newShareToken, sameHash } from './share-tokens.js';

const TOKEN = 'Abcdefghijklmnopqrstu_';
const item = (overrides: Partial<SharedItem> = {}): SharedItem => ({
  kind: 'album',
  name: 'Blue </script><script>alert(1)</script>',
  by: ['Ada & "Co"'],
  description: null,
  cover_url: '/api/files/aaaaaaaaaaaaaaaaaaaaaaaa',
  song_count: 2,
  songs: [
    { id: 'b'.repeat(24), name: 'One <b>', artists: ['Ada'], album_name: 'Blue', duration: 61, track: 1, cover_url: '/api/files/c', stream_url: `/api/shares/${TOKEN}/songs/${'b'.repeat(24)}/stream`, can_play_type: 'audio/mpeg' },
    { id: 'd'.repeat(24), name: 'Two \u2028', artists: [], album_name: 'Blue', duration: 5, track: 2, cover_url: '/api/files/e', stream_url: `/api/shares/${TOKEN}/songs/${'d'.repeat(24)}/stream`, can_play_type: 'audio/flac' },
  ],
  expires_at: null,
  ...overrides,
});

describe('share page rendering', () => {
  it('escapes every user text, in elements and attributes, and keeps the data JSON inside its script', () => {
    const html = renderSharePage(item(), 'page', { origin: 'https://music.example', token: TOKEN, playerScript: 'void 0;' });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<h1>Blue &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</h1>');
    expect(html).toContain('content="Album by Ada &#38; &#34;Co&#34; · 2 songs"');
    const data = /<script type="application\/json" id="share-data">(.*?)<\/script>/su.exec(html)![1]!;
    expect(data).not.toMatch(/[<>\u2028]/u);
    expect(JSON.parse(data)).toEqual(item());
    // Two script elements: the data and the inline player; nothing a name could add.
    expect(html.match(/<script/gu)).toHaveLength(2);
  });

  it('makes absolute preview URLs from the origin, and the embed links back to the page', () => {
    const page = renderSharePage(item(), 'page', { origin: 'https://music.example', token: TOKEN, playerScript: '' });
    expect(page).toContain('<meta property="og:image" content="https://music.example/api/files/aaaaaaaaaaaaaaaaaaaaaaaa">');
    expect(page).toContain(`<meta property="og:audio" content="https://music.example/api/shares/${TOKEN}/songs/${'b'.repeat(24)}/stream">`);
    expect(page).toContain(`<meta name="twitter:player" content="https://music.example/embed/${TOKEN}">`);
    expect(page).toContain('<a class="open" href="https://music.example/"');
    const embed = renderSharePage(item(), 'embed', { origin: 'https://music.example', token: TOKEN, playerScript: '' });
    expect(embed).toContain(`<a class="open" href="https://music.example/s/${TOKEN}"`);
    expect(embed).toContain('<html lang="en" class="embed">');
  });

  it('lists no tracks for a song, and says when a list is cut', () => {
    const song = renderSharePage(item({ kind: 'song', song_count: 1 }), 'page', { origin: 'https://m.example', token: TOKEN, playerScript: '' });
    expect(song).not.toContain('<ol class="tracks">');
    expect(describeItem(item({ kind: 'song', song_count: 1 }))).toBe('Song by Ada & "Co" · 1:01');
    const long = renderSharePage(item({ song_count: 900 }), 'page', { origin: 'https://m.example', token: TOKEN, playerScript: '' });
    expect(long).toContain('The first 2 of 900 songs.');
  });

  it('allows the inline player by its hash and frames only the embed', () => {
    expect(pagePolicy('page', 'x()')).toContain(`script-src ${sourceHash('x()')};`);
    expect(pagePolicy('page', 'x()')).toContain("frame-ancestors 'none'");
    expect(pagePolicy('embed', 'x()')).toContain('frame-ancestors *');
    expect(escapeHtml(`<'&">`)).toBe('&#60;&#39;&#38;&#34;&#62;');
    expect(jsonForScript('</script>')).toBe('"\\u003c/script\\u003e"');
  });
});

describe('share tokens and URLs', () => {
  it('makes 128-bit base64url tokens whose hash leads to a 24-hex id', () => {
    const tokens = new Set(Array.from({ length: 100 }, newShareToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const lookup = lookupOf(token)!;
      expect(lookup.id).toMatch(/^[0-9a-f]{24}$/);
      expect(lookup.hash.startsWith(lookup.id)).toBe(true);
      expect(sameHash(lookup.hash, lookup.hash)).toBe(true);
    }
    expect(lookupOf('short')).toBeNull();
    expect(lookupOf(`${'a'.repeat(21)}!`)).toBeNull();
    expect(sameHash('ab', 'abcd')).toBe(false);
  });

  it('finds the token in a page or embed URL, whatever the host, and nothing else', () => {
    expect(tokenOfUrl(`https://elsewhere.example/s/${TOKEN}`)).toBe(TOKEN);
    expect(tokenOfUrl(`/embed/${TOKEN}/`)).toBe(TOKEN);
    expect(tokenOfUrl(`https://m.example/albums/${TOKEN}`)).toBeNull();
    expect(tokenOfUrl('not a url at all')).toBeNull();
  });
});
