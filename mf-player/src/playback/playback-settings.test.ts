import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBACK_SETTINGS, PLAYBACK_SETTINGS_KEY, loadPlaybackSettings, savePlaybackSettings } from './playback-settings';

beforeEach(() => localStorage.clear());

describe('playback settings', () => {
  it('start at Automatic quality and Normal normalization', () => {
    expect(loadPlaybackSettings(localStorage)).toEqual({ quality: 'auto', normalization: 'normal' });
    expect(loadPlaybackSettings(null)).toEqual(DEFAULT_PLAYBACK_SETTINGS);
  });

  it('round-trip through localStorage, for every user of this browser', () => {
    savePlaybackSettings(localStorage, { quality: 'low', normalization: 'loud' });
    expect(loadPlaybackSettings(localStorage)).toEqual({ quality: 'low', normalization: 'loud' });
    expect(localStorage.getItem(PLAYBACK_SETTINGS_KEY)).toContain('"low"');
  });

  it('fall back per setting on garbage, and keep the other one', () => {
    localStorage.setItem(PLAYBACK_SETTINGS_KEY, JSON.stringify({ quality: 'ultra', normalization: 'off' }));
    expect(loadPlaybackSettings(localStorage)).toEqual({ quality: 'auto', normalization: 'off' });
    localStorage.setItem(PLAYBACK_SETTINGS_KEY, '{not json');
    expect(loadPlaybackSettings(localStorage)).toEqual(DEFAULT_PLAYBACK_SETTINGS);
    localStorage.setItem(PLAYBACK_SETTINGS_KEY, '"high"');
    expect(loadPlaybackSettings(localStorage)).toEqual(DEFAULT_PLAYBACK_SETTINGS);
  });

  it('survive a storage that refuses to write', () => {
    const full = { setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } } as unknown as Storage;
    expect(() => savePlaybackSettings(full, { quality: 'high', normalization: 'off' })).not.toThrow();
  });
});
