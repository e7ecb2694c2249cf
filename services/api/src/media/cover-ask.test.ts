import { describe, expect, it } from 'vitest';
import { CoverAskInvalid, negotiateFormat, readCoverAsk } from '../media/cover-ask.js';

const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const SAFARI_15 = 'image/webp,image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5';

describe('negotiateFormat', () => {
  it('prefers AVIF, then WebP, then JPEG (PNG with transparency), reading only named types', () => {
    expect(negotiateFormat(CHROME, false)).toBe('avif');
    expect(negotiateFormat(SAFARI_15, false)).toBe('webp');
    expect(negotiateFormat('*/*', false)).toBe('jpeg');
    expect(negotiateFormat('image/*', true)).toBe('png');
    expect(negotiateFormat(undefined, false)).toBe('jpeg');
    expect(negotiateFormat('image/avif;q=0, image/webp', false)).toBe('webp');
    expect(negotiateFormat('IMAGE/AVIF', false)).toBe('avif');
  });
});

describe('readCoverAsk', () => {
  const invalid = (query: Record<string, unknown>) => {
    try {
      readCoverAsk(query);
    } catch (error) {
      expect(error).toBeInstanceOf(CoverAskInvalid);
      return (error as CoverAskInvalid).errors;
    }
    throw new Error('expected a refusal');
  };

  it('snaps sizes to the kept ones and reads the format override', () => {
    expect(readCoverAsk({})).toBeNull();
    expect(readCoverAsk({ size: '64' })).toEqual({ size: 64, format: null });
    expect(readCoverAsk({ size: '100' })).toEqual({ size: 128, format: null });
    expect(readCoverAsk({ size: '4096', format: 'webp' })).toEqual({ size: 640, format: 'webp' });
  });

  it('refuses sizes that are not whole numbers from 1 to 4096, unknown formats and a format without size', () => {
    for (const size of ['0', '4097', '-5', '1.5', 'abc', '', '1e3', ['64', '128']]) expect(Object.keys(invalid({ size }))).toEqual(['size']);
    expect(Object.keys(invalid({ size: '64', format: 'gif' }))).toEqual(['format']);
    expect(Object.keys(invalid({ format: 'webp' }))).toEqual(['format']);
  });
});
