import { describe, expect, it } from 'vitest';
import { coverSizeUrl, snapCoverSize } from './covers.js';

describe('cover sizes', () => {
  it('snaps an ask to the smallest kept size at or above it, and past the largest to the largest', () => {
    expect([1, 64, 65, 128, 129, 300, 301, 640, 641, 4096].map(snapCoverSize)).toEqual([64, 64, 128, 128, 300, 300, 640, 640, 640, 640]);
  });

  it('puts the snapped size on a stored cover URL and leaves any other URL alone', () => {
    expect(coverSizeUrl('/api/files/0123456789abcdef01234567', 100)).toBe('/api/files/0123456789abcdef01234567?size=128');
    expect(coverSizeUrl('blob:http://localhost/x', 100)).toBe('blob:http://localhost/x');
  });
});
