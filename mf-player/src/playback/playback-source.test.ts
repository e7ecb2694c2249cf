import { describe, expect, it } from 'vitest';
import type { SongLoudness } from '@tunafy/contracts';
import type { QueueItem } from '@tunafy/event-bus';
import { catalogItem, hexId } from '../test/fakes';
import { isFastConnection, playbackSource, playsAlbumInOrder, streamUrlFor, type BrowserEnvironment, type ConnectionInfo } from './playback-source';

/** A browser that plays every type but `cannot`, on `connection`. */
function browser(connection: ConnectionInfo | null = null, cannot: string[] = []): BrowserEnvironment & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    canPlay: (type) => {
      asked.push(type);
      return !cannot.includes(type);
    },
    connection: () => connection,
  };
}

const FAST: ConnectionInfo = { effectiveType: '4g', downlink: 10, saveData: false };
const SLOW: ConnectionInfo = { effectiveType: '3g', downlink: 1.2 };
const ALAC = 'audio/mp4; codecs="alac"';

const flac: QueueItem = { ...catalogItem(1), audio_format: 'flac' };
const alac: QueueItem = { ...catalogItem(2), audio_format: 'alac' };
const mp3: QueueItem = catalogItem(3);
const stream = (id: string, query: string) => `/api/songs/${id}/stream?${query}`;

describe('isFastConnection', () => {
  it('is fast on 4g whatever downlink a fresh profile guesses, or when the browser has no Network Information API', () => {
    expect(isFastConnection(null)).toBe(true);
    expect(isFastConnection(FAST)).toBe(true);
    expect(isFastConnection({ effectiveType: '4g' })).toBe(true);
    // What headless Chromium (and a new profile) reports before it has measured anything.
    expect(isFastConnection({ effectiveType: '4g', downlink: 1.45 })).toBe(true);
  });

  it('is slow in data-saver mode or below 4g', () => {
    expect(isFastConnection({ ...FAST, saveData: true })).toBe(false);
    expect(isFastConnection(SLOW)).toBe(false);
    expect(isFastConnection({ effectiveType: 'slow-2g' })).toBe(false);
    expect(isFastConnection({ effectiveType: '3g', downlink: 5 })).toBe(false);
  });
});

describe('streamUrlFor', () => {
  it('plays the stored file for Original, and for Automatic on a fast connection', () => {
    expect(streamUrlFor(flac, 'original', browser(SLOW))).toBe(flac.song_file_url);
    expect(streamUrlFor(flac, 'auto', browser(FAST))).toBe(flac.song_file_url);
    expect(streamUrlFor(flac, 'auto', browser(null))).toBe(flac.song_file_url);
  });

  it('caps the bitrate at the fixed qualities, and at Normal for Automatic on a slow or metered connection', () => {
    expect(streamUrlFor(flac, 'low', browser(FAST))).toBe(stream(flac.id, 'maxBitRate=96'));
    expect(streamUrlFor(flac, 'normal', browser(FAST))).toBe(stream(flac.id, 'maxBitRate=160'));
    expect(streamUrlFor(flac, 'high', browser(FAST))).toBe(stream(flac.id, 'maxBitRate=320'));
    expect(streamUrlFor(flac, 'auto', browser(SLOW))).toBe(stream(flac.id, 'maxBitRate=160'));
    expect(streamUrlFor(flac, 'auto', browser({ ...FAST, saveData: true }))).toBe(stream(flac.id, 'maxBitRate=160'));
  });

  it('asks for an mp3 of a format the browser cannot play, at every quality', () => {
    const chromium = browser(FAST, [ALAC]);
    expect(streamUrlFor(alac, 'original', chromium)).toBe(stream(alac.id, 'maxBitRate=320&format=mp3'));
    expect(streamUrlFor(alac, 'auto', chromium)).toBe(stream(alac.id, 'maxBitRate=320&format=mp3'));
    expect(streamUrlFor(alac, 'high', chromium)).toBe(stream(alac.id, 'maxBitRate=320&format=mp3'));
    expect(streamUrlFor(alac, 'normal', chromium)).toBe(stream(alac.id, 'maxBitRate=160&format=mp3'));
    expect(streamUrlFor(alac, 'low', chromium)).toBe(stream(alac.id, 'maxBitRate=96&format=mp3'));
    expect(streamUrlFor(alac, 'auto', browser(SLOW, [ALAC]))).toBe(stream(alac.id, 'maxBitRate=160&format=mp3'));
    expect(chromium.asked).toContain(ALAC);
  });

  it('plays ALAC as it is in a browser that can (Safari)', () => {
    expect(streamUrlFor(alac, 'original', browser(FAST))).toBe(alac.song_file_url);
  });

  it('treats an item without a format as an mp3, which every browser plays', () => {
    const none = browser(FAST, ['audio/mpeg']);
    expect(streamUrlFor(mp3, 'original', none)).toBe(mp3.song_file_url);
    expect(streamUrlFor(mp3, 'low', none)).toBe(stream(mp3.id, 'maxBitRate=96'));
    expect(none.asked).toEqual([]);
  });

  it('plays a sample song that is not in the catalog (the dev page) from its own URL', () => {
    const sample = { ...mp3, id: 'tone-1', song_file_url: 'blob:tone-1' };
    expect(streamUrlFor(sample, 'low', browser(SLOW))).toBe('blob:tone-1');
  });
});

