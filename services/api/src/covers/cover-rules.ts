import type { CoverFormat } from '@tunafy/contracts';
import { OUTPUT_VERSION } from './cover-encoder.js';

/** The formats every kept size is derived in: AVIF and WebP for browsers, then JPEG (PNG for a transparent picture). */
export function keptFormats(alpha: boolean): CoverFormat[] {
  return ['avif', 'webp', alpha ? 'png' : 'jpeg'];
}

/** Strong, stable across replicas and re-derivations: the file, the size, the format and the output version. */
export function derivedEtag(sourceId: string, size: number, format: CoverFormat): string {
  return `"${sourceId}-${size}-${format}-v${OUTPUT_VERSION}"`;
}
