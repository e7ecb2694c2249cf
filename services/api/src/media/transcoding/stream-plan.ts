import { TRANSCODE_BITRATE_MAX, TRANSCODE_BITRATE_MIN, TRANSCODE_FORMATS, type TranscodeFormat } from '@tunafy/contracts';

/**
 * What a client asked of a song's audio, read from the web route's query or Subsonic's `stream` parameters.
 * `maxBitRate` null or 0: no limit; `format` 'raw': the original whatever the rest says.
 */
export interface StreamAsk {
  maxBitRate: number | null;
  format: TranscodeFormat | 'raw' | null;
  /** Seconds from the start (web `offset`, Subsonic `timeOffset`); 0 or null: from the start. */
  offset: number | null;
}

/** The song as far as planning goes: its length in seconds and its stored file's size in bytes. */
export interface StreamSource {
  duration: number;
  fileLength: number;
}

export interface TranscodePlan {
  kind: 'transcode';
  format: TranscodeFormat;
  /** kbit/s */
  bitrate: number;
  /** Seconds to start at; 0 for the cached whole-song transcode. */
  offset: number;
}

export type StreamPlan = { kind: 'original' } | TranscodePlan;

/** The bitrate of a transcode when a format was asked for without a limit (the player's Normal). */
export const DEFAULT_TRANSCODE_BITRATE = 160;
/** The lowest bitrate a Subsonic app may ask for; the encoders' own floor is lower, but below this is noise. */
export const SUBSONIC_BITRATE_MIN = 32;

/**
 * The original's average bitrate in kbit/s (file size over duration; tags and covers included, as a download would).
 * 0 for an unknown duration: without it no length can be declared, so only an explicit format transcodes.
 */
export function averageBitrate(source: StreamSource): number {
  return source.duration > 0 ? (source.fileLength * 8) / source.duration / 1000 : 0;
}

/**
 * One rule for the web route and Subsonic's `stream` (docs/streaming.md): an explicit format transcodes to it (unless
 * `raw`); otherwise mp3 only when the limit is below the original's average bitrate, else the original as it is.
 */
export function planStream(source: StreamSource, ask: StreamAsk): StreamPlan {
  if (ask.format === 'raw') return { kind: 'original' };
  const limit = ask.maxBitRate && ask.maxBitRate > 0 ? ask.maxBitRate : null;
  const offset = ask.offset && ask.offset > 0 ? ask.offset : 0;
  if (ask.format) return { kind: 'transcode', format: ask.format, bitrate: limit === null ? DEFAULT_TRANSCODE_BITRATE : Math.min(limit, TRANSCODE_BITRATE_MAX), offset };
  if (limit !== null && limit < averageBitrate(source)) return { kind: 'transcode', format: 'mp3', bitrate: Math.min(limit, TRANSCODE_BITRATE_MAX), offset };
  return { kind: 'original' };
}

/** The web route's `maxBitRate`, `format` and `offset`; null with a message when one is malformed. */
export function webStreamAsk(query: Record<string, unknown>): { ok: true; ask: StreamAsk } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: string) => (typeof query[name] === 'string' && query[name] !== '' ? (query[name] as string) : null);
  let maxBitRate: number | null = null;
  const rawBitRate = text('maxBitRate');
  if (rawBitRate !== null) {
    const value = Number(rawBitRate);
    if (!Number.isInteger(value) || value <= 0) errors.maxBitRate = 'maxBitRate must be a whole number of kbit/s.';
    else maxBitRate = Math.min(TRANSCODE_BITRATE_MAX, Math.max(TRANSCODE_BITRATE_MIN, value));
  }
  const rawFormat = text('format');
  if (rawFormat !== null && !(TRANSCODE_FORMATS as readonly string[]).includes(rawFormat)) errors.format = `format must be one of ${TRANSCODE_FORMATS.join(', ')}.`;
  let offset: number | null = null;
  const rawOffset = text('offset');
  if (rawOffset !== null) {
    const value = Number(rawOffset);
    if (!Number.isFinite(value) || value < 0) errors.offset = 'offset must be a number of seconds, 0 or more.';
    else offset = value;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, ask: { maxBitRate, format: rawFormat as TranscodeFormat | null, offset } };
}

/**
 * Subsonic's parameters, read leniently as apps send odd values: `ogg` is Opus, an unknown format is no format (the limit still
 * applies), a limit under SUBSONIC_BITRATE_MIN is raised to it, 0 means none.
 */
export function subsonicStreamAsk(request: { maxBitRate: number | null; format: string | null; timeOffset: number | null }): StreamAsk {
  // Apps (and the subsonic-api client's types) say `ogg` for Ogg audio: ours is Ogg Opus.
  const asked = request.format === 'ogg' ? 'opus' : request.format;
  const format = asked === 'raw' || (TRANSCODE_FORMATS as readonly string[]).includes(asked ?? '') ? (asked as TranscodeFormat | 'raw') : null;
  const maxBitRate = request.maxBitRate && request.maxBitRate > 0 ? Math.max(SUBSONIC_BITRATE_MIN, Math.round(request.maxBitRate)) : null;
  return { maxBitRate, format, offset: request.timeOffset && request.timeOffset > 0 ? request.timeOffset : null };
}

// Byte <-> time of the CBR MP3 we make: no ID3 or Xing header, so byte b is at b / (bitrate × 125) seconds.

/** Bytes per second of a constant-bitrate stream of `bitrate` kbit/s. */
export function bytesPerSecond(bitrate: number): number {
  return bitrate * 125;
}

/** The Content-Length a transcode declares from the song's duration (seconds after `offset`). */
export function declaredLength(duration: number, bitrate: number, offset = 0): number {
  return Math.round(Math.max(0, duration - offset) * bytesPerSecond(bitrate));
}

/** The second a byte of the CBR MP3 stands at. */
export function secondsAt(byte: number, bitrate: number): number {
  return byte / bytesPerSecond(bitrate);
}
