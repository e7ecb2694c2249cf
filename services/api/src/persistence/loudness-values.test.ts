import { describe, expect, it } from 'vitest';
import { AlbumLoudnessSum, loudnessFromReplayGain, NO_LOUDNESS, packLoudness, songLoudnessOf, subsonicReplayGain, unpackLoudness } from './loudness-values.js';

describe('packed loudness', () => {
  it('keeps loudness and peak to 0.01 dB in one small integer', () => {
    for (const [lufs, peak] of [
      [-14, -1],
      [-23.456, 0.49],
      [-70, -100],
      [-5.01, 3.2],
    ] as const) {
      const packed = packLoudness(lufs, peak);
      expect(Number.isInteger(packed) && packed >= 0 && packed < 2 ** 30).toBe(true);
      const back = unpackLoudness(packed);
      expect(back.lufs).toBeCloseTo(lufs, 2);
      expect(back.peakDb).toBeCloseTo(peak, 2);
    }
  });

  it('clamps what is past either end (silence’s -inf peak)', () => {
    expect(unpackLoudness(packLoudness(-70, Number.NEGATIVE_INFINITY))).toEqual({ lufs: -70, peakDb: -100 });
    expect(unpackLoudness(packLoudness(90, -200))).toEqual({ lufs: 63.83, peakDb: -100 });
  });

  it('answers the API’s shape, null while unmeasured', () => {
    expect(songLoudnessOf(NO_LOUDNESS, NO_LOUDNESS)).toBeNull();
    expect(songLoudnessOf(packLoudness(-12.5, -0.3), NO_LOUDNESS)).toEqual({ track_lufs: -12.5, track_peak_db: -0.3, album_lufs: null, album_peak_db: null });
    expect(songLoudnessOf(packLoudness(-12.5, -0.3), packLoudness(-11, 0.2))).toEqual({ track_lufs: -12.5, track_peak_db: -0.3, album_lufs: -11, album_peak_db: 0.2 });
  });
});

describe('ReplayGain tags', () => {
  it('LUFS = -18 - gain and peak dB = 20·log10(peak)', () => {
    const found = loudnessFromReplayGain({
      replaygain_track_gain: { dB: -3.5, ratio: 0.67 },
      replaygain_track_peak: { dB: 0, ratio: 0.5 },
      replaygain_album_gain: { dB: 2, ratio: 1.58 },
      replaygain_album_peak: { dB: 0, ratio: 1 },
    });
    expect(unpackLoudness(found.track!)).toEqual({ lufs: -14.5, peakDb: -6.02 });
    expect(unpackLoudness(found.album!)).toEqual({ lufs: -20, peakDb: 0 });
  });

  it('takes a gain without its peak as full scale, and nothing without a gain', () => {
    expect(unpackLoudness(loudnessFromReplayGain({ replaygain_track_gain: { dB: 1, ratio: 1.12 } }).track!)).toEqual({ lufs: -19, peakDb: 0 });
    expect(loudnessFromReplayGain({ replaygain_track_peak: { dB: 0, ratio: 0.9 } })).toEqual({});
    expect(loudnessFromReplayGain({})).toEqual({});
  });

  it('gives Subsonic gains toward -18 LUFS and peaks as ratios', () => {
    expect(subsonicReplayGain(null)).toEqual({});
    expect(subsonicReplayGain({ track_lufs: -14.5, track_peak_db: -6.02, album_lufs: null, album_peak_db: null })).toEqual({ trackGain: -3.5, trackPeak: 0.500035 });
    expect(subsonicReplayGain({ track_lufs: -20, track_peak_db: 0, album_lufs: -16, album_peak_db: -1 })).toEqual({ trackGain: 2, trackPeak: 1, albumGain: -2, albumPeak: 0.891251 });
  });
});

describe('album loudness from its tracks', () => {
  it('is the duration-weighted energy mean, with the loudest peak', () => {
    const sum = new AlbumLoudnessSum();
    sum.add(packLoudness(-10, -1), 100);
    sum.add(packLoudness(-20, -3), 300);
    sum.add(NO_LOUDNESS, 1000);
    const expected = 10 * Math.log10((100 * 10 ** -1 + 300 * 10 ** -2) / 400);
    const { lufs, peakDb } = unpackLoudness(sum.packed());
    expect(lufs).toBeCloseTo(expected, 2);
    expect(peakDb).toBe(-1);
  });

  it('equal tracks give their own loudness; none measured gives none', () => {
    const sum = new AlbumLoudnessSum();
    sum.add(packLoudness(-14, -2), 180);
    sum.add(packLoudness(-14, -1.5), 240);
    expect(unpackLoudness(sum.packed())).toEqual({ lufs: -14, peakDb: -1.5 });
    expect(new AlbumLoudnessSum().packed()).toBe(NO_LOUDNESS);
  });
});
