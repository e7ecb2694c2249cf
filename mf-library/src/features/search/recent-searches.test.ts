import { afterEach, describe, expect, it } from 'vitest';
import { clearRecentSearches, readRecentSearches, recentSearchesKey, recordRecentSearch, removeRecentSearch, RECENT_SEARCHES_MAX } from './recent-searches';

afterEach(() => localStorage.clear());

describe('recent searches', () => {
  it('keeps the most recent first, once each, at most ten, per account', () => {
    for (let n = 1; n <= 12; n++) recordRecentSearch('ann', `query ${n}`);
    recordRecentSearch('ann', '  Query   5 ');
    const list = readRecentSearches('ann');
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list.slice(0, 3)).toEqual(['Query 5', 'query 12', 'query 11']);
    expect(list.filter((item) => item.toLowerCase() === 'query 5')).toHaveLength(1);
    expect(readRecentSearches('bob')).toEqual([]);
    recordRecentSearch('ann', '   ');
    expect(readRecentSearches('ann')[0]).toBe('Query 5');
  });

  it('removes one, clears all, and reads a damaged entry as none', () => {
    recordRecentSearch('ann', 'radiohead');
    recordRecentSearch('ann', 'bjork');
    removeRecentSearch('ann', 'radiohead');
    expect(readRecentSearches('ann')).toEqual(['bjork']);
    clearRecentSearches('ann');
    expect(localStorage.getItem(recentSearchesKey('ann'))).toBeNull();
    localStorage.setItem(recentSearchesKey('ann'), '{not json');
    expect(readRecentSearches('ann')).toEqual([]);
    localStorage.setItem(recentSearchesKey('ann'), JSON.stringify(['ok', 3, null]));
    expect(readRecentSearches('ann')).toEqual(['ok']);
  });
});
