import { z } from 'zod';

/**
 * A song's lyrics (docs/lyrics.md): timed lines when the source had timestamps, else plain text. Where they came
 * from decides which wins when several exist: the owner's own (`user`) over a sidecar `.lrc` over the file's tags.
 */
export const LYRICS_SOURCES = ['embedded', 'lrc', 'user'] as const;
export type LyricsSource = (typeof LYRICS_SOURCES)[number];

export interface LyricsLine {
  /** Milliseconds from the start of the song. */
  start_ms: number;
  text: string;
}

/** GET /api/songs/{id}/lyrics (and the answer to PUT). */
export interface Lyrics {
  song_id: string;
  /** Lines by start time; null for plain lyrics. */
  synced: LyricsLine[] | null;
  /** The text when there are no timestamps; null when `synced` is set. */
  plain: string | null;
  source: LyricsSource;
  /** A BCP 47 / ISO 639 language code when the source named one (ID3's language, LRC's [la:]); null otherwise. */
  lang: string | null;
  updated_at: string;
}

export const LYRICS_LIMITS = {
  /** The cleaned text (every line's words, no timestamps), in UTF-8 bytes. */
  textBytesMax: 64 * 1024,
  linesMax: 2000,
  /** What an edit may send (LRC's timestamps and tags included), before cleaning; a sidecar file likewise. */
  inputBytesMax: 256 * 1024,
  /** A line's text past this is cut: no real lyric line is this long. */
  lineCharsMax: 500,
} as const;

export const LYRICS_MESSAGES = {
  required: 'Paste lyrics or choose an .lrc or .txt file.',
  tooLong: 'Lyrics must be at most 64 KB of text.',
  inputTooLong: 'Lyrics must be at most 256 KB as sent (timestamps included).',
  tooManyLines: 'Lyrics must have at most 2,000 lines.',
  notText: 'Choose a text file (.lrc or .txt) in UTF-8.',
  langInvalid: 'Language must be a code like "en" or "pt-BR".',
} as const;

/** PUT /api/songs/{id}/lyrics as JSON: LRC or plain text (told apart by its timestamps). */
export const lyricsInputSchema = z.object({
  text: z
    .string({ error: LYRICS_MESSAGES.required })
    .max(LYRICS_LIMITS.inputBytesMax, LYRICS_MESSAGES.inputTooLong)
    .refine((text) => text.trim().length > 0, LYRICS_MESSAGES.required),
  /** Empty means "not said" (a form's empty field). */
  lang: z
    .string()
    .regex(/^([A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2})?$/, LYRICS_MESSAGES.langInvalid)
    .optional(),
});
export type LyricsInput = z.infer<typeof lyricsInputSchema>;

/** The file an edit may upload instead of pasting (multipart field `file`). */
export const LYRICS_FILE_FIELD = 'file';
export const LYRICS_FILE_EXTENSIONS = ['lrc', 'txt'] as const;
