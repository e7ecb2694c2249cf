import { normalLang, parseLyricsText, timedEntriesToLyrics, type CleanLyrics } from './lyrics-text.js';

/** music-metadata's native tags: per tag format, the frames in file order. */
type NativeTags = Record<string, { id: string; value: unknown }[]>;

/** What a file's tags gave: the lyrics to keep, or why none were kept (for the import's warnings). */
export type EmbeddedLyrics = { lyrics: CleanLyrics; dropped: number } | { lyrics: null; problem: string | null };

/** ID3's SYLT time stamp format 2: milliseconds (1 is MPEG frames, which would need the stream's frame length). */
const SYLT_MILLISECONDS = 2;
/** Text tags that hold lyrics, by their native id: ID3 USLT, Vorbis comments (FLAC, Ogg, Opus), MP4's ©lyr. */
const TEXT_TAGS = new Set(['USLT', 'ULT', 'LYRICS', 'UNSYNCEDLYRICS', 'UNSYNCED LYRICS', '©lyr', 'Lyrics']);

/**
 * The lyrics a file carries (docs/lyrics.md): read from the native tags rather than `common.lyrics`, because
 * music-metadata's own LRC reading keeps one time per line and ignores `[offset:]`. Timed lyrics win over plain:
 * an ID3 SYLT frame in milliseconds, or a text tag holding LRC (USLT and LYRICS often do); then the first plain text.
 */
export function embeddedLyrics(native: NativeTags | undefined): EmbeddedLyrics {
  const candidates: (() => ReturnType<typeof parseLyricsText>)[] = [];
  for (const frames of Object.values(native ?? {})) {
    for (const frame of frames) {
      if (frame.id === 'SYLT') {
        const sylt = frame.value as { syncText?: { text: string; timestamp?: number }[]; timeStampFormat?: number; language?: string } | null;
        if (sylt?.syncText?.length && sylt.timeStampFormat === SYLT_MILLISECONDS) candidates.unshift(() => timedEntriesToLyrics(sylt.syncText!, sylt.language ?? null));
      } else if (TEXT_TAGS.has(frame.id)) {
        const value = frame.value as string | { text?: string; language?: string } | null;
        const text = typeof value === 'string' ? value : value?.text;
        const language = typeof value === 'object' ? (value?.language ?? null) : null;
        if (text && text.trim()) candidates.push(() => withLang(parseLyricsText(text), language));
      }
    }
  }
  let problem: string | null = null;
  let plain: { lyrics: CleanLyrics; dropped: number } | null = null;
  for (const candidate of candidates) {
    const parsed = candidate();
    if (!parsed.ok) {
      problem ??= parsed.message;
      continue;
    }
    if (parsed.lyrics.synced) return { lyrics: parsed.lyrics, dropped: parsed.dropped };
    plain ??= { lyrics: parsed.lyrics, dropped: parsed.dropped };
  }
  return plain ?? { lyrics: null, problem };
}

/** ID3's language field ("eng") when the text did not name one itself (LRC's [la:]). */
function withLang(parsed: ReturnType<typeof parseLyricsText>, language: string | null): ReturnType<typeof parseLyricsText> {
  if (!parsed.ok || parsed.lyrics.lang) return parsed;
  return { ...parsed, lyrics: { ...parsed.lyrics, lang: normalLang(language) } };
}
