import { describe, expect, it } from 'vitest';
import { AUDIO_FORMAT_INFO, IMPORT_AUDIO_BYTES_MAX, IMPORT_AUDIO_EXTENSIONS, IMPORT_MESSAGES, albumKey, audioFormatOf, importFieldsSchema, tagFieldsOf, tagsFromFileName, validate } from './index.js';

describe('tagsFromFileName', () => {
  it.each([
    ['03 - Title.flac', { title: 'Title', track: 3, disc: null }],
    ['03. Title.ogg', { title: 'Title', track: 3, disc: null }],
    ['1-03 Two Words.mp3', { title: 'Two Words', track: 3, disc: 1 }],
    ['2.07 - Side B.m4a', { title: 'Side B', track: 7, disc: 2 }],
    ['Just_A_Title.wav', { title: 'Just A Title', track: null, disc: null }],
    ['Music/Album/12 Last One.opus', { title: 'Last One', track: 12, disc: null }],
    ['1999.mp3', { title: '1999', track: null, disc: null }],
  ])('%s', (name, expected) => {
    expect(tagsFromFileName(name)).toEqual(expected);
  });
});

describe('importFieldsSchema', () => {
  it('leaves out what was not sent, clears what was sent empty', () => {
    expect(validate(importFieldsSchema, {})).toEqual({ ok: true, value: {} });
    expect(validate(importFieldsSchema, { album: '', track: '', genre: '' })).toEqual({ ok: true, value: { album: null, track: null, genre: null } });
  });

  it('reads numbers from multipart text and keys bad ones by field', () => {
    expect(validate(importFieldsSchema, { track: ' 7 ', disc: '2', year: '1999' })).toEqual({ ok: true, value: { track: 7, disc: 2, year: 1999 } });
    expect(validate(importFieldsSchema, { track: '0', disc: 'x', year: '99', title: ' ' })).toEqual({
      ok: false,
      errors: { track: IMPORT_MESSAGES.trackInvalid, disc: IMPORT_MESSAGES.discInvalid, year: IMPORT_MESSAGES.yearInvalid, title: 'Name is required.' },
    });
  });

  it('refuses operator objects', () => {
    expect(validate(importFieldsSchema, { album: { $ne: null } }).ok).toBe(false);
  });
});

describe('formats', () => {
  it('names every accepted format in the unsupported message and allows lossless files the most room', () => {
    for (const label of ['MP3', 'FLAC', 'AAC', 'ALAC', 'Vorbis', 'Opus', 'WAV']) expect(IMPORT_MESSAGES.unsupportedFormat).toContain(label);
    expect(AUDIO_FORMAT_INFO.flac.maxBytes).toBeGreaterThan(AUDIO_FORMAT_INFO.mp3.maxBytes);
    expect(IMPORT_AUDIO_BYTES_MAX).toBe(AUDIO_FORMAT_INFO.wav.maxBytes);
    expect(IMPORT_AUDIO_EXTENSIONS).toEqual(expect.arrayContaining(['mp3', 'flac', 'm4a', 'ogg', 'opus', 'wav']));
    expect(IMPORT_MESSAGES.tooLarge('flac')).toBe('FLAC files must be at most 250 MB.');
  });

  it('matches album names regardless of case and spacing', () => {
    expect(albumKey('  The  Wall ')).toBe(albumKey('the wall'));
    expect(albumKey('Ｆｕｌｌ')).toBe('full');
  });
});

describe('audioFormatOf', () => {
  it('takes a format only when container and codec agree (server and review table alike)', () => {
    expect(audioFormatOf('mp3', 'MPEG 1 Layer 3')).toBe('mp3');
    expect(audioFormatOf('mp3', 'MPEG 1 Layer 2')).toBeNull();
    expect(audioFormatOf('flac', undefined)).toBe('flac');
    expect(audioFormatOf('mp4', 'ALAC')).toBe('alac');
    expect(audioFormatOf('mp4', 'MPEG-4/AAC')).toBe('aac');
    expect(audioFormatOf('mp4', 'AVC')).toBeNull();
    expect(audioFormatOf('ogg', 'Opus')).toBe('opus');
    expect(audioFormatOf('ogg', 'Vorbis I')).toBe('vorbis');
    expect(audioFormatOf('ogg', 'FLAC')).toBeNull();
    expect(audioFormatOf('wav', 'PCM')).toBe('wav');
    expect(audioFormatOf('wav', 'ADPCM')).toBeNull();
  });
});

describe('tagFieldsOf', () => {
  it('cleans text, keeps numbers in range and leaves out what is missing or unusable', () => {
    expect(
      tagFieldsOf({ title: '  Night\u202e  Drive\u0007 ', album: 'Blue', track: { no: 3 }, disk: { no: 2 }, year: 1999, genre: ['Synth', 'Pop'] }),
    ).toEqual({ title: 'Night Drive', album: 'Blue', track: 3, disc: 2, year: 1999, genre: 'Synth' });
    expect(tagFieldsOf({ title: '   ', track: { no: 0 }, disk: { no: 100 }, year: 99, genre: [] })).toEqual({});
    expect(tagFieldsOf({ title: 'x'.repeat(150), track: { no: 1000 } })).toEqual({ title: 'x'.repeat(100) });
  });
});
