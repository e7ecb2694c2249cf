import { COVER_EXTENSIONS, hasExtension, LIMITS, MESSAGES, SONG_EXTENSIONS } from '@tunafy/contracts';

/**
 * The cover rule of the create forms (SPEC §5): the file name must end in an
 * allowed extension. A missing required cover fails the same way, with the
 * same message, as the spec's forms did. The API judges the bytes as well.
 */
export function coverError(file: File | null, required: boolean): string | undefined {
  if (!file) return required ? MESSAGES.coverFormat : undefined;
  if (!hasExtension(file.name, COVER_EXTENSIONS)) return MESSAGES.coverFormat;
  if (file.size > LIMITS.coverBytesMax) return MESSAGES.coverTooLarge;
  return undefined;
}

/** 'Song is required and must be in .mp3 format.' for a missing or misnamed song file. */
export function songFileError(file: File | null, required: boolean): string | undefined {
  if (!file) return required ? MESSAGES.songFormat : undefined;
  if (!hasExtension(file.name, SONG_EXTENSIONS)) return MESSAGES.songFormat;
  if (file.size > LIMITS.songBytesMax) return MESSAGES.songTooLarge;
  return undefined;
}

/** The accept lists of the create forms' file inputs (the update forms take any image or audio, SPEC §2). */
export const COVER_ACCEPT = COVER_EXTENSIONS.map((extension) => `.${extension}`).join(',');
export const SONG_ACCEPT = SONG_EXTENSIONS.map((extension) => `.${extension}`).join(',');