describe('playsAlbumInOrder', () => {
  const track = { ...catalogItem(4), album_id: hexId(77) };

  it('is true for a song of the album whose page queued it, unshuffled', () => {
    expect(playsAlbumInOrder({ source: `album:${hexId(77)}`, shuffle: false }, track)).toBe(true);
  });

  it('is false shuffled, from another list, for a single, or for a song queued into the album', () => {
    expect(playsAlbumInOrder({ source: `album:${hexId(77)}`, shuffle: true }, track)).toBe(false);
    expect(playsAlbumInOrder({ source: `playlist:${hexId(9)}`, shuffle: false }, track)).toBe(false);
    expect(playsAlbumInOrder({ source: null, shuffle: false }, track)).toBe(false);
    expect(playsAlbumInOrder({ source: `album:${hexId(77)}`, shuffle: false }, { album_id: hexId(78) })).toBe(false);
    expect(playsAlbumInOrder({ source: 'album:null', shuffle: false }, { album_id: null })).toBe(false);
  });
});

describe('playbackSource', () => {
  const loudness: SongLoudness = { track_lufs: -8, track_peak_db: -0.5, album_lufs: -10, album_peak_db: -0.2 };
  const loud: QueueItem = { ...flac, loudness };

  it('gives the URL and the track or album gain of the Normal or Loud level', () => {
    expect(playbackSource(loud, { quality: 'low', normalization: 'normal' }, browser(FAST), false)).toEqual({ url: stream(flac.id, 'maxBitRate=96'), gainDb: -6 });
    expect(playbackSource(loud, { quality: 'original', normalization: 'normal' }, browser(FAST), true)).toEqual({ url: flac.song_file_url, gainDb: -4 });
    // Loud aims at -11 LUFS: a quiet track wants +9 dB, but its peak at -6 dBTP allows only +5 under the -1 dB ceiling.
    const quiet: QueueItem = { ...flac, loudness: { track_lufs: -20, track_peak_db: -6, album_lufs: null, album_peak_db: null } };
    expect(playbackSource(quiet, { quality: 'original', normalization: 'loud' }, browser(FAST), true).gainDb).toBe(5);
  });

  it('is 0 dB when off or when the song is not measured yet', () => {
    expect(playbackSource(loud, { quality: 'auto', normalization: 'off' }, browser(FAST), false).gainDb).toBe(0);
    expect(playbackSource({ ...flac, loudness: null }, { quality: 'auto', normalization: 'loud' }, browser(FAST), false).gainDb).toBe(0);
    expect(playbackSource(flac, { quality: 'auto', normalization: 'normal' }, browser(FAST), false).gainDb).toBe(0);
  });
});
