import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderCover } from './render-cover.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('renderCover', () => {
  it('is a PNG of the default size', () => {
    const png = renderCover({ seed: 1, title: 'Neon Harbor' });
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const image = PNG.sync.read(png);
    expect([image.width, image.height]).toEqual([400, 400]);
  });

  it('honours the requested size', () => {
    const image = PNG.sync.read(renderCover({ seed: 2, title: 'Kite Strings', size: 128 }));
    expect([image.width, image.height]).toEqual([128, 128]);
  });

  it('is deterministic and depends on both seed and title', () => {
    const a = renderCover({ seed: 5, title: 'Blue Hour' });
    expect(renderCover({ seed: 5, title: 'Blue Hour' }).equals(a)).toBe(true);
    expect(renderCover({ seed: 6, title: 'Blue Hour' }).equals(a)).toBe(false);
    expect(renderCover({ seed: 5, title: 'Quiet Fire' }).equals(a)).toBe(false);
  });

  it('draws a picture, not a flat colour, for many seeds', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { data } = PNG.sync.read(renderCover({ seed, title: `Cover ${seed}`, size: 96 }));
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4) colours.add(((data[i] as number) << 16) | ((data[i + 1] as number) << 8) | (data[i + 2] as number));
      expect(colours.size).toBeGreaterThan(50);
    }
  });

  it('rejects unusable sizes', () => {
    expect(() => renderCover({ seed: 1, title: 'x', size: 0 })).toThrow(RangeError);
    expect(() => renderCover({ seed: 1, title: 'x', size: 10.5 })).toThrow(RangeError);
  });
});
