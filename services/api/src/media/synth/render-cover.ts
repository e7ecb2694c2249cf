/**
 * Generates the demo covers of a fresh install: abstract, album-art-like PNGs
 * drawn from a seed, since the machines that seed Tunafy cannot fetch images
 * and the repo ships none. They go through the same cover upload path as a
 * user's picture.
 */
import { PNG } from 'pngjs';
import { between, createRandom, hashNumbers, hashString, intBetween, pick, type Random } from './random.js';

export interface RenderCoverOptions {
  seed: number;
  /** Only varies the artwork, so two items with the same cover seed still differ. */
  title: string;
  /** Width and height in pixels; default 400. */
  size?: number;
}

type Rgb = [number, number, number];

const STYLES = ['orbs', 'stripes', 'waves', 'rings', 'sunset', 'tiles'] as const;
type Style = (typeof STYLES)[number];

export function renderCover(options: RenderCoverOptions): Buffer {
  const size = options.size ?? 400;
  if (!Number.isInteger(size) || size < 16 || size > 4096) throw new RangeError(`size must be an integer from 16 to 4096, got ${size}`);
  if (!Number.isInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);

  const random = createRandom(hashNumbers(options.seed, hashString(options.title)));
  const palette = makePalette(random);
  const canvas = new Canvas(size);

  paintBackground(canvas, random, palette);
  const style = pick(random, STYLES);
  paintStyle(canvas, random, palette, style);
  // A few small orbs on top of flat styles keep covers of the same style apart.
  if (style !== 'orbs' && random() < 0.5) paintOrbs(canvas, random, palette, intBetween(random, 1, 3), 0.04, 0.12);
  paintVignette(canvas, between(random, 0.25, 0.45));

  return canvas.toPng();
}

/** Float RGB in 0..255, blended in place; converted to bytes once at the end. */
class Canvas {
  readonly pixels: Float32Array;

  constructor(readonly size: number) {
    this.pixels = new Float32Array(size * size * 3);
  }

  blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (alpha <= 0) return;
    const i = (y * this.size + x) * 3;
    const p = this.pixels;
    const a = alpha > 1 ? 1 : alpha;
    p[i] = (p[i] as number) + (color[0] - (p[i] as number)) * a;
    p[i + 1] = (p[i + 1] as number) + (color[1] - (p[i + 1] as number)) * a;
    p[i + 2] = (p[i + 2] as number) + (color[2] - (p[i + 2] as number)) * a;
  }

  /** Anti-aliased disc or ring (when `thickness` is set); only its bounding box is visited. */
  circle(cx: number, cy: number, radius: number, color: Rgb, alpha: number, thickness?: number): void {
    const x0 = Math.max(0, Math.floor(cx - radius - 1));
    const x1 = Math.min(this.size - 1, Math.ceil(cx + radius + 1));
    const y0 = Math.max(0, Math.floor(cy - radius - 1));
    const y1 = Math.min(this.size - 1, Math.ceil(cy + radius + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = distance(x + 0.5 - cx, y + 0.5 - cy);
        let coverage = clamp01(radius - d + 0.5);
        if (thickness !== undefined) coverage *= clamp01(d - (radius - thickness) + 0.5);
        if (coverage > 0) this.blend(x, y, color, alpha * coverage);
      }
    }
  }

  toPng(): Buffer {
    const { size, pixels } = this;
    const rgb = Buffer.alloc(size * size * 3);
    for (let i = 0; i < rgb.length; i++) {
      const v = Math.round(pixels[i] as number);
      rgb[i] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
    const png = new PNG({ width: size, height: size });
    png.data = rgb;
    // RGB in and out takes pngjs's copy-free path. Level 6 is several times
    // faster than the default 9 and the smooth gradients barely notice.
    return PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false, deflateLevel: 6 });
  }
}

function makePalette(random: Random): Rgb[] {
  const hue = random() * 360;
  const scheme = pick(random, [
    [0, 30, 60, 180], // analogous with a complementary accent
    [0, 180, 20, 200], // complementary
    [0, 120, 240, 60], // triadic
    [0, 150, 210, 30], // split complementary
    [0, 15, 330, 160], // near-monochrome with one pop
  ]);
  const saturation = between(random, 0.45, 0.85);
  return [
    hsl(hue + (scheme[0] as number), saturation, between(random, 0.12, 0.3)),
    hsl(hue + (scheme[1] as number), saturation, between(random, 0.35, 0.55)),
    hsl(hue + (scheme[2] as number), Math.min(1, saturation + 0.1), between(random, 0.5, 0.7)),
    hsl(hue + (scheme[3] as number), Math.min(1, saturation + 0.15), between(random, 0.6, 0.82)),
  ];
}

