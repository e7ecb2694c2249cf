import { LYRICS_MESSAGES, activeLineIndex } from '@tunafy/contracts';
import { describe, expect, it } from 'vitest';
import { embeddedLyrics } from './embedded-lyrics.js';
import { decodeLyricsFile, parseLyricsText, timedEntriesToLyrics } from './lyrics-text.js';

const synced = (text: string) => {
  const parsed = parseLyricsText(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed;
};

describe('decodeLyricsFile', () => {
  const lrc = '[00:01.00]Héllo, 世界 🎵';
  const utf16 = (text: string, bigEndian: boolean) => {
    const bytes = Buffer.from(`\ufeff${text}`, 'utf16le');
    return bigEndian ? bytes.swap16() : bytes;
  };

  it('reads UTF-8 with or without its mark, and UTF-16 of either byte order when its mark says so', () => {
    expect(decodeLyricsFile(Buffer.from(lrc))).toBe(lrc);
    expect(decodeLyricsFile(Buffer.from(`\ufeff${lrc}`))).toBe(lrc);
    expect(decodeLyricsFile(utf16(lrc, false))).toBe(lrc);
    expect(decodeLyricsFile(utf16(lrc, true))).toBe(lrc);
  });

  it('refuses bytes that are not text: broken UTF-8, broken UTF-16, NUL characters (UTF-16 without its mark)', () => {
    expect(decodeLyricsFile(Buffer.from([0xc3, 0x28]))).toBeNull();
    expect(decodeLyricsFile(Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x00]))).toBeNull();
    expect(decodeLyricsFile(Buffer.from(lrc, 'utf16le'))).toBeNull();
  });
});

describe('parseLyricsText: LRC', () => {
  it('reads [mm:ss.xx], [mm:ss.xxx] and [mm:ss], sorted by time', () => {
    const parsed = synced('[00:02.123]Second\n[00:01.50]First\n[00:03]Third\n');
    expect(parsed.lyrics).toEqual({
      synced: [
        { start_ms: 1500, text: 'First' },
        { start_ms: 2123, text: 'Second' },
        { start_ms: 3000, text: 'Third' },
      ],
      plain: null,
      lang: null,
    });
  });

  it('gives a line with several timestamps a place at each', () => {
    const parsed = synced('[00:01.00][00:10.00]Chorus\n[00:05.00]Verse');
    expect(parsed.lyrics.synced).toEqual([
      { start_ms: 1000, text: 'Chorus' },
      { start_ms: 5000, text: 'Verse' },
      { start_ms: 10000, text: 'Chorus' },
    ]);
  });

  it('applies [offset:] (positive: sooner), never before 0, and reads [la:]', () => {
    const parsed = synced('[ti:Song]\n[la:PT-br]\n[offset:+500]\n[00:00.20]Zero\n[00:02.00]Two');
    expect(parsed.lyrics.synced).toEqual([
      { start_ms: 0, text: 'Zero' },
      { start_ms: 1500, text: 'Two' },
    ]);
    expect(parsed.lyrics.lang).toBe('pt-br');
    expect(synced('[offset:-250]\n[00:01.00]Late').lyrics.synced).toEqual([{ start_ms: 1250, text: 'Late' }]);
  });

  it('tolerates enhanced LRC word timing and keeps only the words', () => {
    expect(synced('[00:04.00]<00:04.00>word <00:04.50>two').lyrics.synced).toEqual([{ start_ms: 4000, text: 'word two' }]);
  });

  it('drops impossible or broken timestamps and counts them, keeping the rest', () => {
    const parsed = synced('[00:01.00]Good\n[01:75.00]Bad seconds\n[xx:yy]Garbage\n[99:00.00]Typo far away\n[00:02.00]Also good');
    expect(parsed.lyrics.synced?.map((line) => line.text)).toEqual(['Good', 'Also good', 'Typo far away']);
    expect(parsed.dropped).toBeGreaterThanOrEqual(2);
    // 99 minutes is a long song, not an impossible time: only seconds past 59 and times past 10 hours go.
    expect(synced('[00:01.00]a\n[599:00.00]b').lyrics.synced).toHaveLength(2);
    expect(synced('[00:01.00]a\n[600:00.01]b').lyrics.synced).toHaveLength(1);
  });

  it('strips control and text-direction characters, keeps blank timed lines between lines as gaps', () => {
    const parsed = synced('\ufeff[00:01.00]He\u0000llo\u202e\r\n[00:02.00]\r\n[00:03.00]Again\r\n[00:04.00]\r\n');
    expect(parsed.lyrics.synced).toEqual([
      { start_ms: 1000, text: 'Hello' },
      { start_ms: 2000, text: '' },
      { start_ms: 3000, text: 'Again' },
    ]);
  });

  it('refuses more than 2,000 lines, more than 64 KB of text, over 256 KB sent, and nothing to show', () => {
    const lines = Array.from({ length: 2001 }, (_, index) => `[${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}.00]line ${index}`);
    expect(parseLyricsText(lines.join('\n'))).toEqual({ ok: false, message: LYRICS_MESSAGES.tooManyLines });
    const long = Array.from({ length: 200 }, (_, index) => `[00:${String(index % 60).padStart(2, '0')}.00]${'x'.repeat(400)}`);
    expect(parseLyricsText(long.join('\n'))).toEqual({ ok: false, message: LYRICS_MESSAGES.tooLong });
    expect(parseLyricsText('a'.repeat(1024 * 1024))).toEqual({ ok: false, message: LYRICS_MESSAGES.inputTooLong });
    expect(parseLyricsText('[00:01.00]\n[00:02.00]  ')).toEqual({ ok: false, message: LYRICS_MESSAGES.required });
    expect(parseLyricsText(' \n\u0001\n')).toEqual({ ok: false, message: LYRICS_MESSAGES.required });
  });
});

