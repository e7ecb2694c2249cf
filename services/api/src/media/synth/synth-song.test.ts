import { parseBuffer } from 'music-metadata';
import { beforeAll, describe, expect, it } from 'vitest';
import { mp3Frames } from './mp3-frames.js';
import { synthesizeSong, synthesizeSongOfSize } from './synth-song.js';

const FRAME_SECONDS = 1152 / 44100;

async function mpegInfo(mp3: Buffer) {
  const { format } = await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true });
  return format;
}

describe('synthesizeSong', () => {
  // lamejs is the slow part (~1 s per 25 s of audio here), so each song is generated once.
  let twentySeconds: Buffer;
  beforeAll(() => {
    twentySeconds = synthesizeSong({ seed: 1, seconds: 20 });
  });

  it('produces an MPEG-1 Layer III stream of the requested length', async () => {
    const startsWithSync = twentySeconds[0] === 0xff && ((twentySeconds[1] as number) & 0xe0) === 0xe0;
    const startsWithId3 = twentySeconds.subarray(0, 3).toString('latin1') === 'ID3';
    expect(startsWithSync || startsWithId3).toBe(true);

    const format = await mpegInfo(twentySeconds);
    expect(format.container).toBe('MPEG');
    expect(format.codec).toBe('MPEG 1 Layer 3');
    expect(format.sampleRate).toBe(44100);
    expect(format.bitrate).toBe(128_000);
    expect(Math.abs((format.duration ?? 0) - 20)).toBeLessThan(0.2);
  });

  it('is a clean run of frames that do not borrow bits from each other', () => {
    const frames = mp3Frames(twentySeconds);
    expect(frames.reduce((sum, frame) => sum + frame.length, 0)).toBe(twentySeconds.length);
    // synthesizeSongOfSize repeats frames; that is only valid while lamejs keeps
    // the bit reservoir off, i.e. every frame's main_data_begin is 0.
    for (const { offset } of frames) {
      const mainDataBegin = ((twentySeconds[offset + 4] as number) << 1) | ((twentySeconds[offset + 5] as number) >> 7);
      expect(mainDataBegin).toBe(0);
    }
  });

  it('is not silence', () => {
    // Silent frames at 128 kbps are almost all zero bytes; music is not.
    const body = twentySeconds.subarray(twentySeconds.length / 2, twentySeconds.length / 2 + 4096);
    const distinct = new Set(body).size;
    expect(distinct).toBeGreaterThan(200);
  });

  it('gives identical bytes for the same seed and different bytes for another', () => {
    const a = synthesizeSong({ seed: 7, seconds: 3 });
    const b = synthesizeSong({ seed: 7, seconds: 3 });
    const c = synthesizeSong({ seed: 8, seconds: 3 });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('rejects settings it cannot produce', () => {
    expect(() => synthesizeSong({ seed: 1, seconds: 0 })).toThrow(RangeError);
    expect(() => synthesizeSong({ seed: 1.5, seconds: 5 })).toThrow(RangeError);
    expect(() => synthesizeSong({ seed: 1, seconds: 5, sampleRate: 48000 as 44100 })).toThrow(RangeError);
  });
});

describe('synthesizeSongOfSize', () => {
  it('fills the target size with whole frames that still parse as one long MP3', async () => {
    const target = 5 * 1024 * 1024;
    const mp3 = synthesizeSongOfSize(target, 3, 8);
    expect(mp3.length).toBeLessThanOrEqual(target);
    expect(mp3.length).toBeGreaterThan(target - 418);

    const frames = mp3Frames(mp3);
    const format = await mpegInfo(mp3);
    expect(format.codec).toBe('MPEG 1 Layer 3');
    expect(Math.abs((format.duration ?? 0) - frames.length * FRAME_SECONDS)).toBeLessThan(0.1);
    expect(format.duration).toBeGreaterThan(300);
  });

  it('refuses a target smaller than one frame', () => {
    expect(() => synthesizeSongOfSize(416, 3, 2)).toThrow(RangeError);
  });
});