function paintBackground(canvas: Canvas, random: Random, palette: Rgb[]): void {
  const { size, pixels } = canvas;
  const angle = random() * Math.PI * 2;
  const dx = Math.cos(angle) / size;
  const dy = Math.sin(angle) / size;
  const [from, to] = random() < 0.5 ? [palette[0], palette[1]] : [palette[1], palette[0]];
  const a = from as Rgb;
  const b = to as Rgb;
  // A soft glow of a lighter colour somewhere gives depth a plain gradient lacks.
  const glow = palette[2] as Rgb;
  const gx = between(random, 0.15, 0.85) * size;
  const gy = between(random, 0.15, 0.85) * size;
  const glowRadius = between(random, 0.35, 0.7) * size;
  const glowStrength = between(random, 0.2, 0.45);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = smoothstep(clamp01((x - size / 2) * dx + (y - size / 2) * dy + 0.5));
      const g = glowStrength * Math.max(0, 1 - distance(x - gx, y - gy) / glowRadius) ** 2;
      const i = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = (a[c] as number) + ((b[c] as number) - (a[c] as number)) * t;
        pixels[i + c] = base + ((glow[c] as number) - base) * g;
      }
    }
  }
}

/** How each style paints; every painter draws its own random numbers, in its own order. */
const PAINTERS: Record<Style, (canvas: Canvas, random: Random, palette: Rgb[]) => void> = {
  orbs: (canvas, random, palette) => paintOrbs(canvas, random, palette, intBetween(random, 3, 7), 0.08, 0.35),
  stripes: paintStripes,
  waves: paintWaves,
  rings: paintRings,
  sunset: paintSunset,
  tiles: paintTiles,
};

function paintStyle(canvas: Canvas, random: Random, palette: Rgb[], style: Style): void {
  PAINTERS[style](canvas, random, palette);
}

function paintOrbs(canvas: Canvas, random: Random, palette: Rgb[], count: number, minRadius: number, maxRadius: number): void {
  const size = canvas.size;
  for (let i = 0; i < count; i++) {
    const radius = between(random, minRadius, maxRadius) * size;
    const color = palette[intBetween(random, 1, 3)] as Rgb;
    const ring = random() < 0.25 ? Math.max(2, radius * between(random, 0.06, 0.15)) : undefined;
    canvas.circle(random() * size, random() * size, radius, color, between(random, 0.55, 0.9), ring);
  }
}

function paintStripes(canvas: Canvas, random: Random, palette: Rgb[]): void {
  const { size } = canvas;
  const angle = pick(random, [Math.PI / 4, -Math.PI / 4, 0, Math.PI / 2, Math.PI / 6]);
  const nx = Math.cos(angle);
  const ny = Math.sin(angle);
  const period = between(random, 0.06, 0.16) * size;
  const duty = between(random, 0.35, 0.6);
  const colors = [palette[2] as Rgb, palette[3] as Rgb];
  // Stripes inside a disc read as a record label or a badge, rather than wallpaper.
  const clipped = random() < 0.5;
  const cx = size / 2;
  const cy = size / 2;
  const clipRadius = between(random, 0.3, 0.42) * size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x * nx + y * ny) / period;
      const band = Math.floor(u);
      const f = u - band;
      // Coverage of the stripe's two edges, one pixel wide, for anti-aliasing.
      const edgeWidth = 1 / period;
      const coverage = clamp01(f / edgeWidth + 0.5) * clamp01((duty - f) / edgeWidth + 0.5);
      if (coverage <= 0) continue;
      const clip = clipped ? clamp01(clipRadius - distance(x + 0.5 - cx, y + 0.5 - cy) + 0.5) : 1;
      canvas.blend(x, y, colors[band & 1] as Rgb, 0.75 * coverage * clip);
    }
  }
}

function paintWaves(canvas: Canvas, random: Random, palette: Rgb[]): void {
  const { size } = canvas;
  const layers = intBetween(random, 3, 5);
  for (let layer = 0; layer < layers; layer++) {
    const base = (0.35 + (0.55 * (layer + 1)) / layers) * size;
    const amplitude = between(random, 0.02, 0.07) * size;
    const frequency = between(random, 1, 3.5) * ((2 * Math.PI) / size);
    const phase = random() * Math.PI * 2;
    const color = mix(palette[1 + (layer % 3)] as Rgb, palette[0] as Rgb, (layer / layers) * 0.5);
    for (let x = 0; x < size; x++) {
      const edge = base + amplitude * Math.sin(x * frequency + phase) + amplitude * 0.35 * Math.sin(x * frequency * 2.7 + phase * 1.3);
      const start = Math.max(0, Math.floor(edge));
      for (let y = start; y < size; y++) canvas.blend(x, y, color, 0.85 * clamp01(y + 0.5 - edge + 0.5));
    }
  }
}

function paintRings(canvas: Canvas, random: Random, palette: Rgb[]): void {
  const { size } = canvas;
  const cx = between(random, 0.25, 0.75) * size;
  const cy = between(random, 0.25, 0.75) * size;
  const count = intBetween(random, 4, 9);
  const outer = between(random, 0.35, 0.6) * size;
  for (let i = 0; i < count; i++) {
    const radius = outer * (1 - i / count);
    canvas.circle(cx, cy, radius, palette[1 + (i % 3)] as Rgb, 0.8, (outer / count) * between(random, 0.4, 0.9));
  }
}

