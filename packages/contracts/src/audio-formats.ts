import { LIMITS, MESSAGES } from './messages.js';

// No zod here (nor in what this imports): the player and the song lists need these constants on the first screen,
// and a module with schemas would bring zod's ~85 kB with them and build every schema while the page starts
// (27 ms of the main thread before the first rows of /songs, docs/benchmarks.md). Schemas live in imports.ts.

/**
 * Bulk upload and folder import (docs/import.md). The API judges every file by
 * its bytes; this table is what both sides agree on: which formats exist, how
 * each is served, how a browser asks whether it can play one, and how large
 * one may be. The single-song forms of the spec stay mp3-only.
 */
export const AUDIO_FORMATS = ['mp3', 'aac', 'alac', 'flac', 'vorbis', 'opus', 'wav'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

export interface AudioFormatInfo {
  label: string;
  /** The Content-Type the file is served with. */
  contentType: string;
  /** What to ask `HTMLMediaElement.canPlayType` (container and codec: a browser may play AAC but not ALAC in .m4a). */
  canPlayType: string;
  /** File names the upload screen offers and the folder import looks at; the bytes decide the format. */
  extensions: readonly string[];
  maxBytes: number;
}

export const AUDIO_FORMAT_INFO: Record<AudioFormat, AudioFormatInfo> = {
  mp3: { label: 'MP3', contentType: 'audio/mpeg', canPlayType: 'audio/mpeg', extensions: ['mp3'], maxBytes: LIMITS.importAudioBytesMax.mp3 },
  aac: { label: 'AAC (.m4a)', contentType: 'audio/mp4', canPlayType: 'audio/mp4; codecs="mp4a.40.2"', extensions: ['m4a', 'mp4'], maxBytes: LIMITS.importAudioBytesMax.aac },
  alac: { label: 'ALAC (.m4a)', contentType: 'audio/mp4', canPlayType: 'audio/mp4; codecs="alac"', extensions: ['m4a', 'mp4'], maxBytes: LIMITS.importAudioBytesMax.alac },
  flac: { label: 'FLAC', contentType: 'audio/flac', canPlayType: 'audio/flac', extensions: ['flac'], maxBytes: LIMITS.importAudioBytesMax.flac },
  vorbis: { label: 'Ogg Vorbis', contentType: 'audio/ogg', canPlayType: 'audio/ogg; codecs="vorbis"', extensions: ['ogg', 'oga'], maxBytes: LIMITS.importAudioBytesMax.vorbis },
  opus: { label: 'Opus', contentType: 'audio/ogg', canPlayType: 'audio/ogg; codecs="opus"', extensions: ['opus', 'ogg'], maxBytes: LIMITS.importAudioBytesMax.opus },
  wav: { label: 'WAV', contentType: 'audio/wav', canPlayType: 'audio/wav', extensions: ['wav'], maxBytes: LIMITS.importAudioBytesMax.wav },
};

/** Every extension of an accepted format, lower case, without the dot. */
export const IMPORT_AUDIO_EXTENSIONS: readonly string[] = [...new Set(AUDIO_FORMATS.flatMap((format) => AUDIO_FORMAT_INFO[format].extensions))];

/** The largest file any format allows: what the upload endpoint lets in before it knows the format. */
export const IMPORT_AUDIO_BYTES_MAX = Math.max(...AUDIO_FORMATS.map((format) => AUDIO_FORMAT_INFO[format].maxBytes));

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const IMPORT_MESSAGES = {
  unsupportedFormat: 'This file is not a supported audio file. Accepted formats: MP3, FLAC, AAC or ALAC (.m4a), Ogg Vorbis, Opus and WAV.',
  fileRequired: 'Choose an audio file to upload.',
  noDuration: 'This audio file has no playable length.',
  tooLarge: (format: AudioFormat) => `${AUDIO_FORMAT_INFO[format].label} files must be at most ${megabytes(AUDIO_FORMAT_INFO[format].maxBytes)}.`,
  tooLargeAny: `Audio files must be at most ${megabytes(IMPORT_AUDIO_BYTES_MAX)}.`,
  coverFormat: MESSAGES.coverFormat,
  trackInvalid: 'Track must be a whole number from 1 to 999.',
  discInvalid: 'Disc must be a whole number from 1 to 99.',
  yearInvalid: 'Year must be a whole number from 1000 to 9999.',
  genreTooLong: 'Genre must be at most 100 characters.',
} as const;
