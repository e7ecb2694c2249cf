// No zod here: the player imports this on its first screen (see audio-formats.ts for why).

/**
 * Streaming quality and loudness (docs/streaming.md). The web player and the Subsonic `stream` call share one rule on
 * the server: `maxBitRate` caps the bitrate (the original is sent when it is already at or under it, in a format the
 * client said it plays), `format` forces a transcode target.
 */

/** The player's Streaming quality setting, kept per device. */
export const STREAM_QUALITIES = ['auto', 'low', 'normal', 'high', 'original'] as const;
export type StreamQuality = (typeof STREAM_QUALITIES)[number];

export const STREAM_QUALITY_LABELS: Record<StreamQuality, string> = {
  auto: 'Automatic',
  low: 'Low (96 kbit/s)',
  normal: 'Normal (160 kbit/s)',
  high: 'High (320 kbit/s)',
  original: 'Original',
};

/** kbit/s of each fixed quality; Automatic picks Original or Normal from the connection. */
export const QUALITY_BITRATES = { low: 96, normal: 160, high: 320 } as const;

/** What a transcode may aim at. The web player always asks for mp3 (its bytes map to time: docs/streaming.md). */
export const TRANSCODE_FORMATS = ['mp3', 'opus', 'aac'] as const;
export type TranscodeFormat = (typeof TRANSCODE_FORMATS)[number];

export const TRANSCODE_CONTENT_TYPES: Record<TranscodeFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
};

export const TRANSCODE_BITRATE_MIN = 96;
export const TRANSCODE_BITRATE_MAX = 320;

/**
 * `GET /api/songs/{id}/stream`: the song's audio for the web player.
 * - `maxBitRate` (kbit/s, 96–320): the original when its own average bitrate is at or under it, else a transcode;
 * - `format`: transcode to this even when the original would do (the browser cannot play the original, e.g. ALAC);
 * - `offset` (seconds): start there (a new transcode; only for clients that cannot seek by Range).
 */
export interface StreamQuery {
  maxBitRate?: number;
  format?: TranscodeFormat;
  offset?: number;
}

export function songStreamUrl(songId: string, query: StreamQuery): string {
  const params = new URLSearchParams();
  if (query.maxBitRate !== undefined) params.set('maxBitRate', String(query.maxBitRate));
  if (query.format !== undefined) params.set('format', query.format);
  if (query.offset !== undefined && query.offset > 0) params.set('offset', String(query.offset));
  const search = params.toString();
  return `/api/songs/${songId}/stream${search ? `?${search}` : ''}`;
}

/** The player's Volume normalization setting, kept per device (Spotify's levels). */
export const NORMALIZATION_LEVELS = ['off', 'normal', 'loud'] as const;
export type NormalizationLevel = (typeof NORMALIZATION_LEVELS)[number];

export const NORMALIZATION_LABELS: Record<NormalizationLevel, string> = {
  off: 'Off',
  normal: 'Normal',
  loud: 'Loud',
};

/** Integrated loudness each level aims at (LUFS); the gain never lifts a true peak above NORMALIZATION_PEAK_CEILING_DB. */
export const NORMALIZATION_TARGET_LUFS: Record<Exclude<NormalizationLevel, 'off'>, number> = { normal: -14, loud: -11 };
export const NORMALIZATION_PEAK_CEILING_DB = -1;

/**
 * A song's measured loudness (EBU R128 by ffmpeg, or converted from ReplayGain tags: LUFS = -18 - gain dB,
 * peak dB = 20·log10(peak)). Absent until measured.
 */
export interface SongLoudness {
  /** Integrated loudness of the track, LUFS. */
  track_lufs: number;
  /** True peak of the track, dBTP (sample peak when it came from ReplayGain tags). */
  track_peak_db: number;
  /** The album's loudness, LUFS: from album gain tags, or from its measured tracks; null for a single. */
  album_lufs: number | null;
  /** The album's loudest peak, dBTP; null with album_lufs. */
  album_peak_db: number | null;
}

/**
 * The gain (dB) that brings a song toward the level's target without clipping: the track's or (playing an album in
 * order) the album's loudness, capped so the peak stays under the ceiling. 0 when off or unmeasured.
 */
export function normalizationGainDb(loudness: SongLoudness | null | undefined, level: NormalizationLevel, useAlbum: boolean): number {
  if (!loudness || level === 'off') return 0;
  const album = useAlbum && loudness.album_lufs !== null && loudness.album_peak_db !== null;
  const lufs = album ? (loudness.album_lufs as number) : loudness.track_lufs;
  const peak = album ? (loudness.album_peak_db as number) : loudness.track_peak_db;
  const wanted = NORMALIZATION_TARGET_LUFS[level] - lufs;
  return Math.min(wanted, NORMALIZATION_PEAK_CEILING_DB - peak);
}