function paintSunset(canvas: Canvas, random: Random, palette: Rgb[]): void {
  const { size } = canvas;
  const cx = between(random, 0.35, 0.65) * size;
  const horizon = between(random, 0.58, 0.72) * size;
  const radius = between(random, 0.22, 0.32) * size;
  const cy = horizon - radius * between(random, 0.2, 0.6);
  const top = palette[3] as Rgb;
  const bottom = palette[2] as Rgb;
  const gaps = intBetween(random, 3, 6);
  for (let y = Math.max(0, Math.floor(cy - radius - 1)); y < Math.min(size, Math.ceil(horizon)); y++) {
    // The sun is cut by widening horizontal gaps towards the horizon.
    const below = (y - cy) / radius;
    if (below > 0) {
      const gapPhase = (below * gaps) % 1;
      if (gapPhase < 0.12 + 0.35 * below) continue;
    }
    const color = mix(top, bottom, clamp01((y - (cy - radius)) / (2 * radius)));
    for (let x = Math.max(0, Math.floor(cx - radius - 1)); x < Math.min(size, Math.ceil(cx + radius + 1)); x++) {
      const coverage = clamp01(radius - distance(x + 0.5 - cx, y + 0.5 - cy) + 0.5);
      if (coverage > 0) canvas.blend(x, y, color, coverage);
    }
  }
  const ground = mix(palette[0] as Rgb, [0, 0, 0], 0.3);
  const grid = palette[3] as Rgb;
  for (let y = Math.floor(horizon); y < size; y++) {
    const depth = (y - horizon) / (size - horizon);
    for (let x = 0; x < size; x++) {
      canvas.blend(x, y, ground, 0.92);
      // Perspective grid: lines converge on the sun's centre, one pixel wide
      // and anti-aliased; near the horizon they fade out instead of crowding.
      if (depth < 0.04) continue;
      const spacing = (depth * size) / 3;
      const column = (x - cx) / spacing;
      const columnDistance = Math.abs(column - Math.round(column)) * spacing;
      const rows = Math.sqrt(depth) * 8;
      const rowsPerPixel = 4 / (Math.sqrt(depth) * (size - horizon));
      const rowDistance = Math.abs(rows - Math.round(rows)) / rowsPerPixel;
      const line = Math.max(clamp01(1 - columnDistance), clamp01(1 - rowDistance));
      if (line > 0) canvas.blend(x, y, grid, line * (0.3 + 0.45 * depth) * clamp01((depth - 0.04) * 6));
    }
  }
}

function paintTiles(canvas: Canvas, random: Random, palette: Rgb[]): void {
  const { size } = canvas;
  const cells = intBetween(random, 2, 4);
  const cell = size / cells;
  for (let row = 0; row < cells; row++) {
    for (let column = 0; column < cells; column++) {
      const x0 = column * cell;
      const y0 = row * cell;
      const color = palette[intBetween(random, 1, 3)] as Rgb;
      const shape = pick(random, ['quarter', 'half', 'disc', 'empty'] as const);
      if (shape === 'empty') continue;
      // Bauhaus-style tiles: arcs anchored on a corner or an edge of the cell.
      const corner = intBetween(random, 0, 3);
      const cx = shape === 'disc' ? x0 + cell / 2 : x0 + (corner & 1 ? cell : 0);
      const cy = shape === 'disc' ? y0 + cell / 2 : shape === 'half' ? y0 + cell / 2 : y0 + (corner & 2 ? cell : 0);
      const radius = shape === 'quarter' ? cell : shape === 'half' ? cell / 2 : cell * 0.38;
      for (let y = Math.floor(y0); y < Math.min(size, Math.ceil(y0 + cell)); y++) {
        for (let x = Math.floor(x0); x < Math.min(size, Math.ceil(x0 + cell)); x++) {
          const coverage = clamp01(radius - distance(x + 0.5 - cx, y + 0.5 - cy) + 0.5);
          if (coverage > 0) canvas.blend(x, y, color, 0.85 * coverage);
        }
      }
    }
  }
}

function paintVignette(canvas: Canvas, strength: number): void {
  const { size, pixels } = canvas;
  const half = size / 2;
  // Squared distance normalised so the corners get the full strength.
  const scale = 1 / (2 * half * half);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const k = 1 - strength * ((x - half) ** 2 + (y - half) ** 2) * scale;
      const i = (y * size + x) * 3;
      pixels[i] = (pixels[i] as number) * k;
      pixels[i + 1] = (pixels[i + 1] as number) * k;
      pixels[i + 2] = (pixels[i + 2] as number) * k;
    }
  }
}

function hsl(hueDegrees: number, saturation: number, lightness: number): Rgb {
  const h = (((hueDegrees % 360) + 360) % 360) / 360;
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const u = ((t % 1) + 1) % 1;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/** Math.hypot is several times slower in V8 and this runs per pixel. */
function distance(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

function smoothstep(t: number): number {
  return t * t * (3 - 2 * t);
}
