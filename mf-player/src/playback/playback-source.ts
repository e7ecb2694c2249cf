/**
 * What the player loads for a queue item and how loud it plays it: the URL (the stored file, or the API's
 * transcoding stream at the Streaming quality the settings and the connection allow) and the normalization gain
 * (docs/streaming.md, In the player). Pure functions over the item, the settings and what the browser says, so the
 * rule is tested without a browser.
 */
import { normalizationGainDb } from '@tunafy/contracts';
import type { QueueItem } from '@tunafy/event-bus';
import { streamUrlFor, type BrowserEnvironment } from '@tunafy/offline';
import type { QueueState } from '../queue/queue';
import type { PlaybackSettings } from './playback-settings';

// The URL rule is shared with the downloader (a download holds what the player would stream): docs/offline.md.
export { browserEnvironment, isFastConnection, streamUrlFor, type BrowserEnvironment, type ConnectionInfo } from '@tunafy/offline';

/**
 * Album gain applies while the queue plays an album in order: it came from that album's page (`album:<id>`), is
 * not shuffled, and the song is one of that album's (a song queued into it by "Play next" is not).
 */
export function playsAlbumInOrder(queue: Pick<QueueState, 'source' | 'shuffle'>, item: Pick<QueueItem, 'album_id'>): boolean {
  return !queue.shuffle && item.album_id !== null && queue.source === `album:${item.album_id}`;
}

export interface PlaybackSource {
  url: string;
  /** The normalization gain for this song, dB (0 when off or unmeasured). */
  gainDb: number;
}

export function playbackSource(item: QueueItem, settings: PlaybackSettings, environment: BrowserEnvironment, useAlbum: boolean): PlaybackSource {
  return { url: streamUrlFor(item, settings.quality, environment), gainDb: normalizationGainDb(item.loudness, settings.normalization, useAlbum) };
}
