import { LYRICS_LIMITS, LYRICS_MESSAGES, type LyricsLine } from '@tunafy/contracts';
import { LineType, parse as parseLrc } from 'clrc';

/** Lyrics after cleaning: timed lines, or plain text; never both. */
export interface CleanLyrics {
  synced: LyricsLine[] | null;
  plain: string | null;
  lang: string | null;
}

export type LyricsParse = { ok: true; lyrics: CleanLyrics; dropped: number } | { ok: false; message: string };

/** Control characters but tab and newline, and the marks that reorder text (bidi overrides, isolates). */
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/gu;
/** Word-timing tags of enhanced LRC (`<00:12.34>`): tolerated, not kept (docs/lyrics.md). */
const WORD_TIMING = /<\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?>/g;
/** A line that starts with a time tag: what tells LRC from plain text. */
const TIMED_LINE = /^\s*\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\]/m;
/** The run of tags a line starts with, and one time tag in it (its seconds field captured). */
const LEADING_TAGS = /^[ ]*(?:\[[^\]\n]*\])+/;
const TIME_TAG = /\[\d{1,3}:(\d{1,2})(?:[.:]\d{1,3})?\]/g;
const LANG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/;
/** Later than any song (10 hours): such a timestamp is a typo, not a place in the song. */
const LATEST_MS = 10 * 3600_000;

/**
 * The text of an `.lrc` or `.txt`: UTF-8 (a byte-order mark is fine), or UTF-16 when its byte-order mark says so, as
 * lyrics tools on Windows save them (Navidrome reads them too). Null for bytes that are not text in either, or that
 * hold NUL characters (a binary file, or UTF-16 without its mark).
 */
export function decodeLyricsFile(bytes: Uint8Array): string | null {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

/**
 * Reads what an owner pasted, an `.lrc` beside a file, or a lyrics tag: LRC when lines start with time tags
 * (`[mm:ss.xx]`, several per line, `[offset:]`, enhanced word timing tolerated), else plain text. Parsing is clrc's
 * (typed, no dependencies, handles repeated tags and metadata lines); the cleaning is ours: control and
 * text-direction characters removed, impossible times dropped, lines cut, and the limits of LYRICS_LIMITS refused
 * with a message the owner can act on.
 */
export function parseLyricsText(input: string): LyricsParse {
  if (input.length > LYRICS_LIMITS.inputBytesMax) return { ok: false, message: LYRICS_MESSAGES.inputTooLong };
  const text = input.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(HIDDEN, '');
  if (text.trim().length === 0) return { ok: false, message: LYRICS_MESSAGES.required };
  return TIMED_LINE.test(text) ? parseTimed(text) : plainLyrics(text, null);
}

/**
 * Timed entries as ID3's SYLT frame gives them (music-metadata: text and milliseconds). A frame may time syllables
 * rather than lines; an entry starting with a line break starts a new line, as the ID3 spec has it.
 */
export function timedEntriesToLyrics(entries: readonly { text: string; timestamp?: number }[], lang: string | null): LyricsParse {
  const lines: { start: number; text: string }[] = [];
  const byLine = entries.some((entry, index) => index > 0 && /^[\r\n]/.test(entry.text));
  let untimed = 0;
  for (const entry of entries) {
    if (entry.timestamp === undefined || !Number.isFinite(entry.timestamp)) {
      untimed++;
      continue;
    }
    const text = entry.text.replace(HIDDEN, '');
    const last = lines[lines.length - 1];
    if (byLine && last && !/^[\r\n]/.test(entry.text)) last.text += text;
    else lines.push({ start: entry.timestamp, text: text.replace(/^[\r\n]+/, '') });
  }
  return finishTimed(lines, 0, untimed, normalLang(lang));
}

function parseTimed(text: string): LyricsParse {
  let offset = 0;
  let lang: string | null = null;
  let dropped = 0;
  const lines: { start: number; text: string }[] = [];
  // clrc takes [01:75.00] as 1:75; no player reads such a time alike, so the tag goes (the line too if it had no other).
  const touched = new Set<number>();
  const checked = text
    .split('\n')
    .map((line, number) =>
      line.replace(LEADING_TAGS, (tags) =>
        tags.replace(TIME_TAG, (tag, seconds: string) => {
          if (Number(seconds) < 60) return tag;
          dropped++;
          touched.add(number);
          return '';
        }),
      ),
    )
    .join('\n');
  for (const line of parseLrc(checked)) {
    if (line.type === LineType.LYRIC) lines.push({ start: line.startMillisecond, text: line.content });
    else if (line.type === LineType.METADATA) {
      const key = line.key.toLowerCase();
      if (key === 'offset' && /^[+-]?\d{1,7}$/.test(line.value.trim())) offset = Number(line.value.trim());
      else if (key === 'la' || key === 'lang' || key === 'language') lang = normalLang(line.value);
    } else if (line.raw.trim().length > 0 && !touched.has(line.lineNumber)) dropped++;
  }
  return finishTimed(lines, offset, dropped, lang);
}

function finishTimed(raw: { start: number; text: string }[], offset: number, droppedBefore: number, lang: string | null): LyricsParse {
  let dropped = droppedBefore;
  const lines: LyricsLine[] = [];
  for (const line of raw) {
    // A time past the longest possible song is a typo.
    if (!Number.isFinite(line.start) || line.start < 0 || line.start > LATEST_MS) {
      dropped++;
      continue;
    }
    // LRC's [offset:+n] makes the lyrics come n ms sooner.
    lines.push({ start_ms: Math.max(0, Math.round(line.start - offset)), text: cleanLine(line.text.replace(WORD_TIMING, '')) });
  }
  // Trailing and leading blank lines carry no lyric; blank ones between mark the end of the line before (kept).
  while (lines.length > 0 && lines[lines.length - 1]!.text === '') lines.pop();
  if (lines.every((line) => line.text === '')) return { ok: false, message: LYRICS_MESSAGES.required };
  lines.sort((a, b) => a.start_ms - b.start_ms);
  const limit = checkLimits(lines.length, lines.map((line) => line.text).join('\n'));
  if (limit) return { ok: false, message: limit };
  return { ok: true, lyrics: { synced: lines, plain: null, lang }, dropped };
}

function plainLyrics(text: string, lang: string | null): LyricsParse {
  const lines = text.split('\n').map(cleanLine);
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  // More than one blank line in a row is layout, not lyrics.
  const kept = lines.filter((line, index) => line !== '' || lines[index - 1] !== '');
  const plain = kept.join('\n');
  const limit = checkLimits(kept.length, plain);
  if (limit) return { ok: false, message: limit };
  return { ok: true, lyrics: { synced: null, plain, lang }, dropped: 0 };
}

function cleanLine(line: string): string {
  return line.replace(/\s+/g, ' ').trim().slice(0, LYRICS_LIMITS.lineCharsMax);
}

function checkLimits(lineCount: number, text: string): string | null {
  if (lineCount > LYRICS_LIMITS.linesMax) return LYRICS_MESSAGES.tooManyLines;
  if (Buffer.byteLength(text, 'utf8') > LYRICS_LIMITS.textBytesMax) return LYRICS_MESSAGES.tooLong;
  return null;
}

/** ID3 gives ISO 639-2 codes ("eng"), "XXX" for unknown; LRC free text. Kept when it looks like a language code. */
export function normalLang(value: string | null | undefined): string | null {
  const code = value?.trim();
  if (!code || !LANG.test(code) || /^x{3}$/i.test(code) || code === '\0\0\0') return null;
  return code.toLowerCase();
}
