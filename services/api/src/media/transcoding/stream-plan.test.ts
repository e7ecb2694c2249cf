import { describe, expect, it } from 'vitest';
import { ffmpegArgs } from './ffmpeg.js';
import { averageBitrate, bytesPerSecond, declaredLength, planStream, secondsAt, subsonicStreamAsk, webStreamAsk } from './stream-plan.js';

// A 4-minute FLAC of ~1000 kbit/s and a 4-minute MP3 of 128 kbit/s (files sizes as stored).
const flac = { duration: 240, fileLength: 30_000_000 };
const mp3 = { duration: 240, fileLength: 3_840_000 };

describe('planStream', () => {
  it('sends the original when nothing is asked or the limit is at or over its average bitrate', () => {
    expect(averageBitrate(mp3)).toBe(128);
    expect(planStream(mp3, { maxBitRate: null, format: null, offset: null })).toEqual({ kind: 'original' });
    expect(planStream(mp3, { maxBitRate: 128, format: null, offset: null })).toEqual({ kind: 'original' });
    expect(planStream(mp3, { maxBitRate: 320, format: null, offset: null })).toEqual({ kind: 'original' });
    expect(planStream(flac, { maxBitRate: 0, format: null, offset: null })).toEqual({ kind: 'original' });
  });

  it('transcodes to mp3 at the limit when the original is above it, capped at 320', () => {
    expect(planStream(mp3, { maxBitRate: 96, format: null, offset: null })).toEqual({ kind: 'transcode', format: 'mp3', bitrate: 96, offset: 0 });
    expect(planStream(flac, { maxBitRate: 500, format: null, offset: null })).toEqual({ kind: 'transcode', format: 'mp3', bitrate: 320, offset: 0 });
  });

  it('transcodes to an explicit format even when the original would do, at 160 without a limit', () => {
    expect(planStream(mp3, { maxBitRate: null, format: 'opus', offset: null })).toEqual({ kind: 'transcode', format: 'opus', bitrate: 160, offset: 0 });
    expect(planStream(mp3, { maxBitRate: 320, format: 'mp3', offset: 12.5 })).toEqual({ kind: 'transcode', format: 'mp3', bitrate: 320, offset: 12.5 });
  });

  it('sends the original for raw whatever the limit', () => {
    expect(planStream(flac, { maxBitRate: 96, format: 'raw', offset: 30 })).toEqual({ kind: 'original' });
  });

  it('transcodes a song of unknown duration only when asked for a format', () => {
    expect(planStream({ duration: 0, fileLength: 1000 }, { maxBitRate: 96, format: null, offset: null })).toEqual({ kind: 'original' });
  });
});

describe('the web query', () => {
  it('clamps maxBitRate to 96–320 and reads format and offset', () => {
    expect(webStreamAsk({ maxBitRate: '64', format: 'aac', offset: '3.5' })).toEqual({ ok: true, ask: { maxBitRate: 96, format: 'aac', offset: 3.5 } });
    expect(webStreamAsk({ maxBitRate: '1000' })).toEqual({ ok: true, ask: { maxBitRate: 320, format: null, offset: null } });
    expect(webStreamAsk({})).toEqual({ ok: true, ask: { maxBitRate: null, format: null, offset: null } });
  });

  it('refuses malformed values field by field (raw is for Subsonic apps only)', () => {
    const result = webStreamAsk({ maxBitRate: 'fast', format: 'raw', offset: '-1' });
    expect(result.ok).toBe(false);
    expect(Object.keys((result as { errors: Record<string, string> }).errors).sort()).toEqual(['format', 'maxBitRate', 'offset']);
  });
});

describe('the Subsonic parameters', () => {
  it('reads leniently: 0 is no limit, an unknown format is none, tiny limits are raised', () => {
    expect(subsonicStreamAsk({ maxBitRate: 0, format: 'raw', timeOffset: null })).toEqual({ maxBitRate: null, format: 'raw', offset: null });
    expect(subsonicStreamAsk({ maxBitRate: 8, format: 'flac', timeOffset: 20 })).toEqual({ maxBitRate: 32, format: null, offset: 20 });
    expect(subsonicStreamAsk({ maxBitRate: 96, format: 'opus', timeOffset: 0 })).toEqual({ maxBitRate: 96, format: 'opus', offset: null });
    expect(subsonicStreamAsk({ maxBitRate: null, format: 'ogg', timeOffset: null })).toEqual({ maxBitRate: null, format: 'opus', offset: null });
  });
});

describe('byte <-> time of the CBR MP3', () => {
  it('maps bytes to seconds at bitrate × 125 bytes a second', () => {
    expect(bytesPerSecond(160)).toBe(20_000);
    expect(secondsAt(3_600_000, 160)).toBe(180);
    expect(secondsAt(0, 96)).toBe(0);
  });

  it('declares duration × bitrate × 125 bytes, from an offset too, rounded', () => {
    expect(declaredLength(360, 320)).toBe(14_400_000);
    expect(declaredLength(200.5, 96)).toBe(2_406_000);
    expect(declaredLength(10.00001, 128)).toBe(160_000);
    expect(declaredLength(360, 128, 10)).toBe(5_600_000);
    expect(declaredLength(5, 128, 10)).toBe(0);
  });
});

describe('ffmpegArgs', () => {
  it('makes stereo CBR MP3 at 44.1 kHz without tags, cover or Xing frame, seeking on the input, probing little, flushing each packet', () => {
    const args = ffmpegArgs('/cache/abc', 'mp3', 160, 180);
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args.join(' ')).toContain('-probesize 32768 -analyzeduration 0 -ss 180.000 -i /cache/abc -map 0:a:0 -vn -map_metadata -1 -ac 2 -c:a libmp3lame -b:a 160k -ar 44100 -write_xing 0 -id3v2_version 0 -f mp3 -flush_packets 1 pipe:1');
    expect(ffmpegArgs('/cache/abc', 'opus', 96, 0)).not.toContain('-ss');
    expect(ffmpegArgs('/cache/abc', 'aac', 96, 0).join(' ')).toContain('-c:a aac -b:a 96k -f adts -flush_packets 1 pipe:1');
  });
});
