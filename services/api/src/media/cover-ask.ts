import { COVER_FORMATS, COVER_SIZE_ASK_MAX, COVER_SIZE_ASK_MIN, snapCoverSize, type CoverFormat, type CoverSize } from '@tunafy/contracts';

/** How `GET /api/files/{id}?size=&format=` is read and which format a request gets (docs/covers.md). */

/** What a request asked for, read from its query: `null` when it named no size (the original is sent). */
export type CoverAsk = { size: CoverSize; format: CoverFormat | null } | null;

/** Why a query is refused, keyed by its field (the API's validation shape). */
export class CoverAskInvalid extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('Some fields are invalid.');
  }
}

/** `size` (a whole number of pixels, 1..4096, snapped to a kept size) and `format` (avif, webp, jpeg, png) of a query. */
export function readCoverAsk(query: Record<string, unknown>): CoverAsk {
  const errors: Record<string, string> = {};
  const rawSize = query.size;
  const rawFormat = query.format;
  if (rawSize === undefined) {
    if (rawFormat !== undefined) errors.format = 'A format is only given with a size.';
    if (Object.keys(errors).length > 0) throw new CoverAskInvalid(errors);
    return null;
  }
  const size = typeof rawSize === 'string' && /^\d{1,4}$/u.test(rawSize) ? Number(rawSize) : NaN;
  if (!(size >= COVER_SIZE_ASK_MIN && size <= COVER_SIZE_ASK_MAX)) errors.size = `Size must be a whole number from ${COVER_SIZE_ASK_MIN} to ${COVER_SIZE_ASK_MAX}.`;
  const format = rawFormat === undefined ? null : COVER_FORMATS.find((name) => name === rawFormat);
  if (format === undefined) errors.format = `Format must be one of ${COVER_FORMATS.join(', ')}.`;
  if (Object.keys(errors).length > 0) throw new CoverAskInvalid(errors);
  return { size: snapCoverSize(size), format: format ?? null };
}

/** Whether an Accept header names this image type with a non-zero quality (a `*` range does not count: see negotiate). */
function accepts(accept: string, type: string): boolean {
  for (const part of accept.toLowerCase().split(',')) {
    const [range, ...params] = part.split(';').map((piece) => piece.trim());
    if (range !== type) continue;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * The format a request gets: AVIF when its Accept names it, else WebP when it names that, else JPEG (PNG for a
 * transparent picture). Browsers that decode AVIF or WebP say so in the Accept of their image requests; `*\/*` alone
 * (curl, old clients) gets the format every client decodes.
 */
export function negotiateFormat(accept: string | undefined, alpha: boolean): CoverFormat {
  if (accept && accepts(accept, 'image/avif')) return 'avif';
  if (accept && accepts(accept, 'image/webp')) return 'webp';
  return alpha ? 'png' : 'jpeg';
}
