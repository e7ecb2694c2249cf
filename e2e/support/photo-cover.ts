import sharp from 'sharp';

/**
 * A cover JPEG as real uploads and embedded pictures are (1000–1500 px, 200–600 KB), not the seed's small flat
 * PNGs: gradients, soft shapes and grain, so its bytes and how well it shrinks are a photo's. The same seed gives
 * the same picture. Used where image weight is measured (the Lighthouse bench, the covers spec).
 */
export async function photoCover({ seed, size = 1200, title = `Cover ${seed}` }: { seed: number; size?: number; title?: string }): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const shapes = Array.from({ length: 14 }, (_, i) => {
    const cx = (seed * 37 + i * 211) % size;
    const cy = (seed * 53 + i * 157) % size;
    return `<circle cx="${cx}" cy="${cy}" r="${Math.round(size / 12 + ((i * 31) % (size / 5)))}" fill="url(#r)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,20%)"/></linearGradient>
      <radialGradient id="r"><stop offset="0" stop-color="hsl(${(hue + 60) % 360},90%,70%)" stop-opacity="0.9"/><stop offset="1" stop-color="hsl(${hue},90%,50%)" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}
    <text x="8%" y="88%" font-family="sans-serif" font-weight="900" font-size="${Math.round(size / 10)}" fill="white">${escapeXml(title)}</text>
  </svg>`;
  // Film grain: what keeps a photo's JPEG from compressing to a few KB.
  const grain = await sharp({ create: { width: size, height: size, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 88 }).toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
