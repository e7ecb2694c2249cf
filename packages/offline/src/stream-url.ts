/**
 * Which URL a song's audio is read from at a Streaming quality: the player plays it, the downloader stores it
 * (docs/streaming.md, In the player; docs/offline.md). One rule in one place, so a download holds exactly what the
 * player would have streamed. Pure over the song, the quality and what the browser says; `browserEnvironment()` asks
 * the real browser.
 */
import { AUDIO_FORMAT_INFO, QUALITY_BITRATES, songStreamUrl, type AudioFormat, type StreamQuality } from '@tunafy/contracts';

/** The API's song ids (MongoDB ObjectIds); anything else (a dev page's sample) is never sent to it. */
export const SONG_ID_PATTERN = /^[0-9a-f]{24}$/i;

/** The part of the Network Information API the rule reads (Chromium only; other browsers have none). */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
  /** Mbit/s, when the browser tells. */
  downlink?: number;
}

export interface BrowserEnvironment {
  /** `canPlayType` of an <audio> element said "maybe" or "probably". */
  canPlay(type: string): boolean;
  /** null where the browser has no `navigator.connection`. */
  connection(): ConnectionInfo | null;
}

/** What a song needs for the rule: a queue item or a Song. */
export interface StreamableSong {
  id: string;
  song_file_url: string;
  audio_format?: AudioFormat;
}

/** What the player asks for when the browser cannot play the original: mp3 maps bytes to time, so seeking by Range works. */
const FALLBACK_BITRATE = QUALITY_BITRATES.high;

/**
 * Fast: not in data-saver mode and "4g" (Chromium's class for ≥ 700 kbit/s and a short round trip). `downlink` is not
 * read: Chromium starts a fresh profile at about 1.45 Mbit/s until it has measured real traffic, which would put every
 * new listener on Normal. No API to ask counts as fast.
 */
export function isFastConnection(connection: ConnectionInfo | null): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType === undefined || connection.effectiveType === '4g';
}

/** The bitrate a quality caps at; null for the original file. Automatic is Original when fast, else Normal. */
function qualityBitrate(quality: StreamQuality, fast: boolean): number | null {
  if (quality === 'original' || (quality === 'auto' && fast)) return null;
  return quality === 'auto' ? QUALITY_BITRATES.normal : QUALITY_BITRATES[quality];
}

/** A song without a format came from the single-song form, which only takes mp3. */
const formatOf = (item: Pick<StreamableSong, 'audio_format'>): AudioFormat => item.audio_format ?? 'mp3';

/**
 * The URL to load for `item`: the stored file for Original (or Automatic on a fast connection), the stream capped
 * at the quality's bitrate otherwise (the API sends the original when it is already under it), and an mp3
 * transcode of a format this browser cannot play (ALAC in Chromium, Ogg in older Safari) whatever the setting.
 */
export function streamUrlFor(item: StreamableSong, quality: StreamQuality, environment: BrowserEnvironment): string {
  // A dev page's sample songs are not in the catalog: only their own file exists.
  if (!SONG_ID_PATTERN.test(item.id)) return item.song_file_url;
  const format = formatOf(item);
  const bitrate = qualityBitrate(quality, isFastConnection(environment.connection()));
  if (format !== 'mp3' && !environment.canPlay(AUDIO_FORMAT_INFO[format].canPlayType)) {
    return songStreamUrl(item.id, { format: 'mp3', maxBitRate: bitrate ?? FALLBACK_BITRATE });
  }
  return bitrate === null ? item.song_file_url : songStreamUrl(item.id, { maxBitRate: bitrate });
}

type NavigatorWithConnection = Navigator & { connection?: ConnectionInfo };

/** The real browser: one <audio> element asked once per type, and `navigator.connection` read each time (it changes). */
export function browserEnvironment(): BrowserEnvironment {
  const answers = new Map<string, boolean>();
  let probe: HTMLAudioElement | null = null;
  return {
    canPlay(type) {
      let answer = answers.get(type);
      if (answer === undefined) {
        // Without an Audio element (very old engines) nothing is transcoded that might have played.
        probe ??= typeof document === 'undefined' ? null : document.createElement('audio');
        answer = probe ? probe.canPlayType(type) !== '' : true;
        answers.set(type, answer);
      }
      return answer;
    },
    connection: () => (typeof navigator === 'undefined' ? null : ((navigator as NavigatorWithConnection).connection ?? null)),
  };
}
