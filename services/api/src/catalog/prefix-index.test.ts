import { describe, expect, it } from 'vitest';
import { PrefixIndex } from './prefix-index.js';
import { foldText, searchWords } from './search-text.js';

describe('search words', () => {
  it('folds case, accents and letters Unicode does not decompose', () => {
    expect(foldText('Beyoncé Sigur Rós ØYA Straße Łódź')).toBe('beyonce sigur ros oya strasse lodz');
    expect(searchWords('  Hey — hey, MY my!  ')).toEqual(['hey', 'my']);
    expect(searchWords('!!!')).toEqual([]);
  });
});

function index(names: string[]) {
  const built = new PrefixIndex<{ id: string; name: string }>();
  const items = names.map((name, position) => ({ id: String(position).padStart(3, '0'), name }));
  for (const item of items) built.put(item, item.name, item.id);
  return { built, items, names: (found: { name: string }[]) => found.map((item) => item.name) };
}

describe('PrefixIndex', () => {
  it('matches word prefixes regardless of case and accents, every query word required', () => {
    const { built, names } = index(['Café del Mar', 'Cafeteria Blues', 'Blue Café', 'Mar Azul', 'Escape']);
    // Exact words before prefixes (docs/search.md), then names starting with the query.
    expect(names(built.search({ text: 'cafe', limit: 10 }))).toEqual(['Café del Mar', 'Blue Café', 'Cafeteria Blues']);
    expect(names(built.search({ text: 'CAFÉ mar', limit: 10 }))).toEqual(['Café del Mar']);
    // One typo in a 4-letter word is forgiven, ranked after typo-free matches would be.
    expect(names(built.search({ text: 'cape', limit: 10 }))).toEqual(['Blue Café', 'Café del Mar', 'Cafeteria Blues']);
    expect(names(built.search({ text: 'cpe', limit: 10 }))).toEqual([]);
    expect(names(built.search({ text: 'zzz', limit: 10 }))).toEqual([]);
  });

  it('ranks exact words before prefixes, then the exact name, names starting with the query, the rest, shorter first', () => {
    const { built, names } = index(['Love Song Extended', 'My Love', 'Love', 'Love Song', 'Lovers']);
    expect(names(built.search({ text: 'love', limit: 10 }))).toEqual(['Love', 'Love Song', 'Love Song Extended', 'My Love', 'Lovers']);
    expect(names(built.search({ text: 'love', limit: 2 }))).toEqual(['Love', 'Love Song']);
  });

  it('follows renames and removals, and counts each item once', () => {
    const { built, items, names } = index(['Night Nights', 'Day']);
    expect(names(built.search({ text: 'night', limit: 10 }))).toEqual(['Night Nights']);
    items[1]!.name = 'Night Day';
    built.put(items[1]!, 'Night Day', items[1]!.id);
    expect(names(built.search({ text: 'night', limit: 10 }))).toEqual(['Night Day', 'Night Nights']);
    built.remove(items[0]!);
    expect(names(built.search({ text: 'ni', limit: 10 }))).toEqual(['Night Day']);
    expect(built.search({ text: 'day', limit: 10 })).toEqual([items[1]]);
    expect(built.size).toBe(1);
  });

  it('forgets the words it remembered for recent query words when a name comes, changes or goes', () => {
    // The same query words asked again (keystroke after keystroke) reuse what they matched until the vocabulary changes.
    const { built, items, names } = index(['Lullaby', 'Harbor Lights']);
    expect(names(built.search({ text: 'lulab', limit: 10 }))).toEqual(['Lullaby']);
    expect(names(built.search({ text: 'harb', limit: 10 }))).toEqual(['Harbor Lights']);
    const added = { id: '009', name: 'Lullabies of the Harbour' };
    built.put(added, added.name, added.id);
    expect(names(built.search({ text: 'lulab', limit: 10 }))).toEqual(['Lullaby', 'Lullabies of the Harbour']);
    expect(names(built.search({ text: 'harb', limit: 10 }))).toEqual(['Harbor Lights', 'Lullabies of the Harbour']);
    built.put(items[0]!, 'Cradle Song', items[0]!.id);
    expect(names(built.search({ text: 'lulab', limit: 10 }))).toEqual(['Lullabies of the Harbour']);
    built.remove(added);
    expect(names(built.search({ text: 'lulab', limit: 10 }))).toEqual([]);
    expect(names(built.search({ text: 'harb', limit: 10 }))).toEqual(['Harbor Lights']);
  });

  it('skips what the viewer may not see without using up the limit', () => {
    const { built, names } = index(['Rock A', 'Rock B', 'Rock C']);
    expect(names(built.search({ text: 'rock', limit: 2, accept: (item) => item.name !== 'Rock A' }))).toEqual(['Rock B', 'Rock C']);
  });
});
