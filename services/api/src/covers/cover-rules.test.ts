import { describe, expect, it } from 'vitest';
import { derivedEtag, keptFormats } from './cover-rules.js';

describe('cover rules', () => {
  it('names one ETag per file, size, format and output version', () => {
    expect(derivedEtag('0123456789abcdef01234567', 300, 'webp')).toBe('"0123456789abcdef01234567-300-webp-v1"');
  });

  it('keeps AVIF and WebP for every picture, then JPEG, or PNG for a transparent one', () => {
    expect(keptFormats(false)).toEqual(['avif', 'webp', 'jpeg']);
    expect(keptFormats(true)).toEqual(['avif', 'webp', 'png']);
  });
});
