import { expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

it('shows storage as the browser settings do (powers of 1000), three figures at most', () => {
  expect(formatBytes(0)).toBe('0 B');
  expect(formatBytes(999)).toBe('999 B');
  expect(formatBytes(24_600)).toBe('24.6 kB');
  expect(formatBytes(12_345_678)).toBe('12.3 MB');
  expect(formatBytes(250_000_000)).toBe('250 MB');
  expect(formatBytes(3.2e12)).toBe('3.2 TB');
  expect(formatBytes(Number.NaN)).toBe('0 B');
});
