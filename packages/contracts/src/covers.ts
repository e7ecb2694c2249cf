// No zod here: every cover on every first screen builds its URLs with this (see audio-formats.ts for why).

/**
 * Covers at the size they are shown (docs/covers.md): `GET /api/files/{id}?size=N` answers the cover cropped to an
 * N×N square, in AVIF, WebP or JPEG by the request's Accept. The `*_cover_url` fields stay the original's URL.
 */

/** The square sizes the API derives and keeps; another `size` is answered with the smallest of these at or above it. */
export const COVER_SIZES = [64, 128, 300, 640] as const;
export type CoverSize = (typeof COVER_SIZES)[number];

/**
 * How wide a card's cover is drawn (the img's `sizes`): on phones half the page less the gap and the card's padding
 * (16 px page margins, 12 px gap, 12 px padding), elsewhere a column of at least 176 px, ~240 px on a laptop. Here so
 * the library's cards and the shell's first paint of the guest home (shell/src/first-paint) pick the same file.
 */
export const CARD_COVER_SIZES = '(max-width: 479px) calc(50vw - 46px), 240px';

/**
 * How wide a detail page's hero cover (album, playlist, artist, song) is drawn: 176 px on phones, 232 px elsewhere.
 * Here so mf-library's header and the shell's first paint of a logged-in detail page (shell/src/first-paint) pick the
 * same file.
 */
export const HERO_COVER_SIZES = '(max-width: 767px) 176px, 232px';

/**
 * What a detail page's header looks like before its data: the tints mf-library's pages give CollectionHeader and All
 * Songs' fixed header. Here so the shell's wide-screen first paint (decision 0030) draws the same header as the page.
 */
export const HEADER_TINTS = { playlist: 'rgba(40, 96, 144, 0.6)', artist: 'rgba(40, 90, 120, 0.6)', allSongs: 'rgba(80, 56, 160, 0.6)' } as const;
export const ALL_SONGS_HEADER = { title: 'All Songs', description: 'All the songs in our library.', gradientTo: '#c4efd9' } as const;

/** The background of a list's cover that has no image (All Songs, Liked Songs): the brand's violet to `to`. */
export const gradientCoverBackground = (to: string) => `linear-gradient(135deg, #450af5, ${to})`;

/** Cards in a grid's first row on any screen (two rows on a phone's two columns): their covers load at once, with high priority. */
export const FIRST_ROW_CARDS = 6;

/** What `size` may be at all: a whole number of pixels in this range (else 400). */
export const COVER_SIZE_ASK_MIN = 1;
export const COVER_SIZE_ASK_MAX = 4096;

/** `format=` overrides the Accept header (tests, Subsonic); `png` is what a transparent cover's fallback is. */
export const COVER_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type CoverFormat = (typeof COVER_FORMATS)[number];

export const COVER_CONTENT_TYPES: Record<CoverFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** A decompression bomb (a small file claiming a huge canvas) is refused at upload: 40 MP is a 6,300 px square. */
export const COVER_PIXELS_MAX = 40_000_000;
export const COVER_PIXELS_MESSAGE = 'Cover photo must be at most 40 megapixels.';

/** The derived size served for an ask of `size` pixels: the smallest kept size at or above it, else the largest. */
export function snapCoverSize(size: number): CoverSize {
  return COVER_SIZES.find((kept) => kept >= size) ?? COVER_SIZES[COVER_SIZES.length - 1]!;
}

/**
 * The URL of a cover at a derived size, from its `*_cover_url` (`/api/files/{id}`): for `srcset` entries, one per
 * COVER_SIZES value. Any other URL (a local preview, an external picture) is answered unchanged.
 */
export function coverSizeUrl(coverUrl: string, size: number): string {
  if (!/^\/api\/files\/[0-9a-fA-F]{24}$/u.test(coverUrl)) return coverUrl;
  return `${coverUrl}?size=${snapCoverSize(size)}`;
}
