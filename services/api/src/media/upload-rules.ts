import { COVER_EXTENSIONS, LIMITS, MESSAGES, SONG_EXTENSIONS } from '@tunafy/contracts';
import type { MediaKind } from './media-store.js';

export interface UploadRule {
  maxBytes: number;
  extensions: readonly string[];
  /** The spec's message for a missing, misnamed or wrong-content file. */
  formatMessage: string;
  tooLargeMessage: string;
}

/** One table for the interceptor (multer limits, 413 texts) and the per-file checks. */
export const UPLOAD_RULES: Record<MediaKind, UploadRule> = {
  image: { maxBytes: LIMITS.coverBytesMax, extensions: COVER_EXTENSIONS, formatMessage: MESSAGES.coverFormat, tooLargeMessage: MESSAGES.coverTooLarge },
  audio: { maxBytes: LIMITS.songBytesMax, extensions: SONG_EXTENSIONS, formatMessage: MESSAGES.songFormat, tooLargeMessage: MESSAGES.songTooLarge },
};
