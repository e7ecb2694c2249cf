/**
 * User-facing validation texts. The product spec fixes several of them exactly,
 * including the trailing space of the page variants, so both the API and the
 * UIs take them from here instead of retyping them.
 */
export const MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 100 characters.',
  descriptionTooLong: 'Description must be at most 1000 characters.',
  nameHiddenCharacters: 'Name must not contain control or text-direction characters.',
  descriptionHiddenCharacters: 'Description must not contain control or text-direction characters.',
  coverFormat: 'Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.',
  coverRequired: 'Cover photo is required.',
  coverTooLarge: 'Cover photo must be at most 10 MB.',
  songFormat: 'Song is required and must be in .mp3 format.',
  songTooLarge: 'Song file must be at most 30 MB.',
  passwordTooShort: 'Password must be at least 6 characters. ',
  passwordTooLong: 'Password must be at most 128 characters.',
  confirmPasswordMismatch: 'Confirm Password field must be the same as the Password field. ',
  confirmPasswordMismatchModal: 'Confirm Password field must be the same as the Password field.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email is invalid.',
  emailTaken: 'Email address is already in use.',
  usernameRequired: 'Username is required.',
  usernameInvalid: 'Username must be 2-40 letters, numbers, dots, dashes or underscores.',
  usernameTaken: 'Username is already in use.',
  passwordRequired: 'Password is required.',
  credentialsInvalid: 'Email or password is incorrect.',
  songIdRequired: 'Song is required.',
  serverError: 'Something went wrong. Please try again',
} as const;

/** File-name checks the forms run before uploading; the API judges the bytes. */
export const COVER_EXTENSIONS = ['jpeg', 'jpg', 'png', 'pdf', 'gif'] as const;
export const SONG_EXTENSIONS = ['mp3'] as const;

export const LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  nameMax: 100,
  descriptionMax: 1000,
  coverBytesMax: 10 * 1024 * 1024,
  songBytesMax: 30 * 1024 * 1024,
  /**
   * Bulk upload and folder import, per audio format (docs/import.md). Lossy formats get room for long
   * tracks at high bitrates; lossless ones for a 30-minute track (FLAC/ALAC ~25-60 MB per song, WAV ~10 MB
   * per minute). The single-song form keeps songBytesMax.
   */
  importAudioBytesMax: {
    mp3: 60 * 1024 * 1024,
    aac: 60 * 1024 * 1024,
    vorbis: 60 * 1024 * 1024,
    opus: 60 * 1024 * 1024,
    flac: 250 * 1024 * 1024,
    alac: 250 * 1024 * 1024,
    wav: 320 * 1024 * 1024,
  },
  /**
   * How long a whole request may take to arrive (Node's `requestTimeout`, 5 minutes by default): the largest
   * upload (a 320 MB WAV) from a phone at 1 Mbit/s takes about 45 minutes. Slow headers are still cut after
   * Node's `headersTimeout` (60 s), which is the guard against clients that hold connections open.
   */
  requestMsMax: 60 * 60_000,
  pageSizeMax: 500,
  /** Far above any catalog; bounds the number parsed from the query string. */
  offsetMax: 100_000_000,
  searchResultsMax: 20,
  /** The deepest page of one search group: past a few hundred results a search is better typed again. */
  searchOffsetMax: 480,
} as const;

export function hasExtension(fileName: string, allowed: readonly string[]): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  return allowed.includes(fileName.slice(dot + 1).toLowerCase());
}