describe('parseLyricsText: plain text', () => {
  it('keeps text without timestamps as plain, trimmed, with runs of blank lines cut to one', () => {
    const parsed = synced('\n\n  Verse one  \r\n\r\n\r\n\tVerse two\n[Chorus]\n\n');
    expect(parsed.lyrics).toEqual({ synced: null, plain: 'Verse one\n\nVerse two\n[Chorus]', lang: null });
  });
});

describe('timedEntriesToLyrics (ID3 SYLT)', () => {
  it('joins syllables into lines at the entries that start with a line break', () => {
    const parsed = timedEntriesToLyrics(
      [
        { text: 'Hel', timestamp: 500 },
        { text: 'lo', timestamp: 700 },
        { text: '\nWorld', timestamp: 1500 },
      ],
      'eng',
    );
    expect(parsed).toEqual({ ok: true, dropped: 0, lyrics: { synced: [{ start_ms: 500, text: 'Hello' }, { start_ms: 1500, text: 'World' }], plain: null, lang: 'eng' } });
  });

  it('takes each entry as a line when none starts with a line break; drops entries without a time', () => {
    const parsed = timedEntriesToLyrics([{ text: 'One', timestamp: 100 }, { text: 'Two', timestamp: 900 }, { text: 'No time' }], 'XXX');
    expect(parsed.ok && parsed.lyrics).toEqual({ synced: [{ start_ms: 100, text: 'One' }, { start_ms: 900, text: 'Two' }], plain: null, lang: null });
  });
});

describe('embeddedLyrics', () => {
  it('prefers timed lyrics (SYLT, or LRC in a text tag) over plain text, whatever the order', () => {
    const native = {
      'ID3v2.4': [
        { id: 'USLT', value: { language: 'eng', descriptor: '', text: 'Plain words' } },
        { id: 'SYLT', value: { language: 'eng', timeStampFormat: 2, syncText: [{ text: 'Timed', timestamp: 1000 }] } },
      ],
    };
    expect(embeddedLyrics(native)).toEqual({ lyrics: { synced: [{ start_ms: 1000, text: 'Timed' }], plain: null, lang: 'eng' }, dropped: 0 });
    expect(embeddedLyrics({ vorbis: [{ id: 'UNSYNCEDLYRICS', value: 'Just text' }, { id: 'LYRICS', value: '[00:01.00]LRC in a tag' }] })).toMatchObject({
      lyrics: { synced: [{ start_ms: 1000, text: 'LRC in a tag' }] },
    });
  });

  it('skips a SYLT timed in MPEG frames, and reports why bad lyrics were not kept', () => {
    expect(embeddedLyrics({ 'ID3v2.3': [{ id: 'SYLT', value: { timeStampFormat: 1, syncText: [{ text: 'x', timestamp: 10 }] } }] })).toEqual({ lyrics: null, problem: null });
    expect(embeddedLyrics({ iTunes: [{ id: '©lyr', value: 'line\n'.repeat(2001) }] })).toEqual({ lyrics: null, problem: LYRICS_MESSAGES.tooManyLines });
    expect(embeddedLyrics(undefined)).toEqual({ lyrics: null, problem: null });
  });
});

describe('activeLineIndex', () => {
  const lines = [{ start_ms: 1000 }, { start_ms: 2000 }, { start_ms: 2000 }, { start_ms: 5000 }];
  it('answers the last line started at or before the position, -1 before the first', () => {
    expect([0, 999, 1000, 1999, 2000, 4999, 5000, 1e9].map((position) => activeLineIndex(lines, position))).toEqual([-1, -1, 0, 0, 2, 2, 3, 3]);
    expect(activeLineIndex([], 100)).toBe(-1);
  });
});
